#if Combine
extension ViewStore {
  /// The view store's states, as a Combine publisher: each subscriber receives the current
  /// state at once, then every state that differs from the one before it, on the main actor,
  /// before the `send` that caused it returns.
  ///
  /// ```swift
  /// store.publisher.number
  ///   .sink { number in label.text = "\(number)" }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The publisher is fed by one subscription to the store (`subscribe(\.self)`), which ends
  /// when the publisher and all its subscriptions are gone. Subscribe on the main actor.
  public var publisher: StorePublisher<State> {
    let relay = StateRelay<State>(lock: EngineLock(), current: nil)
    let subscription = subscribe(\.self) { [weak relay] state in relay?.publish(state) }
    relay.keep(subscription)
    return StorePublisher(relay)
  }
}
#endif
