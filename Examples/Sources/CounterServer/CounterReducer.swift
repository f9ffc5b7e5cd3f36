import OneWay

/// A counter entity: created once, then incremented or added to.
///
/// Actions travel as JSON: `{"increment":{}}`, `{"add":{"amount":5}}`.
struct CounterReducer: Reducer {
  enum Action: Codable, Sendable, Equatable {
    case create
    case increment
    case add(amount: Int)
  }

  struct State: Codable, Sendable, Equatable {
    var created = false
    var count = 0
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .create:
      state.created = true
    case .increment:
      state.count += 1
    case .add(let amount):
      state.count += amount
    }
    return .none
  }
}
