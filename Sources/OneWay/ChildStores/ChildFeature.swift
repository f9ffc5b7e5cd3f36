/// The reducer type of a child store made without naming its feature's reducer
/// (`let counter = await app.scope(state: \.counter, action: Action.counter)`): the store has
/// the feature's actions and state, and, like every child store, reduces nothing itself (its
/// root does).
public struct ChildFeature<Action: Sendable, State: Sendable & Equatable>: Reducer {
  /// Creates the placeholder; a child store never runs it.
  public init() {}

  /// Never called: a child store's actions are reduced by its root.
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    .none
  }
}
