extension ViewStore {
  // Inlinable (`scope`): compiles the child store's send and projection for the client's states and
  // actions; they run on every send and commit.

  /// Returns a view store of a child feature that shares this store's single source of truth:
  /// a view of the child's part of the state that sends the child's actions through this store.
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   @ObservedObject var store: ViewStore<Counter, ContinuousClock>
  ///   // ...
  /// }
  ///
  /// // In the parent's view:
  /// CounterView(store: store.scope(state: \.counter, action: AppReducer.Action.counter))
  /// ```
  ///
  /// The child is a `ViewStore` of the child reducer's type, so a view written for the child
  /// feature receives it and never learns about the parent. The child's reducer type comes from
  /// the context, here the property that receives the store. The parent's reducer must embed the
  /// child (with ``Scope`` or ``Reducer/scope(state:action:extract:child:)``): the child store
  /// only forwards actions.
  ///
  /// - `send` embeds the action with `action` and reduces it in the root store, with everything
  ///   its synchronous effects derive from it, before it returns: the parent's other reducers
  ///   see it, and the child's `state` on the next line shows the result.
  /// - `state` is always the parent's state at `state`, after a send to the child or to any
  ///   store of the tree.
  /// - `states`, ``subscribe(_:_:)``, Observation and `objectWillChange` fire only when the
  ///   child's state changes, never for a change elsewhere in the parent.
  /// - The child keeps its parent alive (and so its root); the parent holds its children only
  ///   weakly. The feature's effects belong to the root: they run until the root is released,
  ///   however many child stores come and go.
  /// - ``isIdle`` is the root's; ``reset()`` does nothing (a child store has no effects of its
  ///   own: reset the root); ``debug(_:)`` logs the actions sent to the child, each with the
  ///   child's state after it.
  ///
  /// Reading the parent's state to make the child does not observe it: scoping in a view's
  /// `body` does not make the view depend on the whole parent state.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - embed: The action case that carries a child action, such as `Action.counter`.
  /// - Returns: A view store of the child feature.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action
  ) -> ViewStore<Child, C> {
    let child: (store: ViewStore<Child, C>, engine: ChildEngine<Child>) = makeChild(
      state: engine.state[keyPath: state],
      send: engine.childSend(parent: parent, embed: embed)
    )
    engine.project(state, into: child.engine, of: child.store)
    return child.store
  }

  /// Makes a child store that starts from `state` and sends through `send` (see
  /// ``scope(state:action:)->ViewStore<Child,C>``).
  @usableFromInline
  func makeChild<Child: Reducer>(
    state: Child.State,
    send: @escaping @Sendable (Child.Action) -> Void
  ) -> (store: ViewStore<Child, C>, engine: ChildEngine<Child>) {
    let childEngine = StoreEngine<Child>(childState: state, isolation: .mainActor)
    let link = ParentLink(
      send: send,
      parentStore: self,
      parentEngine: engine,
      parentLink: parent,
      executor: nil
    )
    return (ViewStore<Child, C>(engine: childEngine, parent: link), ChildEngine(childEngine))
  }
}
