/// The one implementation of a store, shared by every kind of store: it reduces actions one
/// at a time, runs and cancels their effects, and tells observers about new states.
///
/// It is made of three parts with one job each, and a thin shell that sequences them:
/// - the reduce core (``ReduceCore``): the state and the queue of actions;
/// - the effect scheduler (``EffectScheduler``): tasks, timers, cancellation, debounce and
///   throttle;
/// - the broadcaster (``Broadcaster``): `states` loops, subscriptions, Observation hooks, and
///   the channel that reports each reduced action.
///
/// The engine is synchronous and knows nothing of isolation: the store in front of it (an
/// actor, the main actor, or a class with a lock) calls it only on its isolation, and effect
/// tasks come back through ``link``. Nothing inside it suspends: a `send` reduces the action
/// and everything its synchronous effects derive from it before it returns. User code (the
/// reducer, subscription closures, observers) runs only between steps, never while a part is
/// half-updated, and a `send` it makes to the same store is queued (A5).
///
/// See `Design/0001-engine.md`.
@usableFromInline
package final class StoreEngine<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  @usableFromInline package typealias Action = R.Action
  @usableFromInline package typealias State = R.State
  @usableFromInline typealias EffectTask = Task<Void, Never>

  // The engine is only used on its store's isolation, and user code that runs inside an
  // access to one of these fields never writes what the access covers: a reducer mutates only
  // the state it is given, and an observer lent the states only reads them (its sends are
  // queued). So dynamic exclusivity checks would only cost time on every send.
  /// The reducer; `nil` for a child store's engine, which only holds and broadcasts the state
  /// its parent projects (see `ChildStores/StoreEngine+ChildMode.swift`).
  @usableFromInline let reducer: R?
  @exclusivity(unchecked) @usableFromInline var core: ReduceCore<Action, State>
  /// The key of the per-thread `@Triggered` counters, read once (see ``reduce(_:)``).
  @usableFromInline let triggeredKey = TriggeredAssignments.Key()
  @exclusivity(unchecked) @usableFromInline var scheduler: EffectScheduler<R>
  /// The states produced before the first `states` loop (O7); `nil` once one has started,
  /// once the store has produced more states than it keeps, or for a store that has no
  /// `states` (Swidux's, `Way`). Kept here rather than in the broadcaster, since every store
  /// keeps it from its first change.
  @exclusivity(unchecked) @usableFromInline var backlog: StateBacklog<State>? = StateBacklog()
  /// Everyone who watches the state, and what only a watched store needs (see
  /// ``Broadcaster``); `nil` until something does, so that an idle store keeps nothing of it.
  @exclusivity(unchecked) @usableFromInline var broadcaster: Broadcaster<Action, State>?
  /// The child stores of the elements of each collection scoped from this store, by the
  /// collection's key path (M4); empty (no allocation) until a collection is scoped.
  @exclusivity(unchecked) @usableFromInline var elementStores: [AnyKeyPath: AnyObject] = [:]
  /// The store's isolation until something needs the link, then the link (see ``link``).
  @exclusivity(unchecked) var lazyLink: LazyLink
  /// What every reduce and effect of the store runs inside (see ``StoreContext``); `nil` for
  /// a store made where no product supplies one, and for a child store, whose work runs in its
  /// root. Boxed, so that it costs an idle store one word.
  @usableFromInline let context: StoreContextBox?

  /// The engine's link, made on first use from the store's isolation.
  enum LazyLink {
    /// No link yet: nothing outside the isolation has needed to reach the engine.
    case notMade(Isolation)
    /// The link, made on first use.
    case made(EngineLink<R>)
  }

  /// How code outside the store's isolation reaches this engine: made on first use (the first
  /// task an effect starts, `states` loop, subscription or wait for idleness), so that an idle
  /// store keeps neither it nor the side table of its weak reference to the engine. Only used
  /// on the store's isolation.
  @usableFromInline package var link: EngineLink<R> {
    switch lazyLink {
    case .made(let link):
      return link
    case .notMade(let isolation):
      let link = EngineLink<R>(isolation: isolation)
      link.engine = self
      lazyLink = .made(link)
      return link
    }
  }
  /// The store's isolation, which its child stores share.
  @usableFromInline var isolation: Isolation {
    switch lazyLink {
    case .made(let link): link.isolation
    case .notMade(let isolation): isolation
    }
  }
  /// The reducer's name, for logs; made when asked for, so that a store does not keep it.
  var name: String { String(describing: R.self) }

  /// Creates an engine; the store in front of it calls ``bind()`` once it can be reached. Its
  /// work runs inside `context`, or, when that is `nil`, inside the context that a linked
  /// product supplies for a new store (see ``StoreContexts``).
  package init<C: Clock<Duration>>(
    reducer: R,
    state: R.State,
    clock: C,
    isolation: Isolation,
    context: (any StoreContext)? = nil
  ) {
    self.reducer = reducer
    self.core = ReduceCore(state: state)
    self.lazyLink = .notMade(isolation)
    self.scheduler = EffectScheduler()
    self.context = (context ?? StoreContexts.forNewStore(of: R.self, clock: clock))
      .map(StoreContextBox.init)
    if C.self != ContinuousClock.self {
      scheduler.keep(clock, link: link)
    }
  }

  /// Creates the engine of a child store (M3): no reducer, no effects of its own, only the
  /// state its parent projects, committed with ``replaceState(_:)``, and its observers.
  @usableFromInline
  package init(childState state: R.State, isolation: Isolation) {
    self.reducer = nil
    self.core = ReduceCore(state: state)
    self.lazyLink = .notMade(isolation)
    self.scheduler = EffectScheduler()
    self.context = nil
  }

  deinit {
    scheduler.cancelAll()
    for work in scheduler.takePendingWork() {
      switch work {
      case .cancelTask(let unit): unit.cancelTask()
      case .cancelSubscription(_, let cancel): cancel()
      case .startBindingTask, .startSingle, .startRunner, .subscribe: break
      }
    }
    broadcaster?.finishAll()
    scheduler.takeIdleWaiters().resumeAll()
  }

  /// The current state.
  @inlinable
  package var state: State { core.state }

  /// The value stored inline at `offset` in the state (see `MemoryLayout.offset(of:)`), read in
  /// place: reading it through `state` copies the whole state first.
  @inlinable
  func storedValue<Value>(at offset: Int) -> Value {
    // Safe: the caller found `offset` for a `Value` stored inline in `State`, and the pointer
    // lives only for the read, on the store's isolation.
    withUnsafePointer(to: &core.state) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }
}
