/// A reducer that drops the actions a predicate rejects before they reach the base reducer.
///
/// Build it with ``Reducer/filter(_:)``. It plays the part of a middleware that swallows
/// actions: a dropped action changes nothing and starts no effect, and the reducers this one
/// wraps never see it.
public struct FilteredReducer<Base: Reducer>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The base reducer's actions.
  public typealias Action = Base.Action
  /// The base reducer's state.
  public typealias State = Base.State

  @usableFromInline let base: Base
  @usableFromInline let isIncluded: @Sendable (State, Action) -> Bool

  @usableFromInline
  init(base: Base, isIncluded: @escaping @Sendable (State, Action) -> Bool) {
    self.base = base
    self.isIncluded = isIncluded
  }

  /// Reduces `action` with the base reducer if the predicate accepts it; otherwise does
  /// nothing.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - action: The action to check, then reduce.
  /// - Returns: The base reducer's effect, or `.none` for a dropped action.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    guard isIncluded(state, action) else { return .none }
    return base.reduce(state: &state, action: action)
  }

  /// The base reducer's `bind()` effect; its actions are filtered like any other.
  public func bind() -> AnyEffect<Action> {
    base.bind()
  }
}

extension Reducer {
  // Inlinable: builds the operator's closures for the client's types; they run on every action.

  /// Drops, before they are reduced, the actions for which `isIncluded` returns `false`.
  ///
  /// ```swift
  /// // While a sheet is up, the list below it ignores taps.
  /// let list = ListReducer().filter { state, action in
  ///   state.sheet == nil || !action.isTap
  /// }
  /// ```
  ///
  /// Modifiers apply from the outside in: in `core.filter(a).didReduce(b)`, `b` sees every
  /// action, including those `a` drops (unchanged state, no effect).
  ///
  /// - Parameter isIncluded: Whether to reduce `action` in `state`.
  /// - Returns: A reducer that reduces only the actions `isIncluded` accepts.
  @inlinable
  public func filter(
    _ isIncluded: @escaping @Sendable (_ state: State, _ action: Action) -> Bool
  ) -> FilteredReducer<Self> {
    FilteredReducer(base: self, isIncluded: isIncluded)
  }
}
