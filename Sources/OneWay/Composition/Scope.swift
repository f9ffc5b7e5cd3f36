/// Embeds a child reducer in a parent feature: the child runs on the part of the parent's state
/// at a key path, for the parent's actions of one case.
///
/// It is The Composable Architecture's `Scope` and Swidux's `lift`. A child action reaches
/// the child first, then the parent, which can react to it; every other action reaches the
/// parent alone. The child's effects are mapped back into the parent's action case with
/// ``AnyEffect/map(_:)``, so they stay what they were: synchronous effects are reduced during
/// the same `send`, and identifiers, `debounce` and `throttle` are kept.
///
/// As a reducer value, with ``EmptyReducer`` as the parent, inside ``CombineReducers``:
///
/// ```swift
/// struct AppReducer: Reducer {
///   enum Action: Sendable {
///     case counter(Counter.Action)
///     case reset
///   }
///   struct State: Sendable, Equatable {
///     var counter = Counter.State()
///   }
///
///   let body = CombineReducers<Action, State>(
///     Scope(
///       state: \.counter,
///       action: Action.counter,
///       extract: { if case .counter(let action) = $0 { action } else { nil } }
///     ) {
///       Counter()
///     },
///     AppCore()
///   )
///
///   func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
///     body.reduce(state: &state, action: action)
///   }
/// }
/// ```
///
/// Or as a modifier on the parent, with ``Reducer/scope(state:action:extract:child:)``.
///
/// Effect identifiers are shared between the parent and the child, as they are between any
/// two reducers of one store: the parent can cancel a child's effect by its identifier. To
/// keep several children of the same type apart, embed them with
/// ``Reducer/forEach(_:action:extract:element:)``.
public struct Scope<Parent: Reducer, Child: Reducer>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The parent's actions.
  public typealias Action = Parent.Action
  /// The parent's state.
  public typealias State = Parent.State

  /// Everything the scope holds, behind one reference (see ``Parts``).
  @usableFromInline let parts: Parts

  /// A scope's parent, child, projection and action functions, in one immutable object.
  ///
  /// Held inline, they made each level of a nested feature as large as every level below it
  /// put together, and a send copied them at every level: the store copied the whole reducer
  /// to call it, and each `Scope` copied its child to call it, a cost that grew with the depth.
  /// Behind one reference, a scope is one word wherever
  /// it is copied or passed, however deep it is; its parts are only read, in place.
  @usableFromInline
  final class Parts: Sendable {
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let toChildState: StateProjection<State, Child.State>
    @usableFromInline let embed: @Sendable (Child.Action) -> Action
    @usableFromInline let extract: @Sendable (Action) -> Child.Action?

    @usableFromInline
    init(
      parent: Parent,
      child: Child,
      toChildState: StateProjection<State, Child.State>,
      embed: @escaping @Sendable (Child.Action) -> Action,
      extract: @escaping @Sendable (Action) -> Child.Action?
    ) {
      self.parent = parent
      self.child = child
      self.toChildState = toChildState
      self.embed = embed
      self.extract = extract
    }
  }

  @usableFromInline
  init(
    parent: Parent,
    state toChildState: WritableKeyPath<State, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> Child.Action?,
    child: Child
  ) {
    parts = Parts(
      parent: parent,
      child: child,
      toChildState: StateProjection(toChildState),
      embed: embed,
      extract: extract
    )
  }

  /// Runs the child on a child action, then the parent on every action, and merges their
  /// effects in that order.
  ///
  /// - Parameters:
  ///   - state: The parent's state; the child changes the part at the scope's key path.
  ///   - action: A parent action.
  /// - Returns: The child's effect (mapped to parent actions), then the parent's.
  @inlinable @inline(__always)
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    // Always inlined, so that the levels of a nested feature become one function in the
    // feature's module: what is left of a level is its `extract` call and the child's offset.
    let parts = parts
    guard let childAction = parts.extract(action) else {
      return parts.parent.reduce(state: &state, action: action)
    }
    let childEffect = parts.toChildState.reduce(&state, with: parts.child, action: childAction)
    let parentEffect = parts.parent.reduce(state: &state, action: action)
    if childEffect.isNone { return parentEffect }
    return Self.embedding(childEffect, then: parentEffect, through: parts.embed)
  }

  /// The child's effect mapped to parent actions, then the parent's.
  ///
  /// Out of line, so that the levels of a nested feature, inlined into one function, do not
  /// each carry the mapping and the merge: the common send, whose child returns `.none`, only
  /// checks for it on the way back.
  @inlinable @inline(never)
  static func embedding(
    _ childEffect: AnyEffect<Child.Action>,
    then parentEffect: AnyEffect<Action>,
    through embed: @escaping @Sendable (Child.Action) -> Action
  ) -> AnyEffect<Action> {
    .merging(childEffect.map(embed), parentEffect)
  }

  /// The child's `bind()` effect (mapped to parent actions), merged with the parent's.
  public func bind() -> AnyEffect<Action> {
    .merging(parts.child.bind().map(parts.embed), parts.parent.bind())
  }
}

extension Scope {
  // Inlinable: builds the scope's closures for the client's types; they run on every action.

  /// Creates a reducer that runs `child` on the state at `state`, for the actions that
  /// `extract` finds in the parent's actions.
  ///
  /// ```swift
  /// Scope(
  ///   state: \.counter,
  ///   action: Action.counter,
  ///   extract: { if case .counter(let action) = $0 { action } else { nil } }
  /// ) {
  ///   Counter()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in the parent's state.
  ///   - embed: The parent action case that carries a child action, such as `Action.counter`;
  ///     the child's effects emit through it.
  ///   - extract: The child action that a parent action carries, or `nil` for an action of
  ///     another case.
  ///   - child: The child reducer.
  @inlinable
  public init<ParentAction, ParentState>(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> ParentAction,
    extract: @escaping @Sendable (ParentAction) -> Child.Action?,
    child: () -> Child
  ) where Parent == EmptyReducer<ParentAction, ParentState> {
    self.init(
      parent: EmptyReducer(),
      state: state,
      action: embed,
      extract: extract,
      child: child()
    )
  }
}

extension Reducer {
  // Inlinable: see the extension above.

  /// Embeds a child reducer in this one: the child runs on the state at `state`, for the
  /// actions that `extract` finds, before this reducer runs on every action.
  ///
  /// ```swift
  /// let app = AppCore()
  ///   .scope(
  ///     state: \.counter,
  ///     action: AppAction.counter,
  ///     extract: { if case .counter(let action) = $0 { action } else { nil } }
  ///   ) {
  ///     Counter()
  ///   }
  /// ```
  ///
  /// This reducer sees each child action after the child has reduced it, so it can react to
  /// what the child did.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state in this reducer's state.
  ///   - embed: The action case that carries a child action, such as `Action.counter`.
  ///   - extract: The child action that an action carries, or `nil` for an action of another
  ///     case.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func scope<Child: Reducer>(
    state: WritableKeyPath<State, Child.State> & Sendable,
    action embed: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> Child.Action?,
    child: () -> Child
  ) -> Scope<Self, Child> {
    Scope(parent: self, state: state, action: embed, extract: extract, child: child())
  }
}
