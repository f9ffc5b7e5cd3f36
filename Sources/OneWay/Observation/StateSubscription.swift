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

/// The closure of a subscription to values of type `Value`.
final class ValueSubscriptionBox<Value>: SubscriptionBox {
  private let lock = EngineLock()
  // Read and written only while holding `lock`.
  private nonisolated(unsafe) var onChange: (@Sendable (Value) -> Void)?

  init(_ onChange: @escaping @Sendable (Value) -> Void) {
    self.onChange = onChange
  }

  /// Calls the closure; returns `false` once the subscription has ended.
  func call(_ value: Value) -> Bool {
    guard let onChange = lock.withLock({ onChange }) else { return false }
    onChange(value)
    return true
  }

  var isCancelled: Bool {
    lock.withLock { onChange == nil }
  }

  func cancel() -> Bool {
    lock.withLock {
      defer { onChange = nil }
      return onChange != nil
    }
  }
}
