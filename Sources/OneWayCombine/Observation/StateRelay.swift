#if Combine
/// The Combine face of a store's state: a publisher that gives each new subscriber the current
/// state, then every state it is told about, in the manner of `CurrentValueSubject`.
///
/// It does no comparing of its own: it passes on every state it is told about. A store tells it
/// only about states that differ from the one before (O2); a way, about the state after every
/// reduce, equal or not (W3). Everything it does happens while holding `lock`; for a way that is
/// the way's own lock, so a subscriber is told about states in the order they were reduced, from
/// inside the `send` that reduced them, and subscribing, reading `state` or sending from a
/// subscriber cannot deadlock against the way.
final class StateRelay<State>: Publisher, @unchecked Sendable {
  typealias Output = State
  typealias Failure = Never

  // Every field below is read and written only while holding `lock`.
  let lock: EngineLock
  /// The state a new subscriber receives first; `nil` until the store has told the relay.
  private(set) var current: State?
  private var conduits: [Conduit] = []
  private var isFinished = false
  /// What keeps the relay's source going while the relay lives (a store's subscription).
  private var source: AnyObject?

  init(lock: EngineLock, current: State?) {
    self.lock = lock
    self.current = current
  }

  /// Keeps `source` alive as long as the relay.
  func keep(_ source: AnyObject) {
    lock.withLock { self.source = source }
  }

  /// Tells every subscriber about a new state.
  func publish(_ state: State) {
    lock.withLock {
      current = state
      // A subscriber may subscribe or cancel from inside `receive`: iterate over a copy.
      for conduit in conduits { conduit.offer(state) }
    }
  }

  /// Tells every subscriber about a state equal to the one before (a way's reduce that changed
  /// nothing, W3), holding `lock` already: with no subscriber, it only keeps the state, whose
  /// `@Ignored` fields may differ, for the next one.
  func publishUnchanged(_ state: State) {
    if conduits.isEmpty {
      current = state
    } else {
      publish(state)
    }
  }

  /// Completes every subscription; later subscribers complete at once.
  func finish() {
    lock.withLock {
      isFinished = true
      let finished = conduits
      conduits = []
      source = nil
      for conduit in finished { conduit.finish() }
    }
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == State, S.Failure == Never {
    lock.withLock {
      guard !isFinished else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
        return
      }
      let conduit = Conduit(relay: self, subscriber: AnySubscriber(subscriber))
      conduits.append(conduit)
      subscriber.receive(subscription: conduit)
    }
  }

  private func remove(_ conduit: Conduit) {
    conduits.removeAll { $0 === conduit }
  }

  /// One subscription: its demand, and whether it still owes its subscriber the current state.
  final class Conduit: Subscription, @unchecked Sendable {
    // Every field is read and written only while holding the relay's lock.
    private let relay: StateRelay
    private var subscriber: AnySubscriber<State, Never>?
    private var demand = Subscribers.Demand.none
    /// The subscriber has not received the latest state (none yet, or one that came while
    /// it had no demand): it receives the current state as soon as it asks.
    private var owesCurrent = true

    init(relay: StateRelay, subscriber: AnySubscriber<State, Never>) {
      self.relay = relay
      self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
      relay.lock.withLock {
        guard subscriber != nil else { return }
        self.demand += demand
        if owesCurrent, let current = relay.current { deliver(current) }
      }
    }

    func cancel() {
      relay.lock.withLock {
        guard subscriber != nil else { return }
        subscriber = nil
        relay.remove(self)
      }
    }

    /// Called by the relay, holding its lock.
    func offer(_ state: State) {
      guard subscriber != nil else { return }
      if demand > 0 {
        deliver(state)
      } else {
        owesCurrent = true
      }
    }

    /// Called by the relay, holding its lock.
    func finish() {
      let finished = subscriber
      subscriber = nil
      finished?.receive(completion: .finished)
    }

    private func deliver(_ state: State) {
      guard let subscriber else { return }
      owesCurrent = false
      demand -= 1
      demand += subscriber.receive(state)
    }
  }
}
#endif
