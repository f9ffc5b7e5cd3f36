/// A parent reducer with an optional child: the child runs only while its state is present,
/// and its effects are cancelled when the state becomes `nil`.
///
/// Build it with ``Reducer/ifLet(_:action:extract:then:)``. A child action reaches the child
/// first (if its state is present; otherwise the child ignores it), then the parent, which can
/// react to it, for example by setting the child's state to `nil` to dismiss it. Every child
/// effect is registered under an identifier private to this reducer and derived from the
/// key path of the optional, and the reduce that leaves the optional `nil` (where it was not
/// before) also cancels that identifier: from then on no action of the child's effects is
/// reduced (C2), including ones the dismissed child started in that same reduce.
///
/// The child's `bind()` is not started: a child that comes and goes has no place in the
/// store's lifetime. Replacing a present child with another (non-`nil` to non-`nil`) is not a
/// dismissal; the effects of the first keep running. Two copies of the same parent feature in
/// one store share the identifier of their optional child; embed copies with
/// ``Reducer/forEach(_:action:extract:element:)``, which keeps them apart.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The parent's actions.
  public typealias Action = Parent.Action
  /// The parent's state.
  public typealias State = Parent.State

  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: StateProjection<State, Child.State?>
  @usableFromInline let embed: @Sendable (Child.Action) -> Action
  @usableFromInline let extract: @Sendable (Action) -> Child.Action?
  /// The identifier every effect of the child is registered under.
  @usableFromInline let childEffectsID: AnyEffectID

  @usableFromInline
  init(
    parent: Parent,
    state toChildState: WritableKeyPath<State, Child.State?> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> Child.Action?,
    child: Child
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = StateProjection(toChildState)
    self.embed = embed
    self.extract = extract
    childEffectsID = AnyEffectID(CompositionEffectID.presence(path: AnyEffectID(toChildState)))
  }

  /// Runs the child on a child action while its state is present, then the parent on every
  /// action; cancels the child's effects if the child's state has become `nil`.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: A parent action.
  /// - Returns: The child's effect (mapped to parent actions), the parent's, then the
  ///   cancellation of the child's effects when the child was dismissed.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let wasPresent = toChildState.modify(&state) { $0 != nil }
    var effects = EffectMerger<Action>()
    if wasPresent, let childAction = extract(action) {
      let childEffect = toChildState.reducePresent(&state, with: child, action: childAction)
      effects.append(childEffect.map(embed).registered(under: childEffectsID))
    }
    effects.append(parent.reduce(state: &state, action: action))
    if wasPresent && toChildState.modify(&state, { $0 == nil }) {
      effects.append(AnyEffect(.cancel(childEffectsID)))
    }
    return effects.merged
  }

  /// The parent's `bind()` effect; the child's is not started.
  public func bind() -> AnyEffect<Action> {
    parent.bind()
  }
}

extension Reducer {
  // Inlinable: builds the operator's closures for the client's types; they run on every action.

  /// Embeds an optional child reducer in this one: the child runs while the state at `state`
  /// is not `nil`, and its effects are cancelled when that state becomes `nil`.
  ///
  /// ```swift
  /// let app = AppCore()
  ///   .ifLet(
  ///     \.detail,
  ///     action: AppAction.detail,
  ///     extract: { if case .detail(let action) = $0 { action } else { nil } }
  ///   ) {
  ///     Detail()
  ///   }
  /// ```
  ///
  /// This reducer sees each child action after the child, so it can dismiss the child in
  /// response to one (`state.detail = nil`); the child's effects, in flight or just started,
  /// are then cancelled.
  ///
  /// - Parameters:
  ///   - state: The key path of the optional child state in this reducer's state.
  ///   - embed: The action case that carries a child action, such as `Action.detail`.
  ///   - extract: The child action that an action carries, or `nil` for an action of another
  ///     case.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child while its state is present, then this reducer.
  @inlinable
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> Child.Action?,
    then child: () -> Child
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(parent: self, state: state, action: embed, extract: extract, child: child())
  }
}
