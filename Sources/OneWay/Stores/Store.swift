/// An actor that holds a feature's state, reduces the actions sent to it, and runs their
/// effects; thread-safe wherever it is used.
///
/// ```swift
/// let store = Store(
///   reducer: CountingReducer(),
///   state: CountingReducer.State(number: 0, isLoading: false)
/// )
/// await store.send(.increment)
/// await store.send(.decrement)
/// await store.send(.twice)
/// print(await store.state.number)  // 2
/// ```
///
/// `await store.send(action)` returns once the action and every action its synchronous effects
/// derive from it have been reduced. Asynchronous effects run in tasks that the store owns;
/// they hold the store weakly and are cancelled when it is deinitialized.
public final actor Store<R: Reducer, C: Clock<Duration>>
where R.Action: Sendable, R.State: Sendable & Equatable {
  /// The reducer's action type.
  public typealias Action = R.Action

  /// The reducer's state type.
  public typealias State = R.State

  /// The state the store was created with.
  public nonisolated let initialState: State

  @usableFromInline
  let engine: StoreEngine<Store>

  /// Creates a store that reduces actions with `reducer`, starting from `state`.
  ///
  /// - Parameters:
  ///   - reducer: The reducer that turns actions into state changes and effects.
  ///   - state: The initial state.
  ///   - loggingOptions: What the store logs; nothing by default.
  ///   - clock: The clock that debounce and throttle measure time with.
  public init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C = ContinuousClock()
  ) {
    initialState = state
    let engine = StoreEngine<Store>(
      reducer: reducer(),
      state: state,
      clock: clock,
      loggingOptions: loggingOptions
    )
    self.engine = engine
    engine.host = self
    // The first `send` binds if this task has not run yet; either way `bind()` starts before
    // the first action is reduced.
    Task { [weak self] in await self?.withEngine { $0.bindIfNeeded() } }
  }

  /// The current state.
  public var state: State { engine.state }

  /// The states of the store, as a multicast asynchronous sequence.
  ///
  /// Each loop receives the current state, then every state that differs from the previous
  /// one. `store.states.number` observes one property.
  public nonisolated var states: AsyncStateSequence<State> {
    AsyncStateSequence(source: self)
  }

  /// Whether the store is at rest: no action is being reduced and no effect, debounce wait or
  /// throttle timer is in flight. `bind()`'s effect does not count.
  public var isIdle: Bool { engine.isIdle }

  /// Sends an action to the store, and returns once it and every action derived from it by
  /// synchronous effects have been reduced.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public func send(_ action: Action) {
    engine.send(action)
  }

  /// Cancels every in-flight effect and timer, drops queued actions, and restarts `bind()`;
  /// the state stays as it is.
  public func reset() {
    engine.reset()
  }

  /// Changes what the store logs from now on.
  ///
  /// - Parameter loggingOptions: The new options; `.none` turns logging off.
  public func debug(_ loggingOptions: LoggingOptions) {
    engine.loggingOptions = loggingOptions
  }

  /// Starts `bind()`'s effect now, if neither a `send` nor the initialiser's task has yet.
  package func bindIfNeeded() {
    engine.bindIfNeeded()
  }

  /// Returns once the store is idle (see ``isIdle``), or once the calling task is cancelled.
  package func waitUntilIdle() async {
    await engine.waitUntilIdle()
  }
}

extension Store: EngineHost, StateSource {
  @usableFromInline
  typealias HostReducer = R

  @usableFromInline
  typealias HostClock = C

  @usableFromInline
  typealias Observer = NoStateObserver

  @usableFromInline
  func withEngine<T: Sendable>(_ body: @Sendable (StoreEngine<Store>) -> T) -> T {
    body(engine)
  }
}
