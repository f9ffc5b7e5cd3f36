/// A value at a subscribed key path, compared and delivered by the engine.
struct SubscribedValue<Value>: @unchecked Sendable {
  // @unchecked: it is read from the state, compared with the previous value and handed to the
  // subscriber only under the store's lock, while the engine notifies its subscribers.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

extension SubscribedValue: Equatable where Value: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

/// A subscriber's closure, called by the engine.
struct Subscriber<Value>: @unchecked Sendable {
  // @unchecked: the engine calls it only under the store's lock (at once in `subscribe`, then
  // while notifying after a reduce), so it never runs on two threads at once.
  let onNext: (Value) -> Void

  @Sendable func receive(_ subscribed: SubscribedValue<Value>) {
    onNext(subscribed.value)
  }
}
