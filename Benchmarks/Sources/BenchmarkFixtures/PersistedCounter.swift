import OneWay

/// The counter of the persistence benchmarks (PersistenceBenchmarks, and OneWayProfile's `p2-*`
/// scenarios): `Codable`, so that a persistence can journal its actions and snapshot its state;
/// `.nothing` leaves the state as it is.
package struct PersistedCounter: Reducer {
  package enum Action: Codable, Sendable {
    case add(Int)
    case nothing
  }

  package struct State: Codable, Sendable, Equatable {
    package var total = 0

    package init() {}
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let amount): state.total += amount
    case .nothing: break
    }
    return .none
  }
}
