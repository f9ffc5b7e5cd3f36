extension Store {
  // Inlinable (`scope`): compiles the child store's send and projection for the client's states and
  // actions; they run on every send and commit.

  /// Returns a store of a child feature that shares this store's single source of truth: a
  /// view of the child's part of the state that sends the child's actions through this store.
  ///
  /// ```swift
  /// let app = Store(reducer: AppReducer(), state: AppReducer.State())
  /// let counter: Store<Counter, ContinuousClock> = await app.scope(
  ///   state: \.counter,
  ///   action: AppReducer.Action.counter
  /// )
  /// await counter.send(.increment)
  /// print(await counter.state.count)  // 1, and `app.state.counter.count` is 1
  /// ```
  ///
  /// The child is a `Store` of the child reducer's type, so code written for the child feature
  /// receives it and never learns about the parent. The child's reducer type comes from the
  /// context, here the annotation. The parent's reducer must embed the child (with ``Scope``
  /// or ``Reducer/scope(state:action:extract:child:)``): the child store only forwards actions.
  ///
  /// The child runs on its root's executor (see ``unownedExecutor``), so:
  /// - `await child.send(action)` embeds the action with `action` and reduces it in the root,
  ///   with everything its synchronous effects derive from it, before it returns: the parent's
  ///   other reducers see it, and `await child.state` afterwards shows the result.
  /// - `state` is always the parent's state at `state`, after a send to the child or to any
  ///   store of the tree.
  /// - `states` and ``subscribe(_:_:)`` emit only when the child's state changes, never for a
  ///   change elsewhere in the parent, before the `send` that caused it returns.
  /// - The child keeps its parent alive (and so its root); the parent holds its children only
  ///   weakly. The feature's effects belong to the root: they run until the root is released,
  ///   however many child stores come and go.
  /// - ``isIdle`` is the root's; ``reset()`` does nothing (a child store has no effects of its
  ///   own: reset the root); ``debug(_:)`` logs the actions sent to the child, each with the
  ///   child's state after it.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - embed: The action case that carries a child action, such as `Action.counter`.
  /// - Returns: A store of the child feature.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action
  ) -> Store<Child, C> {
    let child: (store: Store<Child, C>, engine: ChildEngine<Child>) = makeChild(
      state: engine.state[keyPath: state],
      send: engine.childSend(parent: parent, embed: embed)
    )
    engine.project(state, into: child.engine, of: child.store)
    return child.store
  }

  /// Makes a child store that starts from `state`, runs on this store's executor and sends
  /// through `send` (see ``scope(state:action:)->Store<Child,C>``).
  @usableFromInline
  func makeChild<Child: Reducer>(
    state: Child.State,
    send: @escaping @Sendable (Child.Action) -> Void
  ) -> (store: Store<Child, C>, engine: ChildEngine<Child>) {
    let childEngine = StoreEngine<Child>(childState: state, isolation: .actor(executor))
    let projected = ChildEngine(childEngine)
    let link = ParentLink(
      send: send,
      parentStore: self,
      parentEngine: engine,
      parentLink: parent,
      executor: executor
    )
    let store = Store<Child, C>(child: childEngine, parent: link)
    return (store, projected)
  }
}
