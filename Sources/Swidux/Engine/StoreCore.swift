import OneWay

/// What a ``Store`` and the store handed to its middlewares share: OneWay's engine, the lock
/// that is the engine's isolation, and the way in for a dispatch (the middleware chain).
///
/// It is the same front door as every synchronous class store of OneWay: each entry point
/// takes the lock and calls the engine. The engine reduces one action at a time, queues a
/// dispatch made while it reduces (A5), and tells the subscriptions once the whole reduce has
/// been committed (S1); nothing here queues, orders or notifies.
@usableFromInline
final class StoreCore<AppState>: @unchecked Sendable {
  // @unchecked: `engine` and `entry` are used only while holding `lock`, and every closure
  // the engine and the entry hold (the reducer, the middlewares, the subscriptions) is called
  // only with it held.
  let lock = EngineLock()
  let engine: StoreEngine<EngineReducer>
  /// The application state, which the engine's state holds too.
  @usableFromInline let storage: AppStateStorage<AppState>
  // Read and written only under `lock`, each access copying the entry out at once, so no
  // access overlaps another: dynamic exclusivity checks would only cost every dispatch.
  @exclusivity(unchecked) var entry = Entry.reducer

  /// Where a dispatch goes.
  enum Entry {
    /// Straight to the engine: the store has no middlewares.
    case reducer
    /// Through the middleware chain, whose innermost function sends to the engine.
    case middlewares(@Sendable (any Action) -> Void)
    /// Nowhere: the store that the application created is gone, and the middlewares with it;
    /// only a reference that a middleware kept can still dispatch.
    case ended
  }

  init(initialState: AppState, reducer: Reducer<AppState>) {
    storage = AppStateStorage(initialState, reducer: reducer)
    engine = StoreEngine(
      reducer: EngineReducer(),
      state: EngineState(storage: storage),
      clock: ContinuousClock(),
      isolation: .lock(lock)
    )
    lock.withLock {
      // A Swidux store has no `states` loops, so it keeps no backlog for a first one (O7):
      // with nothing needing the state before a reduce, the engine reduces in place.
      engine.discardStatesBacklog()
      engine.bind()
    }
  }

  /// Sends `action` through the middlewares, if any, to the engine.
  func dispatch(_ action: any Action) {
    // `lock()`/`unlock()` rather than `lock.withLock`, whose generic closure was not
    // specialized here; nothing between them throws.
    lock.lock()
    if case .reducer = entry {
      engine.send(DispatchedAction(action))
    } else if case .middlewares(let dispatch) = entry {
      dispatch(action)
    }
    lock.unlock()
  }

  /// Builds the dispatch function out of `middlewares`, each given `store`.
  ///
  /// Every function of the chain takes the lock (a recursive one) when it is called, so a
  /// middleware that keeps `next` and calls it later, from another thread, is still never
  /// called by two threads at once.
  func install(_ middlewares: [Middleware<AppState>], store: Store<AppState>) {
    var next: @Sendable (any Action) -> Void = { action in
      self.lock.withLock { self.engine.send(DispatchedAction(action)) }
    }
    for middleware in middlewares {
      next = ChainLink(lock: lock, function: middleware.run(store)(next)).callAsFunction
    }
    let chain = next
    lock.withLock { entry = .middlewares(chain) }
  }

  /// Lets the middlewares go: they hold the store they were given, which holds this core.
  func end() {
    let previous = lock.withLock {
      defer { entry = .ended }
      return entry
    }
    // Released here, outside the lock: a middleware's deinit may use the store.
    withExtendedLifetime(previous) {}
  }

  /// The current application state.
  var appState: AppState {
    lock.withLock { storage.appState }
  }

  /// Subscribes `onNext` to the value at `keyPath` through the engine's subscriptions.
  ///
  /// Inlinable, as ``Store/subscribe(_:onNext:)``, so that the subscriber the engine calls at
  /// every dispatch reads and compares the value as code compiled for the client's types.
  @inlinable
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<AppState, Value>,
    onNext: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscriptionToken {
    let reader = ValueReader(keyPath, in: storage)
    return subscribe { engine in engine.subscribe(reading: reader, onNext) }
  }

  /// Makes a subscription with `subscribe`, under the lock, and its token.
  @usableFromInline
  func subscribe(
    _ subscribe: (StoreEngine<EngineReducer>) -> StateSubscription
  ) -> StoreSubscriptionToken {
    let subscription = lock.withLock { subscribe(engine) }
    return StoreSubscriptionToken(subscription, lock: lock)
  }
}
