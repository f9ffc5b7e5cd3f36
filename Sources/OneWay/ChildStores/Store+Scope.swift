extension Store {
  // Inlinable (`scope`): compiles the child stores' sends and projections for the client's
  // states and actions; they run on every send and commit.

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
    engine.childStore(state, embed: embed, of: self, parent: parent, make: makeChild)
  }

  /// Returns a store of an optional child feature while its state is not `nil`, and `nil`
  /// otherwise (M4).
  ///
  /// ```swift
  /// if let detail: Store<Detail, ContinuousClock> = await app.scope(
  ///   state: \.detail,
  ///   action: AppReducer.Action.detail
  /// ) {
  ///   await detail.send(.refresh)
  /// }
  /// ```
  ///
  /// The store is the one ``scope(state:action:)->Store<Child,C>`` makes for a non-optional child, while the
  /// state is present. Once the state becomes `nil`, the store keeps its last state, and a send
  /// to it is refused and reported with a message that names the store and the action: it is
  /// never reduced. Scope again when the state is back.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - embed: The action case that carries a child action, such as `Action.detail`.
  /// - Returns: A store of the child feature, or `nil` when its state is `nil`.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State?> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action
  ) -> Store<Child, C>? {
    engine.optionalChildStore(state, embed: embed, of: self, parent: parent, make: makeChild)
  }

  /// Returns one store per element of a collection, identified by the element's id, in the
  /// collection's order (M4).
  ///
  /// ```swift
  /// let rows: [Store<Row, ContinuousClock>] = await app.scope(
  ///   state: \.rows,
  ///   action: AppReducer.Action.row
  /// )
  /// await rows[0].send(.increment)
  /// ```
  ///
  /// The same id gives the same store object for as long as the element exists and someone
  /// holds the store, so a SwiftUI `ForEach` keeps each row's identity; this store holds the
  /// element stores only weakly and forgets them with their elements. Each element store sees
  /// only its element: its `state`, `states`, subscriptions and Observation change only when
  /// that element does. Once its element is removed, the store keeps its last state, and a
  /// send to it is refused and reported, naming the store and the action: it is never reduced
  /// against another element. The parent's reducer embeds the elements with
  /// ``Reducer/forEach(_:action:extract:element:)``, which cancels a removed element's
  /// effects.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - embed: The action case that carries an element's id and a child action, such as
  ///     `Action.row`.
  /// - Returns: The element stores, in the collection's order.
  @inlinable
  public func scope<Elements: Collection, Child: Reducer>(
    state: KeyPath<State, Elements> & Sendable,
    action embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action
  ) -> [Store<Child, C>]
  where
    Elements: Sendable, Elements.Element == Child.State, Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    engine.elementStores(state, embed: embed, of: self, parent: parent, make: makeChild)
  }

  /// Returns a store of a child feature without naming the feature's reducer: a store of
  /// ``ChildFeature``, with the feature's actions and state; see ``scope(state:action:)->Store<Child,C>``.
  ///
  /// ```swift
  /// let counter = await app.scope(state: \.counter, action: AppReducer.Action.counter)
  /// await counter.send(.increment)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - embed: The action case that carries a child action.
  /// - Returns: A store of the child's actions and state.
  @inlinable @_disfavoredOverload
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildFeature<ChildAction, ChildState>, C> {
    scope(state: state, action: embed)
  }

  /// Returns a store of an optional child feature while its state is not `nil`, without naming
  /// the feature's reducer: a store of ``ChildFeature``, or `nil` when the state is `nil`.
  ///
  /// ```swift
  /// if let detail = await app.scope(state: \.detail, action: AppReducer.Action.detail) {
  ///   await detail.send(.refresh)
  /// }
  /// ```
  ///
  /// An optional state always gives an optional store, with or without an annotation.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - embed: The action case that carries a child action.
  /// - Returns: A store of the child's actions and state, or `nil` when its state is `nil`.
  @inlinable @_disfavoredOverload
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState?> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildFeature<ChildAction, ChildState>, C>? {
    scope(state: state, action: embed)
  }

  /// Returns one store per element of a collection, without naming the element feature's
  /// reducer: stores of ``ChildFeature``, identified by the element's id.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - embed: The action case that carries an element's id and a child action.
  /// - Returns: The element stores, in the collection's order.
  @inlinable @_disfavoredOverload
  public func scope<Elements: Collection, ChildAction: Sendable>(
    state: KeyPath<State, Elements> & Sendable,
    action embed: @escaping @Sendable (Elements.Element.ID, ChildAction) -> Action
  ) -> [Store<ChildFeature<ChildAction, Elements.Element>, C>]
  where
    Elements: Sendable, Elements.Element: Identifiable & Sendable & Equatable,
    Elements.Element.ID: Sendable
  {
    scope(state: state, action: embed)
  }
}
