import OneWayCombine

/// OneWay 1.x's README counter, as written there.
///
/// `@unchecked Sendable` is what Swift 6 asks of a way used from several threads: the way's own
/// parts are thread-safe with `.threadSafe`, and this subclass adds no stored property.
final class CounterWay: Way<CounterWay.Action, CounterWay.State>, @unchecked Sendable {
  enum Action {
    case increment
    case decrement
    case twice
  }

  struct State: Equatable {
    var number: Int
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .decrement:
      state.number -= 1
      return .none
    case .twice:
      return .concat(
        .just(.increment),
        .just(.increment)
      )
    }
  }
}
