import OneWay

/// A counter entity: created once, then incremented or added to.
///
/// Actions travel as JSON: `{"increment":{}}`, `{"add":{"amount":5}}`.
///
/// The reducer never traps on an action it is given: every instance reduces every row of the
/// journal, so an action that trapped would stop each of them in turn. An increment or an add
/// past `Int.max` or below `Int.min` changes nothing; the routes refuse it before it is sent
/// (``refusal(of:at:)``), so that only a race with another instance's add reaches this.
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
    case .increment, .add:
      if let count = Self.count(after: action, from: state.count) { state.count = count }
    }
    return .none
  }

  /// Why `action` cannot be applied to `state`, or `nil` if it can.
  static func refusal(of action: Action, at state: State) -> String? {
    guard count(after: action, from: state.count) == nil else { return nil }
    return "the count is \(state.count), and \(action) would take it past the range of a "
      + "64-bit integer (\(Int.min) to \(Int.max)); nothing was changed"
  }

  /// The count after `action`, or `nil` when it would overflow.
  private static func count(after action: Action, from count: Int) -> Int? {
    let amount: Int
    switch action {
    case .create: return count
    case .increment: amount = 1
    case .add(let added): amount = added
    }
    let (sum, overflow) = count.addingReportingOverflow(amount)
    return overflow ? nil : sum
  }
}
