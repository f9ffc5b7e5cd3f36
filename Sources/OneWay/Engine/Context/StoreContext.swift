#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a store's work runs inside: values captured where the store was created, that every
/// reduce and every effect of the store sees, whichever task, actor or thread later sends
/// (OneWayDependencies' dependencies, rule K1).
///
/// The engine names nothing of what a context holds. A root engine asks for one when it is
/// made (see ``StoreContexts``), and runs each of its entry points inside it: a front door's
/// `send`, `bind()` and `reset()`, and every hop of an effect's task back onto the store. An
/// effect task that the engine starts inside the context inherits it. A store without a
/// context pays one check of a field per `send`.
@usableFromInline
package protocol StoreContext: AnyObject, Sendable {
  /// Runs `body` with the context in force: a reduce, or the start of an effect's work.
  func run<T>(_ body: () -> T) -> T

  /// Runs asynchronous `body` with the context in force: the work of an effect.
  func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T
}

/// What a product that supplies contexts provides: the context of a store being made, from
/// what is in force where it is made; `nil` when the store needs none.
package protocol StoreContextSource: Sendable {
  /// The context of a new root store of `reducer` (its type), whose clock is `clock` (`nil`
  /// for the default clock).
  static func contextForNewStore(of reducer: Any.Type, clock: (any Clock<Duration>)?)
    -> (any StoreContext)?
}

/// How the engine finds the product that supplies contexts.
///
/// OneWay depends on no other product: OneWayDependencies declares a type that conforms to
/// ``StoreContextSource``, and OneWay finds it by its name in the runtime's type metadata,
/// which every linked module registers, as it finds OneWayTesting (see `MisuseReporter`). A
/// process that does not link OneWayDependencies makes no context, and its stores take none.
///
/// In a debug build, `ONEWAY_NO_STORE_CONTEXTS` in the environment turns the lookup off, so
/// that the one test bundle, which links OneWayDependencies, also runs the suite as a process
/// without it does (CI's second run of the suite).
package enum StoreContexts {
  private static let source: (any StoreContextSource.Type)? = {
    #if DEBUG
    if getenv("ONEWAY_NO_STORE_CONTEXTS") != nil { return nil }
    #endif
    return _typeByName("18OneWayDependencies23DependencyContextSourceV")
      as? any StoreContextSource.Type
  }()

  /// The context of a new root store whose clock is `clock`, if a linked product supplies one.
  package static func forNewStore<R, C: Clock<Duration>>(of reducer: R.Type, clock: C)
    -> (any StoreContext)?
  {
    source?.contextForNewStore(of: reducer, clock: ownClock(clock))
  }

  /// A store's clock when it has one of its own; `nil` for the default `ContinuousClock`.
  package static func ownClock<C: Clock<Duration>>(_ clock: C) -> (any Clock<Duration>)? {
    C.self == ContinuousClock.self ? nil : clock
  }
}

extension StoreEngine {
  /// Runs `body` inside the store's context, if it has one.
  @inlinable @inline(__always)
  func withContext<T>(_ body: () -> T) -> T {
    guard let context else { return body() }
    return context.context.run(body)
  }
}

/// A store's context, in one word of its engine.
@usableFromInline
final class StoreContextBox: Sendable {
  @usableFromInline let context: any StoreContext

  init(_ context: any StoreContext) {
    self.context = context
  }
}
