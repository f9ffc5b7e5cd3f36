import BenchmarkFixtures
import CallgrindMarks
import Foundation
import OneWay
import OneWayPersistence

// Persistence's cost to a send that changes nothing, against the same view store unpersisted
// (PersistenceBenchmarks' P2, in plain loops for callgrind). The persistence is made and
// attached before the loop: its files are not part of a send.

// The counter is PersistenceBenchmarks' too, written again rather than shared through
// BenchmarkFixtures: in another module, its reduce and its `==` were called through the
// protocols' witnesses, a cost an app's reducer, in the app's module, does not have and
// larger than the send's own.

/// A counter whose `.nothing` leaves the state as it is.
struct PersistedCounter: Reducer {
  enum Action: Codable, Sendable {
    case add(Int)
    case nothing
  }

  struct State: Codable, Sendable, Equatable {
    var total = 0
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let amount): state.total += amount
    case .nothing: break
    }
    return .none
  }
}

/// How the view store of `sendUnchanged` is persisted.
enum PersistenceMode: String {
  case none
  case snapshots
  case journal
}

/// `iterations` sends of `.nothing` to a view store persisted in `mode`.
@MainActor
func sendUnchanged(persisted mode: PersistenceMode, _ iterations: Int) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("oneway-profile-\(getpid())")
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("counter.store")
  let store = ViewStore(reducer: PersistedCounter(), state: PersistedCounter.State())
  switch mode {
  case .none:
    break
  case .snapshots:
    store.persist(
      with: try Persistence(snapshotsAt: file, initialState: PersistedCounter.State())
    )
  case .journal:
    store.persist(
      with: try Persistence(
        journalAt: file,
        reducer: PersistedCounter(),
        initialState: PersistedCounter.State()
      )
    )
  }
  measured(iterations) { for _ in $0 { store.send(.nothing) } }
  keep(store.state.total)
}
