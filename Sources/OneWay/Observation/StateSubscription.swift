#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A subscription to one property of a store's state, made by `store.subscribe(_:_:)`.
///
/// Keep it as long as the closure should be called: the subscription ends when it is
/// cancelled or deinitialized, after which the closure is never called again and the store
/// keeps nothing of it.
///
/// ```swift
/// let subscription = viewStore.subscribe(\.number) { number in
///   label.text = "\(number)"
/// }
/// // later
/// subscription.cancel()
/// ```
public final class StateSubscription: Sendable {
  let box: any SubscriptionBox
  let onCancel: @Sendable () -> Void

  init(box: any SubscriptionBox, onCancel: @escaping @Sendable () -> Void) {
    self.box = box
    self.onCancel = onCancel
  }

  deinit {
    cancel()
  }

  /// Ends the subscription: the closure is released at once and never called again.
  public func cancel() {
    if box.cancel() { onCancel() }
  }
}

/// The closure of a subscription, released the moment its subscription is cancelled, from
/// whatever thread that happens on.
protocol SubscriptionBox: Sendable {
  /// Releases the closure; returns `true` the first time.
  func cancel() -> Bool
}

/// A subscription to values of type `Value`: the closure, and the value it was last given.
///
/// The engine compares each committed value with ``last`` on the store's isolation, without
/// any lock (S4); only a changed value takes the box's lock, to fetch the closure, which a
/// cancel on another thread may be releasing at the same moment (S3). The lock is a plain
/// mutex, held only while the closure is fetched or taken out, never while it runs or is
/// released: code that the closure runs, or that its captures' deinits run, may cancel again.
@usableFromInline
final class ValueSubscriptionBox<Value: Equatable>: SubscriptionBox, SubscriberLifetime,
  @unchecked Sendable
{
  // Inlinable (`receive`, `call`): every change of a subscribed value, compiled for the client's
  // value.
  // @unchecked: `onChange` is read and written only while holding `mutex`; `last` only on the
  // store's isolation (by the engine's subscriber and its first call at subscription), which
  // is never on two threads at once.

  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline @exclusivity(unchecked) var onChange: ((Value) -> Void)?
  @usableFromInline @exclusivity(unchecked) var last: Value

  /// - Parameters:
  ///   - current: The value that the subscription is told of first.
  ///   - onChange: The subscription's closure, called only on the store's isolation; it may
  ///     be released on any thread.
  @usableFromInline
  init(current: Value, _ onChange: @escaping (Value) -> Void) {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    self.onChange = onChange
    last = current
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Calls the closure with `value` if it differs from the last value; returns `false` once the
  /// subscription has ended.
  @inlinable @inline(__always)
  func receive(_ value: Value) -> Bool {
    if value == last { return true }
    last = value
    return call(value)
  }

  /// Calls the closure; returns `false` once the subscription has ended.
  @inlinable
  func call(_ value: Value) -> Bool {
    pthread_mutex_lock(mutex)
    let onChange = self.onChange
    pthread_mutex_unlock(mutex)
    guard let onChange else { return false }
    onChange(value)
    return true
  }

  @usableFromInline
  var isCancelled: Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return onChange == nil
  }

  func cancel() -> Bool {
    pthread_mutex_lock(mutex)
    let onChange = self.onChange
    self.onChange = nil
    pthread_mutex_unlock(mutex)
    // Released here, outside the lock: what it captured may cancel this subscription again.
    return onChange != nil
  }
}
