/// What the engine does for child stores (rule M3): a parent's engine tells a child about every
/// state it commits, and a child's engine holds the state its parent projects and broadcasts it.
///
/// A child store has no reducer and runs no effects: its actions are reduced by its root, and
/// its engine (made with ``StoreEngine/init(childState:isolation:)``) is a state holder and a
/// broadcaster on the root's isolation. See `Design/0002-composition.md`, "Child stores".
extension StoreEngine {
  // Inlinable: every send through a child store and every commit into one; `childSend` and
  // `project` compile the closures those run for the client's states and actions.

  /// Commits `state` and tells this engine's observers, `states` loops and subscriptions, when
  /// it differs from the current state; an equal state is committed silently, as a reduce
  /// commits one (its `@Ignored` fields may differ).
  ///
  /// For a child store's engine, called by its parent's commit subscription. A state that
  /// arrives while the previous one is being announced (an observer that makes the parent
  /// commit again) is committed once that announcement has ended, so observers see the states
  /// in order and never a nested announcement.
  @inlinable
  package func replaceState(_ state: State) {
    guard !core.isProcessing else {
      pendingReplacement = state
      return
    }
    core.isProcessing = true
    var next = state
    while true {
      let changed = next != core.state
      if changed { willCommitChange(to: &next, assigned: false) }
      core.state = next
      if changed { didCommit() }
      guard let pending = pendingReplacement else { break }
      pendingReplacement = nil
      next = pending
    }
    core.isProcessing = false
  }

  /// Adds a subscriber that is told of every committed state, on the store's isolation,
  /// before the `send` that caused the change returns, until it reports that it has ended; it
  /// is not told of the current state. A child store projects its parent's state with one.
  @usableFromInline
  func addSubscriber(_ subscriber: StateSubscriber<State>) {
    makeBroadcaster().subscribers.append(subscriber)
  }

  /// Sends `action` through a child store: `send` reduces it in the root. A child's log (and
  /// its channel of reductions) shows the action with the child's state after it.
  @inlinable
  package func forward(_ action: Action, through send: (Action) -> Void) {
    guard reportsReductions else { return send(action) }
    let before = core.state
    send(action)
    report(action, changed: core.state != before, origin: .send)
  }

  /// The `send` of a child store scoped from this engine's store (M3): a child action is
  /// embedded, then reduced in the root before it returns, through the parent's own link when
  /// this store is itself a child, or straight in this engine when it is the root.
  @inlinable
  func childSend<ChildAction>(
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (ChildAction) -> Action
  ) -> @Sendable (ChildAction) -> Void {
    if let parent {
      let up = parent.send
      return { up(embed($0)) }
    }
    let root = RootEngine(self)
    return { root.engine.send(embed($0)) }
  }

  /// Commits the child's part of every state this engine commits into `child`, for as long as
  /// `store`, the child store that owns `child`, lives (M3).
  @inlinable
  func project<Child: Reducer>(
    _ state: KeyPath<State, Child.State>,
    into child: ChildEngine<Child>,
    of store: any AnyObject & Sendable
  ) {
    let reader = StoredValueReader(state)
    let projection = ChildProjection(child: store)
    // The whole projection in the subscriber's closure, specialized here for the client's
    // states: through a closure stored in the projection and an unspecialized `notify`, a
    // commit went through three thunks and passed the parent's state indirectly.
    addSubscriber(
      StateSubscriber(lifetime: projection) { parentState in
        // Holding the store keeps its engine alive for the commit (see `ChildEngine`), and the
        // store itself alive until the commit is announced: a view store's observer reaches
        // its store without retaining it.
        guard let store = projection.child else { return false }
        let childState = reader.read(parentState)
        // Safe without a retain: `store`, held until the commit is announced, owns the engine; a
        // retain of an engine with a side table (a parent's) costs a large part of a commit.
        Unmanaged.passUnretained(child.engine)._withUnsafeGuaranteedRef {
          $0.replaceState(childState)
        }
        extendLifetime(store)
        return true
      }
    )
  }

  /// The `send` of a child store whose state may be gone (M4): `isPresent` reads this engine's
  /// state when the child sends; while it holds, the action goes up as ``childSend(parent:embed:)``
  /// sends it, and otherwise it is refused and reported, naming `storeName` and the action.
  @inlinable
  func guardedChildSend<ChildAction>(
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (ChildAction) -> Action,
    storeName: String,
    reason: String,
    isPresent: @escaping @Sendable (State) -> Bool
  ) -> @Sendable (ChildAction) -> Void {
    let send = childSend(parent: parent, embed: embed)
    let here = RootEngine(self)
    return { action in
      guard isPresent(here.engine.state) else {
        return RefusedSends.report(store: storeName, action: action, reason: reason)
      }
      send(action)
    }
  }

  /// Commits the child's part of every state this engine commits into `child`, while `read`
  /// finds it, for as long as `store` lives (M4): when the part is gone (a `nil` optional, a
  /// removed element), the child keeps its last state.
  @inlinable
  func project<Child: Reducer>(
    reading read: @escaping (State) -> Child.State?,
    into child: ChildEngine<Child>,
    of store: any AnyObject & Sendable
  ) {
    let projection = ChildProjection(child: store)
    addSubscriber(
      StateSubscriber(lifetime: projection) { parentState in
        guard let store = projection.child else { return false }
        guard let childState = read(parentState) else { return true }
        // Safe without a retain: see `project(_:into:of:)`.
        Unmanaged.passUnretained(child.engine)._withUnsafeGuaranteedRef {
          $0.replaceState(childState)
        }
        extendLifetime(store)
        return true
      }
    )
  }
}
