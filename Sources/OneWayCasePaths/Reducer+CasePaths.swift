#if CasePaths
import OneWay

// Inlinable: the operators build closures that run on every action, specialized for the
// client's reducers.

extension Scope {
  /// Creates a reducer that runs `child` on the state at `state`, for the actions of the case
  /// at `action`: a case key path of a `@CasePathable` enum, no `extract` closure.
  ///
  /// ```swift
  /// Scope(state: \.counter, action: \.counter) {
  ///   Counter()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in the parent's state.
  ///   - action: The case key path of the parent action case that carries a child action.
  ///   - child: The child reducer.
  @inlinable
  public init<ParentAction, ParentState>(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action: CaseMemberKeyPath<ParentAction, Child.Action>,
    child: () -> Child
  ) where Parent == EmptyReducer<ParentAction, ParentState>, ParentAction: CasePathable {
    let access = CaseAccess(action)
    self.init(
      state: state,
      action: { access.embed($0) },
      extract: { access.extract($0) },
      child: child
    )
  }
}

extension Reducer where Action: CasePathable {
  /// Embeds a child reducer in this one, for the actions of the case at `action`; see
  /// `Reducer.scope(state:action:extract:child:)`.
  ///
  /// ```swift
  /// AppCore().scope(state: \.counter, action: \.counter) { Counter() }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this reducer's state.
  ///   - action: The case key path of the action case that carries a child action.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func scope<Child: Reducer>(
    state: WritableKeyPath<State, Child.State> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>,
    child: () -> Child
  ) -> Scope<Self, Child> {
    let access = CaseAccess(action)
    return scope(
      state: state,
      action: { access.embed($0) },
      extract: { access.extract($0) },
      child: child
    )
  }

  /// Embeds an optional child reducer in this one, for the actions of the case at `action`;
  /// see `Reducer.ifLet(_:action:extract:then:)`.
  ///
  /// ```swift
  /// AppCore().ifLet(\.detail, action: \.detail) { Detail() }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this reducer's state.
  ///   - action: The case key path of the action case that carries a child action.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child while its state is present, then this reducer.
  @inlinable
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?> & Sendable,
    action: CaseMemberKeyPath<Action, Child.Action>,
    then child: () -> Child
  ) -> IfLetReducer<Self, Child> {
    let access = CaseAccess(action)
    return ifLet(
      state,
      action: { access.embed($0) },
      extract: { access.extract($0) },
      then: child
    )
  }

  /// Embeds a collection of child features in this one, for the actions of the case at
  /// `action`, whose payload is the element's id and a child action; see
  /// `Reducer.forEach(_:action:extract:element:)`.
  ///
  /// ```swift
  /// @CasePathable
  /// enum Action: Sendable {
  ///   case row(id: Row.State.ID, action: Row.Action)
  /// }
  ///
  /// AppCore().forEach(\.rows, action: \.row) { Row() }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The key path of the collection in this reducer's state.
  ///   - action: The case key path of the action case that carries an element's id and a
  ///     child action, `(id:action:)`.
  ///   - child: The child reducer, run for each element.
  /// - Returns: A reducer that runs the child on the element an action names, then this
  ///   reducer.
  @inlinable
  public func forEach<Elements, Child: Reducer>(
    _ elements: WritableKeyPath<State, Elements> & Sendable,
    action: CaseMemberKeyPath<Action, (id: Child.State.ID, action: Child.Action)>,
    element child: () -> Child
  ) -> ForEachReducer<Self, Elements, Child>
  where
    Elements: MutableCollection & Equatable,
    Elements.Element == Child.State,
    Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    let access = CaseAccess(action)
    return forEach(
      elements,
      action: { access.embed((id: $0, action: $1)) },
      extract: { access.extract($0) },
      element: child
    )
  }
}
#endif
