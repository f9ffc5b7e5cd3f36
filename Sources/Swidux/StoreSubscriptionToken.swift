import OneWay

/// A subscription made by ``Store/subscribe(_:onNext:)``; keep it as long as the subscriber
/// should be told.
///
/// ```swift
/// final class CounterViewController {
///   private var token: StoreSubscriptionToken?
///
///   func bind(to store: Store<AppState>) {
///     token = store.subscribe(\.count) { print($0) }
///   }
/// }
/// ```
///
/// When the token is deinitialized, from any thread, the subscription ends at once: its
/// closure is released and never called again, and the store keeps nothing of it.
public final class StoreSubscriptionToken: Sendable {
  private let subscription: StateSubscription
  /// The store's lock: ending the subscription while holding it waits for a notification in
  /// progress on another thread, so that none can call the closure after the deinit.
  private let lock: EngineLock

  init(_ subscription: StateSubscription, lock: EngineLock) {
    self.subscription = subscription
    self.lock = lock
  }

  deinit {
    lock.withLock { subscription.cancel() }
  }
}
