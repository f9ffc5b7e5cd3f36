import OneWay

/// A Swidux store's reducer in the shape OneWay's engine runs: a `OneWay.Reducer` over an
/// ``EngineState``, whose actions are ``DispatchedAction``s.
///
/// It names no application state, so that the engine is specialized for it once, here. It
/// never returns an effect: a Swidux reducer only changes the state.
@usableFromInline
struct EngineReducer: OneWay.Reducer {
  @usableFromInline typealias State = EngineState
  @usableFromInline typealias Action = DispatchedAction

  @usableFromInline
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    state.storage._withUnsafeGuaranteedRef { $0.reduce(action.action) }
    return .none
  }
}
