/// A reducer that changes nothing and starts no effect: the parent of a ``Scope`` that
/// embeds a child on its own, and a placeholder while a feature is being built.
///
/// ```swift
/// let reducer = EmptyReducer<AppAction, AppState>()
/// ```
public struct EmptyReducer<Action: Sendable, State: Sendable & Equatable>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  /// Leaves `state` as it is and returns `.none`.
  ///
  /// - Parameters:
  ///   - state: The state, unchanged.
  ///   - action: The action, ignored.
  /// - Returns: `.none`.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    .none
  }
}
