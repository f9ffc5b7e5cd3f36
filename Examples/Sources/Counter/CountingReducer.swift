import OneWay

/// The reducer from OneWay's README: a number that can go up, go down, or go up twice in a
/// row while a loading flag is raised.
///
/// A reducer is a plain value with no stored dependencies here, so it is trivially `Sendable`
/// and every store that runs it starts from the same, fully predictable place.
struct CountingReducer: Reducer {
  /// Everything that can happen to the counter.
  enum Action: Sendable {
    /// Adds one to the number.
    case increment
    /// Subtracts one from the number.
    case decrement
    /// Adds two, one at a time, with `isLoading` raised for the duration.
    case twice
    /// Raises or lowers the loading flag.
    case setIsLoading(Bool)
  }

  /// The counter's state: what a screen would show.
  struct State: Sendable, Equatable {
    /// The current count.
    var number: Int
    /// Whether a multi-step change (``Action/twice``) is under way.
    var isLoading = false
  }

  /// Changes the state for `action`, and returns the follow-up actions as an effect.
  ///
  /// `.twice` changes nothing itself: it describes the steps as an effect, and the store feeds
  /// their actions back through this function. Because `just`, `merge` of `just`s and `concat`
  /// of those are synchronous, they are all reduced before `send(.twice)` returns.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.number += 1
      return .none

    case .decrement:
      state.number -= 1
      return .none

    case .twice:
      return .concat(
        .just(.setIsLoading(true)),
        .merge(
          .just(.increment),
          .just(.increment)
        ),
        .just(.setIsLoading(false))
      )

    case .setIsLoading(let isLoading):
      state.isLoading = isLoading
      return .none
    }
  }
}

extension CountingReducer.State: CustomStringConvertible {
  /// A one-line rendering of the state, as the example prints it.
  var description: String {
    "number: \(number), isLoading: \(isLoading)"
  }
}
