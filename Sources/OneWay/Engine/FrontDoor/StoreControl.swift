/// How a developer tool (OneWayDevTools' history and travel) reaches one store, whatever its
/// kind: part of the store's ``StoreChanges``, the route every product built on the engine
/// takes, so that one implementation of the tool serves every front door.
///
/// Each kind of store makes it: `Store` and `ViewStore` from their engine, a way and a Swidux
/// store from theirs, turning the engine's actions and states into those their users know.
@usableFromInline
package struct StoreControl<Action, State> {
  /// Calls its argument with the store's handle, on the store's isolation, before it returns:
  /// the caller is already there (a store's actor), or it takes the store's lock.
  @usableFromInline package let withHandle: ((StoreHandle<Action, State>) -> Void) -> Void
  /// The way to the store from anywhere.
  @usableFromInline package let access: StoreAccess<Action, State>

  package init(
    withHandle: @escaping ((StoreHandle<Action, State>) -> Void) -> Void,
    access: StoreAccess<Action, State>
  ) {
    self.withHandle = withHandle
    self.access = access
  }
}

/// The way to a store from any task: a hop to its isolation, and a caller's `send`.
@usableFromInline
package struct StoreAccess<Action, State>: Sendable {
  /// Runs its argument with the store's handle on the store's isolation, and returns once it
  /// has run.
  @usableFromInline package let run:
    @Sendable (_ body: @escaping @Sendable (StoreHandle<Action, State>) -> Void) async -> Void
  /// Sends an action as a caller would (through a Swidux store's middlewares).
  @usableFromInline package let send: @Sendable (Action) async -> Void
  /// Whether the store is a child store (M3), whose actions its root reduces.
  @usableFromInline package let isChildStore: Bool
  /// The store, as a message about it names it.
  @usableFromInline package let name: String
}

extension StoreAccess {
  /// The access of a store behind `lock` (a way's, a Swidux store's): a hop takes the lock and
  /// lends `handle`, made once; `send` is the store's own, which takes the lock itself.
  package init(
    lock: EngineLock,
    handle: StoreHandle<Action, State>,
    send: @escaping (Action) -> Void,
    name: String
  ) {
    let tools = LockedTools(handle: handle, send: send)
    self.init(
      run: { body in lock.withLock { body(tools.handle) } },
      send: { action in tools.send(action) },
      isChildStore: false,
      name: name
    )
  }
}

/// A locked store's handle and send, carried into the `@Sendable` closures of its access.
// @unchecked: the handle is used only holding the store's lock (see `StoreAccess.init(lock:)`),
// and the send is the store's entry point, which takes the lock.
private struct LockedTools<Action, State>: @unchecked Sendable {
  let handle: StoreHandle<Action, State>
  let send: (Action) -> Void
}

/// What a tool may do to a store, used on the store's isolation only: read its state, observe
/// every reduction, and hold it (see `StoreEngine+Hold.swift`).
@usableFromInline
package struct StoreHandle<Action, State> {
  /// The current state.
  package let state: () -> State
  /// Adds an observer of every reduced action (the engine's channel of reductions).
  @usableFromInline package let observe: (@escaping (Reduction<Action, State>) -> Void) -> Void
  /// Installs a hold, which tells its argument of each held action, described.
  package let hold: (@escaping (String) -> Void) -> Void
  /// Whether a hold is installed.
  package let isHeld: () -> Bool
  /// Commits a state no reduce produced, while held.
  package let replace: (State) -> Void
  /// Removes the hold and reduces the held actions.
  package let release: () -> Void
  /// The held actions, oldest first.
  package let heldActions: () -> [Action]
  /// Reduces an action into a state with the store's reducer, without its effects.
  package let reduce: (inout State, Action) -> Void

  package init(
    state: @escaping () -> State,
    observe: @escaping (@escaping (Reduction<Action, State>) -> Void) -> Void,
    hold: @escaping (@escaping (String) -> Void) -> Void,
    isHeld: @escaping () -> Bool,
    replace: @escaping (State) -> Void,
    release: @escaping () -> Void,
    heldActions: @escaping () -> [Action],
    reduce: @escaping (inout State, Action) -> Void
  ) {
    self.state = state
    self.observe = observe
    self.hold = hold
    self.isHeld = isHeld
    self.replace = replace
    self.release = release
    self.heldActions = heldActions
    self.reduce = reduce
  }
}

extension StoreEngine {
  /// The handle of a store whose actions and states are this engine's own (`Store`,
  /// `ViewStore`): an observer of reductions is added to the engine as it is, so that what
  /// it costs a reduce is what the observer costs.
  package var handle: StoreHandle<Action, State> {
    StoreHandle(
      state: { self.state },
      observe: { self.observeReductions(.everyAction, $0) },
      hold: { told in self.hold { told("\($0)") } },
      isHeld: { self.isHeld },
      replace: { self.replaceHeldState($0) },
      release: { self.release() },
      heldActions: { self.heldActions },
      reduce: { self.reduceWithoutEffects(&$0, $1) }
    )
  }

  /// The changes of the store whose engine this is (`Store`, `ViewStore`), with the way a
  /// developer tool reaches it: the handle at once, on the store's isolation, and `access` from
  /// any task.
  func storeChanges(access: StoreAccess<Action, State>) -> StoreChanges<Action, State> {
    storeChanges.controlled(
      by: StoreControl(withHandle: { body in body(self.handle) }, access: access)
    )
  }
}

extension StoreChanges {
  /// These changes, with the way a developer tool reaches their store.
  package func controlled(by control: StoreControl<Action, State>) -> Self {
    var changes = self
    changes.control = control
    return changes
  }
}
