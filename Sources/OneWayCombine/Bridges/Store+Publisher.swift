#if Combine
extension Store {
  /// The store's states, as a Combine publisher: each subscriber receives the current state,
  /// then every state that differs from the one before it, on the store's actor.
  ///
  /// ```swift
  /// store.publisher.number
  ///   .sink { number in print(number) }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The store is an actor, so the publisher subscribes to it (`subscribe(\.self)`) from a
  /// task: the first state arrives after one hop, and from then on every change arrives
  /// before the `send` that caused it returns. That subscription ends when the publisher and
  /// all its subscriptions are gone; it does not keep the store alive.
  public nonisolated var publisher: StorePublisher<State> {
    let relay = StateRelay<State>(lock: EngineLock(), current: nil)
    Task { [weak self, weak relay] in
      guard let self, relay != nil else { return }
      let subscription = await subscribe(\.self) { [weak relay] state in relay?.publish(state) }
      if let relay { relay.keep(subscription) } else { subscription.cancel() }
    }
    return StorePublisher(relay)
  }
}
#endif
