/// How a child store reaches its parent and its root (rule M3), for `Store` and `ViewStore`
/// alike.
///
/// A child store has no reducer: its `send` embeds the action, level by level, and reduces it
/// in the root's engine, synchronously, on the isolation that the root and all its children
/// share (the main actor for view stores, the root's executor for actor stores). The child
/// keeps its parent alive (and so, up the chain, its root); the parent reaches the child only
/// weakly, through the ``ChildProjection`` that its engine tells of every commit.
///
/// The `scope` methods are inlinable and make the two closures of the hot path (the child's
/// `send` into the root, and the projection of each parent commit into the child's engine), so
/// that both are specialized for the client's reducers; the rest is made once per child by
/// non-inlinable code.
@usableFromInline
final class ParentLink<Action>: Sendable {
  /// Reduces a child action in the root, embedded on the way, before it returns. Only called
  /// on the store's isolation.
  @usableFromInline let send: @Sendable (Action) -> Void
  /// Whether the root is idle; only called on the store's isolation.
  @usableFromInline let isIdle: @Sendable () -> Bool
  /// Returns once the root is idle.
  @usableFromInline let waitUntilIdle: @Sendable () async -> Void
  /// The parent store, kept alive as long as the child is: its engine projects the child's state.
  @usableFromInline let parent: any AnyObject & Sendable
  /// Tells the parent's engine to forget the child's projection.
  @usableFromInline let onEnd: @Sendable () -> Void
  /// The root's executor, for the child of an actor store, which runs on it (see
  /// `Store.unownedExecutor`); `nil` for a child view store. Kept here so that a child `Store`
  /// holds one reference for its parent and its executor.
  @usableFromInline let executor: StoreExecutor?

  /// The link of a new child store of `parentStore`, whose engine is `parentEngine`: `send`
  /// (made by the inlinable `scope`, so specialized for the client's types) reduces in the
  /// root; idleness is the root's, reached through `parentLink` when the parent is itself a
  /// child.
  ///
  /// - Parameters:
  ///   - send: Reduces a child action in the root.
  ///   - parentStore: The parent store, kept alive by the child.
  ///   - parentEngine: The parent store's engine.
  ///   - parentLink: The parent's own link, when the parent is itself a child store.
  ///   - isolation: The parent's isolation, which the child shares.
  @usableFromInline
  init<Parent: Reducer>(
    send: @escaping @Sendable (Action) -> Void,
    parentStore: any AnyObject & Sendable,
    parentEngine: StoreEngine<Parent>,
    parentLink: ParentLink<Parent.Action>?,
    isolation: Isolation
  ) {
    self.send = send
    parent = parentStore
    if case .actor(let rootExecutor) = isolation {
      executor = rootExecutor
    } else {
      executor = nil
    }
    let parentEngineLink = parentEngine.link
    onEnd = { parentEngineLink.runLater { $0.broadcaster?.removeCancelledSubscribers() } }
    if let parentLink {
      isIdle = parentLink.isIdle
      waitUntilIdle = parentLink.waitUntilIdle
    } else {
      let root = RootEngine(parentEngine)
      isIdle = { root.engine.isIdle }
      waitUntilIdle = { await StoreEngine.waitUntilIdle(parentEngineLink) }
    }
  }

  deinit {
    onEnd()
  }
}

/// A root store's engine, handed to its child stores so that they reduce in it directly.
@usableFromInline
final class RootEngine<R: Reducer>: @unchecked Sendable
where R.Action: Sendable, R.State: Sendable {
  // Used only on the root's isolation, which every child store of the root shares: the main
  // actor for view stores, the root's executor for actor stores (`Store.unownedExecutor`).
  @usableFromInline let engine: StoreEngine<R>

  @usableFromInline
  init(_ engine: StoreEngine<R>) {
    self.engine = engine
  }
}

/// A child store's engine, for the projection that its parent's engine calls.
@usableFromInline
final class ChildEngine<R: Reducer>: @unchecked Sendable
where R.Action: Sendable, R.State: Sendable {
  // Safe without a check: used only on the store's isolation, by the projection's subscriber
  // (`StoreEngine.project`) while it holds the child store, which owns the engine; a weak or
  // checked unowned reference would cost every commit of every level a reference count.
  @usableFromInline unowned(unsafe) let engine: StoreEngine<R>

  @usableFromInline
  init(_ engine: StoreEngine<R>) {
    self.engine = engine
  }
}

/// The lifetime of the subscriber through which a parent's engine projects each committed
/// state into a child store's engine (M3; the subscriber's closure is made by
/// ``StoreEngine/project(_:into:of:)``): the child's engine announces the projection only when
/// it changed.
///
/// It holds the child weakly, so a parent never keeps its children alive; once the child is
/// gone the subscriber reports that it has ended, and the parent's engine forgets it.
@usableFromInline
final class ChildProjection: SubscriberLifetime {
  // Read only on the store's isolation, by the parent engine's commit and its removal of
  // ended subscribers, never during a write: the dynamic exclusivity check of each read cost
  // a commit more than the read.
  @exclusivity(unchecked) @usableFromInline weak var child: (any AnyObject & Sendable)?

  @usableFromInline
  init(child: any AnyObject & Sendable) {
    self.child = child
  }

  @usableFromInline
  var isCancelled: Bool { child == nil }
}
