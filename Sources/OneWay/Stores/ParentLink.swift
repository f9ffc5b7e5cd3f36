/// How a child store reaches its parent and its root (rule M3), for `Store` and `ViewStore`
/// alike.
///
/// A child store has no reducer: its `send` embeds the action, level by level, and reduces it
/// in the root's engine, synchronously, on the isolation that the root and all its children
/// share (the main actor for view stores, the root's executor for actor stores). The child
/// keeps its parent alive (and so, up the chain, its root); the parent reaches the child only
/// weakly, through the ``ChildProjection`` that its engine tells of every commit.
@usableFromInline
final class ParentLink<Action>: Sendable {
  /// Reduces a child action in the root, embedded on the way, before it returns. Only called
  /// on the store's isolation.
  @usableFromInline let send: @Sendable (Action) -> Void
  /// Whether the root is idle; only called on the store's isolation.
  let isIdle: @Sendable () -> Bool
  /// Returns once the root is idle.
  let waitUntilIdle: @Sendable () async -> Void
  /// The parent store, kept alive as long as the child is: its engine projects the child's state.
  let parent: any AnyObject & Sendable
  /// Tells the parent's engine to forget the child's projection.
  let onEnd: @Sendable () -> Void

  private init(
    send: @escaping @Sendable (Action) -> Void,
    isIdle: @escaping @Sendable () -> Bool,
    waitUntilIdle: @escaping @Sendable () async -> Void,
    parent: any AnyObject & Sendable,
    onEnd: @escaping @Sendable () -> Void
  ) {
    self.send = send
    self.isIdle = isIdle
    self.waitUntilIdle = waitUntilIdle
    self.parent = parent
    self.onEnd = onEnd
  }

  deinit {
    onEnd()
  }

  /// Connects a new child store to its parent: subscribes the child's engine (through `child`
  /// and `childLink`, both weak) to the parent's commits, and returns the child's way up.
  ///
  /// Called on the parent's isolation, before the child store exists: `child` is filled with
  /// the store right after, before the parent can commit again.
  ///
  /// - Parameters:
  ///   - childLink: The child engine's link (it holds the engine weakly).
  ///   - child: Where the child store will be; the projection keeps the store alive while it
  ///     commits into its engine, and ends once the store is gone.
  ///   - parentStore: The parent store.
  ///   - parentEngine: The parent store's engine.
  ///   - parentLink: The parent's own link, when the parent is itself a child store.
  ///   - toChildState: The child's state in the parent's state.
  ///   - embed: The parent action that carries a child action.
  static func connect<Parent: Reducer, Child: Reducer>(
    childLink: EngineLink<Child>,
    child: ChildReference,
    parentStore: any AnyObject & Sendable,
    parentEngine: StoreEngine<Parent>,
    parentLink: ParentLink<Parent.Action>?,
    state toChildState: KeyPath<Parent.State, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Parent.Action
  ) -> ParentLink<Action> where Child.Action == Action {
    parentEngine.addSubscriber(
      ChildProjection(child: child, engine: childLink, state: toChildState)
    )
    let parentEngineLink = parentEngine.link
    let onEnd: @Sendable () -> Void = {
      parentEngineLink.runLater { $0.broadcaster.removeCancelledSubscribers() }
    }
    if let parentLink {
      return ParentLink(
        send: { parentLink.send(embed($0)) },
        isIdle: parentLink.isIdle,
        waitUntilIdle: parentLink.waitUntilIdle,
        parent: parentStore,
        onEnd: onEnd
      )
    }
    let root = RootEngine(parentEngine)
    return ParentLink(
      send: { root.engine.send(embed($0)) },
      isIdle: { root.engine.isIdle },
      waitUntilIdle: { await StoreEngine.waitUntilIdle(parentEngineLink) },
      parent: parentStore,
      onEnd: onEnd
    )
  }
}

/// A root store's engine, handed to its child stores so that they reduce in it directly.
final class RootEngine<R: Reducer>: @unchecked Sendable
where R.Action: Sendable, R.State: Sendable {
  // Used only on the root's isolation, which every child store of the root shares: the main
  // actor for view stores, the root's executor for actor stores (`Store.unownedExecutor`).
  let engine: StoreEngine<R>

  init(_ engine: StoreEngine<R>) {
    self.engine = engine
  }
}

/// A child store, held weakly by its parent's engine.
final class ChildReference: @unchecked Sendable {
  // Set once, right after the child store is created and before its parent can commit again;
  // the weak reference itself is loaded and cleared atomically by the runtime.
  weak var store: (any AnyObject & Sendable)?

  init() {}
}

/// The subscriber through which a parent's engine projects each committed state into a child
/// store's engine (M3): the child's engine announces the projection only when it changed.
///
/// It holds the child weakly, so a parent never keeps its children alive; once the child is
/// gone it reports that it has ended, and the parent's engine forgets it.
final class ChildProjection<ParentState, Child: Reducer>: StateSubscriber
where Child.Action: Sendable, Child.State: Sendable {
  let child: ChildReference
  let engine: EngineLink<Child>
  let toChildState: KeyPath<ParentState, Child.State>

  init(
    child: ChildReference,
    engine: EngineLink<Child>,
    state toChildState: KeyPath<ParentState, Child.State>
  ) {
    self.child = child
    self.engine = engine
    self.toChildState = toChildState
  }

  func notify(_ state: ParentState) -> Bool {
    // The store, not only its engine, must live until the commit is announced: a view store's
    // observer reaches its store without retaining it.
    guard let store = child.store, let engine = engine.engine else { return false }
    engine.replaceState(state[keyPath: toChildState])
    withExtendedLifetime(store) {}
    return true
  }

  var isCancelled: Bool { child.store == nil }
}
