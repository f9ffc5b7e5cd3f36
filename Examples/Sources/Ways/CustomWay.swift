import OneWayCombine

// OneWay 1.x's README: global subjects that a way binds to. Combine's subjects are thread-safe
// but not marked `Sendable`, so Swift 6 needs `nonisolated(unsafe)` for a global one.
nonisolated(unsafe) let globalTextSubject = PassthroughSubject<String, Never>()
nonisolated(unsafe) let globalNumberSubject = PassthroughSubject<Int, Never>()

/// A way bound to the global subjects: what they send is reduced before their `send` returns.
final class CustomWay: Way<CustomWay.Action, CustomWay.State> {
  enum Action {
    case saveText(String)
    case saveNumber(Int)
  }

  struct State: Equatable {
    var text: String
    var number: Int
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .saveText(let text):
      state.text = text
      return .none
    case .saveNumber(let number):
      state.number = number
      return .none
    }
  }

  override func bind() -> SideWay<Action, Never> {
    return .merge(
      globalTextSubject
        .map({ Action.saveText($0) })
        .eraseToSideWay(),
      globalNumberSubject
        .map({ Action.saveNumber($0) })
        .eraseToSideWay()
    )
  }
}
