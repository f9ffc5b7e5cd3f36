#if Combine
import Foundation
import OneWayCombine
import Testing

@testable import OneWayPersistence

/// OneWayCombine's `Way`, persisted through the engine's channel of reductions by the same
/// implementation as every store.
@Suite("Way")
struct WayPersistenceTests {
  let folder = TemporaryFolder()

  /// The list of `ListReducer` as a way; `.appendWithEffect` derives an `.append` through a
  /// synchronous side way.
  final class ListWay: Way<ListReducer.Action, ListReducer.State> {
    override func reduce(
      state: inout ListReducer.State,
      action: ListReducer.Action
    ) -> SideWay<ListReducer.Action, Never> {
      switch action {
      case .append(let number):
        state.numbers.append(number)
        return .none
      case .appendWithEffect(let number):
        return .just(.append(number))
      case .nothing:
        return .none
      }
    }
  }

  @Test func j3AWaysActionsAreJournaledBeforeSendReturns() throws {
    let file = folder.file()
    do {
      let persistence = try journal(file)
      let way = ListWay(initialState: persistence.loadedState)
      way.persist(with: persistence)
      way.send(.append(1))
      way.send(.appendWithEffect(2))
      way.send(.nothing)
      #expect(way.state.numbers == [1, 2])
      // `.append(1)` and the `.append(2)` that a side way derived; no unchanged action.
      #expect(journalRecords(file) == 2)
    }
    #expect(try journal(file).loadedState.numbers == [1, 2])
  }

  @Test func j2AWaysStateIsSnapshottedAndReleasingItFlushes() throws {
    let file = folder.file()
    let snapshots = { () throws -> Persistence<ListReducer.State, ListReducer.Action> in
      try Persistence(snapshotsAt: file, initialState: ListReducer.State(), interval: .seconds(60))
    }
    do {
      let way = ListWay(initialState: try snapshots().loadedState, threadOption: .threadSafe)
      way.persist(with: try snapshots())
      way.send(.append(1))
      way.send(.append(2))
    }
    #expect(try snapshots().loadedState.numbers == [1, 2])
  }

  @Test func j1ASecondWayIsNotAttached() throws {
    let errors = ErrorLog()
    let persistence = try journal(folder.file(), errors: errors)
    let first = ListWay(initialState: persistence.loadedState)
    let second = ListWay(initialState: persistence.loadedState)
    first.persist(with: persistence)
    second.persist(with: persistence)
    #expect(errors.all.map(\.reason) == [.alreadyAttached])
  }
}
#endif
