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
  // Inlinable: `send` and `subscribe` are specialized for the client's reducer and value in the
  // client's module, with the executor and parent they read; `unownedExecutor` is read at every hop
  // onto the store.

  /// The reducer's action type.
  public typealias Action = R.Action

  /// The reducer's state type.
  public typealias State = R.State

  /// The state the store was created with.
  public nonisolated let initialState: State

  @usableFromInline
  let engine: StoreEngine<R>

  /// Where the store stands: a root store on its own executor, or a child store (M3) with the
  /// link to its parent, which holds the root's executor. One reference, so that an idle store
  /// keeps one word for both.
  @usableFromInline
  nonisolated let rootOrChild: RootOrChild

  /// Where a store stands (see ``rootOrChild``).
  @usableFromInline
  enum RootOrChild: Sendable {
    /// A root store, on its own executor, shared with its child stores.
    case root(StoreExecutor)
    /// A child store, reaching its parent and its root through the link.
    case child(ParentLink<Action>)
  }

  /// The serial executor the store runs on: its own, shared with its child stores.
  @inlinable
  nonisolated var executor: StoreExecutor {
    switch rootOrChild {
    case .root(let executor): executor
    // A child store's link always holds its root's executor (see `makeChild`).
    case .child(let parent): parent.executor.unsafelyUnwrapped
    }
  }

  /// For a child store (M3), how it reaches its parent and its root; `nil` for a root store.
  @inlinable
  nonisolated var parent: ParentLink<Action>? {
    if case .child(let parent) = rootOrChild { return parent }
    return nil
  }

  /// Creates a store that reduces actions with `reducer`, starting from `state`.
  ///
  /// `bind()`'s effect is running when the initialiser returns: its synchronous actions are
  /// reduced, and its tasks have run up to their first suspension (L4).
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
    self.init(making: reducer, state: state, loggingOptions: loggingOptions, clock: clock)
  }

  /// Creates a root store whose reducer `reducer` makes, inside `context`, and whose work runs
  /// inside it (see ``StoreContext``); without one, inside the context that a linked product
  /// supplies, if any.
  package init(
    making reducer: @Sendable () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C,
    context: (any StoreContext)? = nil
  ) {
    initialState = state
    let executor = StoreExecutor()
    let engine = StoreEngine(
      reducer: context?.run(reducer) ?? reducer(),
      state: state,
      clock: clock,
      isolation: .actor(executor),
      context: context
    )
    engine.setLogging(loggingOptions)
    self.engine = engine
    rootOrChild = .root(executor)
    engine.bindFromOutside()
  }

  /// Creates a child store (M3) in front of `engine`, on its root's executor, reaching its
  /// parent through `parent`; see ``scope(state:action:)->Store<Child,C>``.
  init(
    child engine: sending StoreEngine<R>,
    parent: ParentLink<Action>
  ) {
    initialState = engine.state
    self.engine = engine
    rootOrChild = .child(parent)
  }

  /// A `Store`'s way of making a child store, for the child stores that the engine makes.
  @usableFromInline
  nonisolated func makeChild<Child: Reducer>(
    _ engine: sending StoreEngine<Child>,
    _ parent: ParentLink<Child.Action>
  ) -> Store<Child, C> {
    Store<Child, C>(child: engine, parent: parent)
  }

  /// The executor the store runs on: for a root store its own, for a child store its root's.
  ///
  /// A child store and its root are two actors on one serial executor, so that sending to the
  /// child reduces in the root synchronously, within the child's `send` (see
  /// ``scope(state:action:)->Store<Child,C>``).
  @inlinable
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.unownedExecutor
  }

  /// The current state.
  public var state: State { engine.state }

  /// The states of the store, as a multicast asynchronous sequence.
  ///
  /// Each loop receives the current state, then every state that differs from the previous
  /// one; the first loop also receives the states produced before it started (O7).
  /// `store.states.number` observes one property.
  public nonisolated var states: AsyncStateSequence<State> {
    AsyncStateSequence(source: self)
  }

  /// Whether the store is at rest: no action is being reduced and no effect, debounce wait or
  /// throttle timer is in flight. `bind()`'s effect does not count. A child store is idle when
  /// its root is: its feature's effects run there.
  public var isIdle: Bool { engine.isIdle(from: parent) }

  /// Sends an action to the store, and returns once it and every action derived from it by
  /// synchronous effects have been reduced.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public func send(_ action: Action) {
    engine.send(action, from: parent)
  }

  /// Cancels every in-flight effect and timer, drops queued actions, and restarts `bind()`;
  /// the state stays as it is.
  ///
  /// Restarting `bind()` cancels the loop its effect was running. A loop over an `AsyncStream`
  /// that the reducer keeps and iterates in every `bind()` ends that stream for good when it
  /// is cancelled, so after `reset()` the new `bind()` finds it finished and external values
  /// are silently dropped. Give each `bind()` a new iteration instead: a source that makes a
  /// stream per subscriber, or a publisher's `values` (see ``Reducer/bind()``).
  public func reset() {
    engine.reset()
  }

  /// Changes what the store logs from now on, and returns the store.
  ///
  /// ```swift
  /// await store.debug(.all)   // log actions and states
  /// await store.debug(.none)  // logging off
  /// let logged = await Store(reducer: CountingReducer(), state: .init(number: 0)).debug(.all)
  /// ```
  ///
  /// - Parameter loggingOptions: The new options; `.none` turns logging off.
  /// - Returns: This store.
  @discardableResult
  public func debug(_ loggingOptions: LoggingOptions) -> Self {
    engine.setLogging(loggingOptions)
    return self
  }

  /// Logs what `loggingOptions` asks for to `logger` from now on, and returns the store.
  ///
  /// ```swift
  /// await store.debug(.all, to: StoreLogger { entry in
  ///   print(entry.storeName, entry.kind, entry.changedFields)
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - loggingOptions: What to log; `.none` turns logging off.
  ///   - logger: Where the log goes; the store keeps it for later calls of `debug(_:)`.
  /// - Returns: This store.
  @discardableResult
  public func debug(_ loggingOptions: LoggingOptions, to logger: StoreLogger) -> Self {
    engine.setLogging(loggingOptions, to: logger)
    return self
  }

  /// Stops keeping the states produced before the first `states` loop, and returns the store.
  ///
  /// By default a store keeps the first 64 states it produces until a first `for await` loop
  /// over ``states`` starts, and hands them to that loop, as OneWay 3.x did; at its 65th state
  /// with no loop it drops them for good (O7). Keeping them costs a copy of each: until then, a
  /// reduce copies a large collection instead of changing it in place. This drops them at
  /// once. Without the backlog, every loop starts from the current
  /// state, and a store with no `states` loop and no state logging reduces in place (see
  /// <doc:Performance>).
  ///
  /// ```swift
  /// let store = await Store(reducer: LogReducer(), state: LogReducer.State())
  ///   .withoutStatesBacklog()
  /// ```
  ///
  /// - Returns: This store.
  @discardableResult
  public func withoutStatesBacklog() -> Self {
    engine.discardStatesBacklog()
    return self
  }

  /// Calls `onChange` with the value at `keyPath` at once, then after every reduce that
  /// changed that value, on the store's actor, before the `send` that caused the change
  /// returns.
  ///
  /// ```swift
  /// let subscription = await store.subscribe(\.number) { number in
  ///   print(number)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to watch; compared with `==` after every reduce.
  ///   - onChange: Called with each new value.
  /// - Returns: The subscription; it ends when cancelled or deinitialized.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    engine.subscribe(keyPath, onChange)
  }

  /// Returns once the store is idle (see ``isIdle``), or once the calling task is cancelled.
  package nonisolated func waitUntilIdle() async {
    if let parent {
      await parent.waitUntilIdle()
    } else {
      await StoreEngine.waitUntilIdle(engineLink())
    }
  }

  /// The way to the engine from outside the actor, made on first use.
  func engineLink() -> EngineLink<R> {
    engine.link
  }

  /// The store's changes, for the products built on OneWay's engine (see ``ChangeReporting``).
  @usableFromInline
  package var storeChanges: StoreChanges<Action, State> {
    engine.storeChanges(access: storeAccess)
  }
}

extension Store: StateSource {
  nonisolated func subscribe(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) async -> AsyncStream<State>? {
    await makeStateStream(bufferingPolicy)
  }

  func makeStateStream(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    engine.makeStateStream(bufferingPolicy)
  }
}

/// The serial executor of a root `Store` and its child stores: a default actor whose executor
/// they all declare as theirs (see `Store.unownedExecutor`), and onto which their effect tasks
/// hop (see ``Isolation/actor(_:)``).
@usableFromInline
package actor StoreExecutor {
  @usableFromInline
  init() {}
}
