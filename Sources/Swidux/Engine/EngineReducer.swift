import OneWay

/// A Swidux reducer in the shape OneWay's engine runs: a `OneWay.Reducer` whose state is the
/// application state in an ``EngineState`` and whose actions are ``DispatchedAction``s.
///
/// It never returns an effect: a Swidux reducer only changes the state.
struct EngineReducer<AppState>: OneWay.Reducer {
  typealias State = EngineState<AppState>
  typealias Action = DispatchedAction

  let reducer: Reducer<AppState>

  init(_ reducer: Reducer<AppState>) {
    self.reducer = reducer
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    reducer.reduce(&state.box.appState, action.action)
    return .none
  }
}
