/// A reducer that runs a hook before or after each reduce of its base reducer: the part
/// middleware plays in Redux-style libraries (logging, analytics, persistence), as a reducer.
///
/// Build it with ``Reducer/willReduce(_:)`` or ``Reducer/didReduce(_:)``. A hook sees every
/// action the store reduces, sent or fed back by an effect. It returns an effect, so that the
/// work it starts (saving, reporting) runs as the store's effects do, cancellable and testable;
/// return `.none` when there is nothing to run. The hook's effect is merged before the base's
/// effect for `willReduce` and after it for `didReduce`.
public struct ObservingReducer<Base: Reducer>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The base reducer's actions.
  public typealias Action = Base.Action
  /// The base reducer's state.
  public typealias State = Base.State

  @usableFromInline let base: Base
  @usableFromInline let before: (@Sendable (Action, State) -> AnyEffect<Action>)?
  @usableFromInline let after: (@Sendable (Action, State, State) -> AnyEffect<Action>)?

  @usableFromInline
  init(
    base: Base,
    before: (@Sendable (Action, State) -> AnyEffect<Action>)?,
    after: (@Sendable (Action, State, State) -> AnyEffect<Action>)?
  ) {
    self.base = base
    self.before = before
    self.after = after
  }

  /// Runs the hook before the base reducer (``Reducer/willReduce(_:)``) or after it
  /// (``Reducer/didReduce(_:)``).
  ///
  /// - Parameters:
  ///   - state: The state the base reducer changes.
  ///   - action: The action.
  /// - Returns: The hook's effect and the base reducer's, merged in the order they ran.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    var effects = EffectMerger<Action>()
    if let before { effects.append(before(action, state)) }
    if let after {
      let oldState = state
      effects.append(base.reduce(state: &state, action: action))
      effects.append(after(action, oldState, state))
    } else {
      effects.append(base.reduce(state: &state, action: action))
    }
    return effects.merged
  }

  /// The base reducer's `bind()` effect; its actions pass through the hook like any other.
  public func bind() -> AnyEffect<Action> {
    base.bind()
  }
}

extension Reducer {
  // Inlinable: builds the operator's closures for the client's types; they run on every action.

  /// Runs `body` with each action and the state before the action is reduced.
  ///
  /// ```swift
  /// let app = AppReducer().willReduce { action, _ in
  ///   .sequence { _ in await analytics.track("\(action)") }
  /// }
  /// ```
  ///
  /// Modifiers apply from the outside in: the last one written runs first.
  ///
  /// - Parameter body: The hook; the effect it returns is merged before the reducer's.
  /// - Returns: A reducer that runs `body`, then this reducer.
  @inlinable
  public func willReduce(
    _ body: @escaping @Sendable (_ action: Action, _ state: State) -> AnyEffect<Action>
  ) -> ObservingReducer<Self> {
    ObservingReducer(base: self, before: body, after: nil)
  }

  /// Runs `body` with each action, the state before it and the state after it, once the action
  /// is reduced.
  ///
  /// ```swift
  /// let app = AppReducer().didReduce { action, oldState, newState in
  ///   print("\(action): \(oldState.count) -> \(newState.count)")
  ///   return .none
  /// }
  /// ```
  ///
  /// - Parameter body: The hook; the effect it returns is merged after the reducer's.
  /// - Returns: A reducer that runs this reducer, then `body`.
  @inlinable
  public func didReduce(
    _ body:
      @escaping @Sendable (_ action: Action, _ oldState: State, _ newState: State) ->
      AnyEffect<Action>
  ) -> ObservingReducer<Self> {
    ObservingReducer(base: self, before: nil, after: body)
  }
}
