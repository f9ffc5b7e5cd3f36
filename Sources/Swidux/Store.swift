/// The application's single source of truth: it holds the state, reduces each dispatched
/// action into it, and tells subscribers when the value at their key path changes.
///
/// ```swift
/// let store = Store<AppState>(
///   initialState: AppState(),
///   reducer: counterReducer.lift(\.count)
/// )
/// let token = store.subscribe(\.count) { print($0) }  // prints 0
/// store.dispatch(CounterAction.increment)             // prints 1
/// store.dispatch(CounterAction.decrement)             // prints 0
/// ```
///
/// It is a front door to OneWay's store engine behind a lock, so:
/// - ``dispatch(_:)`` is synchronous and may be called from any thread at once: when it
///   returns, the action is reduced and every subscriber whose value changed has been told.
/// - A subscriber is told once the whole reduce is committed, never halfway through it: a
///   subscriber that reads ``getState()`` always finds a consistent state, whatever the order
///   of the assignments in the reducer.
/// - Subscribers run on the dispatching thread, with the store's lock held; a dispatch from
///   inside one is queued and reduced right after the current action, without deadlock.
/// - Subscriptions of one store never see another store's changes.
public final class Store<AppState> {
  @usableFromInline let core: StoreCore<AppState>
  /// Whether this is the store the application created, rather than the one its middlewares
  /// were given; its deinit releases the middlewares.
  private let ownsCore: Bool

  /// Creates a store with its initial state, its reducer and its middlewares.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: How actions change the state; by default, they change nothing.
  ///   - middlewares: What runs around every dispatch. The first wraps the reducer, each next
  ///     one wraps the result: the last one given runs first.
  public init(
    initialState: AppState,
    reducer: Reducer<AppState> = .init { _, _ in },
    middlewares: [Middleware<AppState>] = []
  ) {
    core = StoreCore(initialState: initialState, reducer: reducer)
    ownsCore = true
    guard !middlewares.isEmpty else { return }
    // The middlewares get a store of their own over the same core: they keep it, and would
    // otherwise keep this one alive forever.
    core.install(middlewares, store: Store(sharing: core))
  }

  private init(sharing core: StoreCore<AppState>) {
    self.core = core
    ownsCore = false
  }

  deinit {
    if ownsCore { core.end() }
  }

  /// Reduces `action` through the middlewares and the reducer before it returns, and tells
  /// the subscribers whose value changed.
  ///
  /// Safe from any thread; dispatches from several threads are reduced one at a time. A
  /// dispatch from inside a subscriber (or from a reducer) is queued and reduced right after
  /// the current action.
  ///
  /// - Parameter action: What happened.
  public func dispatch(_ action: Action) {
    core.dispatch(action)
  }

  /// The current state: the result of every reduce so far, never a state halfway through one.
  ///
  /// - Returns: A copy of the application state.
  public func getState() -> AppState {
    core.appState
  }

  /// The current state, as ``getState()`` returns it: the spelling of Swidux 0.1, which the
  /// discussion in Swidux's README uses (`store.state.tasks`).
  public var state: AppState {
    core.appState
  }

  /// Calls `onNext` with the value at `keyPath` now, then after every reduce that changed it.
  ///
  /// ```swift
  /// let token = store.subscribe(\.count) { count in
  ///   label.text = "\(count)"
  /// }
  /// ```
  ///
  /// `onNext` runs before the `dispatch` that changed the value returns, on its thread, once
  /// the whole reduce is committed: ``getState()`` inside it shows the new state. Values are
  /// compared with `==`, per subscription: a change elsewhere in the state, or an assignment
  /// of an equal value, does not call it.
  ///
  /// `onNext` is `@Sendable` because any thread may dispatch: a subscriber that updates the
  /// UI, when the store is dispatched to from the main thread, says so with
  /// `MainActor.assumeIsolated`, and otherwise hops to the main actor. The store never calls
  /// it on two threads at once.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - onNext: Called with the current value, then with each new value.
  /// - Returns: The subscription. Keep it: when it is deinitialized the subscription ends,
  ///   `onNext` is never called again, and the store keeps nothing of it.
  @inlinable
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<AppState, Value>,
    onNext: @escaping @Sendable (Value) -> Void
  ) -> StoreSubscriptionToken {
    core.subscribe(keyPath, onNext: onNext)
  }
}

// @unchecked: the state and everything the store calls (the reducer, the middlewares'
// functions, the subscribers) are used only while holding the store's lock (see `StoreCore`);
// what the store calls can reach nothing else unsynchronized, since the reducer, the
// subscribers and `Middleware.run` (which makes the middlewares' functions) are `@Sendable`;
// and the state that leaves the store (`getState()`, the subscribers' values) is `Sendable`
// here.
extension Store: @unchecked Sendable where AppState: Sendable {}
