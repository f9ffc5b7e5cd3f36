/// Adding observers: `states` loops, key-path subscriptions, observers of reductions, logs.
extension StoreEngine {
  /// A stream for one `states` loop: the backlog for the first loop, the current state for
  /// every later one, then every change.
  package func makeStateStream(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    let link = self.link
    let broadcaster = makeBroadcaster()
    let ended: EndedStreams
    if let endedStreams = broadcaster.endedStreams {
      ended = endedStreams
    } else {
      ended = EndedStreams()
      broadcaster.endedStreams = ended
    }
    // The first loop receives the backlog, every later one the current state (O7).
    let initial = backlog.map { $0.ordered(current: core.state) } ?? [core.state]
    backlog = nil
    return broadcaster.addStream(initial: initial, bufferingPolicy: bufferingPolicy) { id in
      if ended.add(id) {
        link.runLater { $0.broadcaster?.streams.remove(ended.takeAll()) }
      }
    }
  }

  /// Subscribes `onChange` to the value at `keyPath`: it is called at once with the current
  /// value, then after every reduce that changed that value (S1, S2).
  ///
  /// Inlinable, as the stores' `subscribe` methods that call it, so that the subscriber's
  /// read and comparison are compiled for the client's state and value (S4).
  @inlinable
  package func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    subscribe(reading: StoredValueReader(keyPath), onChange)
  }

  /// Subscribes `onChange` to the value that `reader` reads from the state, as
  /// ``subscribe(_:_:)`` does for a key path: it is called at once with the current value,
  /// then after every reduce that changed that value. `reader` runs on the store's isolation,
  /// and so does `onChange`; `onChange` may be released on any thread.
  ///
  /// The reader is a value of a concrete type, not a closure, so that the subscriber that
  /// inlinable callers make reads the value inline, without calling through a closure.
  /// `onChange` need not be `Sendable`: the engine calls it only on its isolation (a view
  /// store's passes a main-actor closure).
  @inlinable
  package func subscribe<Reader: StateValueReader<State>>(
    reading reader: Reader,
    _ onChange: @escaping (Reader.Value) -> Void
  ) -> StateSubscription {
    let box = ValueSubscriptionBox(current: reader.read(core.state), onChange)
    return add(StateSubscriber(lifetime: box) { box.receive(reader.read($0)) }, box)
  }

  /// Adds a value subscription's subscriber, calls its closure with the current value, and
  /// returns the subscription, whose cancel makes the engine forget the subscriber.
  @usableFromInline
  func add<Value>(
    _ subscriber: StateSubscriber<State>,
    _ box: ValueSubscriptionBox<Value>
  ) -> StateSubscription {
    makeBroadcaster().subscribers.append(subscriber)
    let link = self.link
    let subscription = StateSubscription(box: box) {
      link.runLater { $0.broadcaster?.removeCancelledSubscribers() }
    }
    _ = box.call(box.last)
    return subscription
  }

  /// Stops keeping the states produced before the first `states` loop (O7): every loop then
  /// starts from the current state.
  package func discardStatesBacklog() {
    backlog = nil
  }

  /// Adds an observer of the reduced actions that `interest` names (by default, every one),
  /// called on the store's isolation.
  @usableFromInline
  package func observeReductions(
    _ interest: ReductionInterest = .everyAction,
    _ observer: @escaping (Reduction<Action, State>) -> Void
  ) {
    makeBroadcaster().addReductionObserver(interest, observer)
  }

  /// Where the log goes; kept only when it is not the standard output.
  package var logger: StoreLogger {
    get { broadcaster?.logger ?? .standardOutput }
    set { makeBroadcaster().logger = newValue }
  }

  /// Logs what `options` asks for to ``logger``; `.none` removes the log, so that it costs
  /// nothing.
  package func setLogging(_ options: LoggingOptions, to logger: StoreLogger? = nil) {
    if let logger { self.logger = logger }
    guard !options.isEmpty else {
      broadcaster?.setLog(nil)
      return
    }
    let writer = StoreLogWriter<Action, State>(
      options: options,
      storeName: name,
      logger: self.logger
    )
    var previous: State? = core.state
    makeBroadcaster().setLog { reduction in
      writer.log(reduction, previous: previous)
      if reduction.stateChanged { previous = reduction.state }
    }
  }

  func setObserver(_ observer: StateObserver<State>) {
    makeBroadcaster().observer = observer
  }
}
