/// A value that a way moves only while holding its lock: the way's actions and states, which
/// OneWay 1.x never required to be `Sendable`.
///
/// The engine requires `Sendable` actions and states because an actor store hands them across
/// isolation domains. A way's engine is isolated by the way's lock instead: every read and
/// write of its state and queue, every reduce, and every emission of a side way happens while
/// holding that lock, so the engine never touches one of these values from two threads at
/// once (tested under the thread sanitizer by `w2EightThreadsSendTenThousandActionsEach`). What
/// user code does with a value outside the way is the user's business, as it was in 1.x.
@usableFromInline
struct LockIsolated<Value>: @unchecked Sendable {
  @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value
  }
}

/// A Combine value (a publisher, a cancellable, a promise) carried into a `@Sendable` closure.
///
/// Combine's types predate `Sendable` and are not marked, but the ones carried here are used
/// from one thread at a time (a publisher is subscribed once per side way) or are documented as
/// thread-safe (a `Future`'s promise, `AnyCancellable.cancel()`, a subject's `send`); the thread
/// sanitizer runs over every use in `OneWayCombineTests`.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// A weak reference that `@Sendable` closures can carry: set once, when it is made, and only
/// loaded afterwards, which the runtime does atomically.
final class WeakReference: @unchecked Sendable {
  private(set) weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
