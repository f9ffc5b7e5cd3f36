#if Dependencies
import Dependencies
import OneWay

/// swift-dependencies' values, as the context a store's work runs inside (K1): every
/// reduce, and every hop of an effect's task back onto the store, sees them as
/// `DependencyValues._current`, and every task the store starts from there inherits them.
package final class DependencyContext: StoreContext {
  package let values: DependencyValues

  package init(_ values: DependencyValues) {
    self.values = values
  }

  package func run<T>(_ body: () -> T) -> T {
    DependencyValues.$_current.withValue(values, operation: body)
  }

  package func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await DependencyValues.$_current.withValue(values, operation: body)
  }

  /// The context of a new store of `reducer`: the values in force here, with the store's
  /// clock as `\.continuousClock` when it has one of its own (so that a test sets one
  /// `TestClock` for both), then `update` applied.
  package static func forStore(
    of reducer: Any.Type,
    clock: (any Clock<Duration>)?,
    update: (inout DependencyValues) -> Void = { _ in }
  ) -> DependencyContext {
    UnimplementedDependencyReporting.install()
    let values = withDependencies {
      $0[StoreNameKey.self] = String(describing: reducer)
      if let clock { $0.continuousClock = clock }
      update(&$0)
    } operation: {
      DependencyValues._current
    }
    return DependencyContext(values)
  }
}

/// How OneWay finds this product: a root store made in a process that links it captures the
/// values in force where it is made (`StoreContexts`, in OneWay, finds this type by its name).
/// Package, not internal: nothing calls it, and an optimised build drops unused internal types.
package struct DependencyContextSource: StoreContextSource {
  package static func contextForNewStore(
    of reducer: Any.Type,
    clock: (any Clock<Duration>)?
  ) -> (any StoreContext)? {
    DependencyContext.forStore(of: reducer, clock: clock)
  }
}

/// The name of the store whose work is running, for the report of a dependency it used
/// without a test value.
enum StoreNameKey: DependencyKey {
  static let liveValue = "a store"
  static let testValue = "a store"
}
#endif
