import OneWay
import OneWayCasePaths

/// The detail of one row, shown on demand: it loads a fact about the row's count.
///
/// The parent holds it as an optional and embeds it with `ifLet`: while the detail is
/// closed, its actions are ignored, and closing it cancels the load in flight, so a fact
/// never arrives for a detail that is no longer there.
struct FactDetail: Reducer {
  /// The detail's state.
  struct State: Sendable, Equatable, Codable {
    /// The row the detail is about.
    let rowID: Int
    /// The number the fact is about.
    let number: Int
    /// The fact, once loaded.
    var fact: String?
  }

  /// Everything that can happen to the detail.
  @CasePathable
  enum Action: Sendable, Equatable, Codable {
    /// Starts loading the fact.
    case load
    /// The fact arrived.
    case loaded(String)
    /// The user closed the detail; the parent does it.
    case closeTapped
  }

  /// Where facts come from: slow, as a network would be.
  let facts: @Sendable (Int) async -> String

  /// Changes the detail for `action`, and returns the load as an effect.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .load:
      let (facts, number) = (self.facts, state.number)
      return .single { .loaded(await facts(number)) }

    case .loaded(let fact):
      state.fact = fact
      return .none

    case .closeTapped:
      return .none
    }
  }
}
