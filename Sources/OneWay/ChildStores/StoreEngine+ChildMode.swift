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
    // states, so that a commit reaches the child's engine without generic code or thunks.
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

  /// The `send` of a child store whose state may go away (M4): while the store has not ended
  /// and `isPresent` finds its state in this engine's state, the action goes up as
  /// ``childSend(parent:embed:)`` sends it. Otherwise the store has ended for good, and the
  /// send is refused and reported (I1), naming `storeName`, the action and `reason`.
  @inlinable
  func guardedChildSend<ChildAction>(
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (ChildAction) -> Action,
    storeName: String,
    reason: String,
    lifetime: ChildStoreLifetime,
    isPresent: @escaping @Sendable (State) -> Bool
  ) -> @Sendable (ChildAction) -> Void {
    let send = childSend(parent: parent, embed: embed)
    let here = RootEngine(self)
    return { action in
      guard !lifetime.hasEnded, isPresent(here.engine.state) else {
        lifetime.hasEnded = true
        return reportMisuse(.sendToEndedStore(storeName, action: action, reason: reason))
      }
      send(action)
    }
  }

  /// Commits the child's part of every state this engine commits into `child`, while `read`
  /// finds it, for as long as `store` lives (M4). The first commit that finds the part gone (a
  /// `nil` optional, a removed element) ends the store for good: it keeps its last state, even
  /// when a state comes back at a later commit, since that state is another child's.
  @inlinable
  func project<Child: Reducer>(
    reading read: @escaping (State) -> Child.State?,
    into child: ChildEngine<Child>,
    of store: any AnyObject & Sendable,
    lifetime: ChildStoreLifetime
  ) {
    let projection = ChildProjection(child: store)
    addSubscriber(
      StateSubscriber(lifetime: projection) { parentState in
        guard let store = projection.child, !lifetime.hasEnded else { return false }
        guard let childState = read(parentState) else {
          lifetime.hasEnded = true
          return false
        }
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

/// Whether a child store of an optional state or of a collection's element has ended (M4):
/// its state went away at a commit, or a send found it gone. An ended store never takes a state
/// again, so that a store kept past a dismissal can never drive the next presentation, nor a
/// row's store an element added later with the same id.
@usableFromInline
final class ChildStoreLifetime: @unchecked Sendable {
  // @unchecked Sendable, safe: read and written only on the store's isolation (its sends and
  // its parent's commits), which every child store shares with its root.
  @usableFromInline var hasEnded = false

  @inlinable
  init() {}
}

extension Misuse {
  /// A send to a child store that ended (M4).
  @usableFromInline
  static func sendToEndedStore(_ store: String, action: Any, reason: String) -> Misuse {
    Misuse(
      .sendToEndedStore,
      store: store,
      action: "send(\(action))",
      problem: "the store ended when \(reason), and the action was not reduced",
      advice: """
        A child store whose state went away stays ended, even when a state comes back: scope \
        again for the store of the current state, and stop sending to this one.
        """
    )
  }
}
