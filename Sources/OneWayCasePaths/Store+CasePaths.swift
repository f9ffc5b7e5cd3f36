#if CasePaths
import OneWay

extension Store where R.Action: CasePathable {
  /// Returns a store of a child feature, for the action case at `action`; see
  /// `Store.scope(state:action:)`.
  ///
  /// ```swift
  /// let counter: Store<Counter, ContinuousClock> = await app.scope(
  ///   state: \.counter,
  ///   action: \.counter
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child feature.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>
  ) -> Store<Child, C> {
    scope(state: state, action: embedding(action))
  }

  /// Returns a store of an optional child feature while its state is not `nil`, for the
  /// action case at `action`.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child feature, or `nil` when its state is `nil`.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State?> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>
  ) -> Store<Child, C>? {
    scope(state: state, action: embedding(action))
  }

  /// Returns one store per element of a collection, identified by the element's id, for the
  /// action case at `action`, whose payload is `(id:action:)`.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - action: The case key path of the action case that carries an element's id and a
  ///     child action.
  /// - Returns: The element stores, in the collection's order.
  @inlinable
  public func scope<Elements: Collection, Child: Reducer>(
    state: KeyPath<State, Elements> & Sendable,
    action: CaseMemberKeyPath<Action, (id: Child.State.ID, action: Child.Action)>
  ) -> [Store<Child, C>]
  where
    Elements: Sendable, Elements.Element == Child.State, Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    scope(state: state, action: elementEmbedding(action))
  }

  /// Returns a store of a child feature without naming the feature's reducer, for the action
  /// case at `action`: a store of `ChildFeature`, with the feature's actions and state.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child's actions and state.
  @inlinable @_disfavoredOverload
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState> & Sendable,
    action: CaseMemberKeyPath<Action, ChildAction>
  ) -> Store<ChildFeature<ChildAction, ChildState>, C> {
    scope(state: state, action: embedding(action))
  }

  /// Returns a store of an optional child feature while its state is not `nil`, without naming
  /// the feature's reducer, for the action case at `action`: a store of `ChildFeature`, or
  /// `nil` when the state is `nil`. An optional state always gives an optional store.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child's actions and state, or `nil` when its state is `nil`.
  @inlinable
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState?> & Sendable,
    action: CaseMemberKeyPath<Action, ChildAction>
  ) -> Store<ChildFeature<ChildAction, ChildState>, C>? {
    scope(state: state, action: embedding(action))
  }

  /// Returns one store per element of a collection, without naming the element feature's
  /// reducer, for the action case at `action`, whose payload is `(id:action:)`.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - action: The case key path of the action case that carries an element's id and a
  ///     child action.
  /// - Returns: The element stores, in the collection's order.
  @inlinable
  public func scope<Elements: Collection, ChildAction: Sendable>(
    state: KeyPath<State, Elements> & Sendable,
    action: CaseMemberKeyPath<Action, (id: Elements.Element.ID, action: ChildAction)>
  ) -> [Store<ChildFeature<ChildAction, Elements.Element>, C>]
  where
    Elements: Sendable, Elements.Element: Identifiable & Sendable & Equatable,
    Elements.Element.ID: Sendable
  {
    scope(state: state, action: elementEmbedding(action))
  }
}

extension ViewStore where R.Action: CasePathable {
  /// Returns a view store of a child feature, for the action case at `action`; see
  /// `ViewStore.scope(state:action:)`.
  ///
  /// ```swift
  /// CounterView(store: store.scope(state: \.counter, action: \.counter))
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A view store of the child feature.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>
  ) -> ViewStore<Child, C> {
    scope(state: state, action: embedding(action))
  }

  /// Returns a store of an optional child feature while its state is not `nil`, for the
  /// action case at `action`.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child feature, or `nil` when its state is `nil`.
  @inlinable
  public func scope<Child: Reducer>(
    state: KeyPath<State, Child.State?> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>
  ) -> ViewStore<Child, C>? {
    scope(state: state, action: embedding(action))
  }

  /// Returns one store per element of a collection, identified by the element's id, for the
  /// action case at `action`, whose payload is `(id:action:)`.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - action: The case key path of the action case that carries an element's id and a
  ///     child action.
  /// - Returns: The element stores, in the collection's order.
  @inlinable
  public func scope<Elements: Collection, Child: Reducer>(
    state: KeyPath<State, Elements> & Sendable,
    action: CaseMemberKeyPath<Action, (id: Child.State.ID, action: Child.Action)>
  ) -> [ViewStore<Child, C>]
  where
    Elements: Sendable, Elements.Element == Child.State, Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    scope(state: state, action: elementEmbedding(action))
  }

  /// Returns a store of a child feature without naming the feature's reducer, for the action
  /// case at `action`: a store of `ChildFeature`, with the feature's actions and state.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child's actions and state.
  @inlinable @_disfavoredOverload
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState> & Sendable,
    action: CaseMemberKeyPath<Action, ChildAction>
  ) -> ViewStore<ChildFeature<ChildAction, ChildState>, C> {
    scope(state: state, action: embedding(action))
  }

  /// Returns a store of an optional child feature while its state is not `nil`, without naming
  /// the feature's reducer, for the action case at `action`: a store of `ChildFeature`, or
  /// `nil` when the state is `nil`. An optional state always gives an optional store.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this store's state.
  ///   - action: The case key path of the action case that carries a child action.
  /// - Returns: A store of the child's actions and state, or `nil` when its state is `nil`.
  @inlinable
  public func scope<ChildAction: Sendable, ChildState: Sendable & Equatable>(
    state: KeyPath<State, ChildState?> & Sendable,
    action: CaseMemberKeyPath<Action, ChildAction>
  ) -> ViewStore<ChildFeature<ChildAction, ChildState>, C>? {
    scope(state: state, action: embedding(action))
  }

  /// Returns one store per element of a collection, without naming the element feature's
  /// reducer, for the action case at `action`, whose payload is `(id:action:)`.
  ///
  /// - Parameters:
  ///   - state: The key path of the collection in this store's state.
  ///   - action: The case key path of the action case that carries an element's id and a
  ///     child action.
  /// - Returns: The element stores, in the collection's order.
  @inlinable
  public func scope<Elements: Collection, ChildAction: Sendable>(
    state: KeyPath<State, Elements> & Sendable,
    action: CaseMemberKeyPath<Action, (id: Elements.Element.ID, action: ChildAction)>
  ) -> [ViewStore<ChildFeature<ChildAction, Elements.Element>, C>]
  where
    Elements: Sendable, Elements.Element: Identifiable & Sendable & Equatable,
    Elements.Element.ID: Sendable
  {
    scope(state: state, action: elementEmbedding(action))
  }
}
#endif
