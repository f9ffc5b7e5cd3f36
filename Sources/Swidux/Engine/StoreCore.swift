import OneWay

/// What a ``Store`` and the store handed to its middlewares share: OneWay's engine behind its
/// lock (a `LockedStoreEngine`), and the way in for a dispatch (the middleware chain).
///
/// It is the same front door as every synchronous class store of OneWay: each entry point
/// enters the engine under its lock. The engine reduces one action at a time, queues a
/// dispatch made while it reduces (A5), and tells the subscriptions once the whole reduce has
/// been committed (S1); nothing here queues, orders or notifies.
@usableFromInline
final class StoreCore<AppState>: @unchecked Sendable {
  // @unchecked: `entry` is used only while holding the front's lock, and every closure the
  // engine and the entry hold (the reducer, the middlewares, the subscriptions) is called only
  // with it held (dispatches from eight threads under the thread sanitizer: DispatchTests).
  let front: LockedStoreEngine<EngineReducer>
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
    front = LockedStoreEngine(
      unstarted: EngineReducer(),
      state: EngineState(storage: storage),
      clock: ContinuousClock()
    )
    // A Swidux store has no `states` loops, so it keeps no backlog for a first one (O7): with
    // nothing needing the state before a reduce, the engine reduces in place.
    front.start(keepingStatesBacklog: false)
  }

  /// Sends `action` through the middlewares, if any, to the engine.
  func dispatch(_ action: any Action) {
    front.withEngine { engine in
      if case .reducer = entry {
        engine.send(DispatchedAction(action))
      } else if case .middlewares(let dispatch) = entry {
        dispatch(action)
      }
    }
  }

  /// Builds the dispatch function out of `middlewares`, each given `store`.
  ///
  /// Every function of the chain takes the lock (a recursive one) when it is called, so a
  /// middleware that keeps `next` and calls it later, from another thread, is still never
  /// called by two threads at once.
  func install(_ middlewares: [Middleware<AppState>], store: Store<AppState>) {
    let front = self.front
    var next: @Sendable (any Action) -> Void = { action in
      front.send(DispatchedAction(action))
    }
    for middleware in middlewares {
      next = ChainLink(lock: front.lock, function: middleware.run(store)(next)).callAsFunction
    }
    let chain = next
    front.withEngine { _ in entry = .middlewares(chain) }
  }

  /// Lets the middlewares go: they hold the store they were given, which holds this core.
  func end() {
    let previous = front.withEngine { _ in
      defer { entry = .ended }
      return entry
    }
    // Released here, outside the lock: a middleware's deinit may use the store.
    withExtendedLifetime(previous) {}
  }

  /// The current application state.
  var appState: AppState {
    front.withEngine { _ in storage.appState }
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
    let subscription = front.withEngine(subscribe)
    return StoreSubscriptionToken(subscription, lock: front.lock)
  }
}
