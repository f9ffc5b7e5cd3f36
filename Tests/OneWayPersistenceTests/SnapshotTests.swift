import Clocks
import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

@Suite("Snapshot mode")
struct SnapshotTests {
  let folder = TemporaryFolder()

  func snapshots(
    clock: TestClock<Duration>
  ) throws -> Persistence<ListReducer.State, ListReducer.Action> {
    try Persistence(
      snapshotsAt: folder.file(),
      initialState: ListReducer.State(),
      interval: .seconds(1),
      clock: clock
    )
  }

  func stored() -> [Int]? {
    guard case .valid(_, _, let state) = FileLayout.parseSnapshot(bytes(folder.file())) else {
      return nil
    }
    return try? JSONDecoder().decode(ListReducer.State.self, from: Data(state)).numbers
  }

  @Test func j2TenThousandSendsWithinOneIntervalCauseAtMostTwoWrites() async throws {
    let clock = TestClock()
    let persistence = try snapshots(clock: clock)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...10_000 { await store.send(.append(number)) }
    #expect(persistence.snapshotWrites == 1)
    #expect(stored() == [1])
    await clock.advance(by: .seconds(1))
    await persistence.waitForTimer()
    #expect(persistence.snapshotWrites == 2)
    #expect(stored() == Array(1...10_000))
    _ = Unmanaged.passRetained(store)
  }

  @Test func j2FlushWritesThePendingStateNow() async throws {
    let clock = TestClock()
    let persistence = try snapshots(clock: clock)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    await store.send(.append(1))
    await store.send(.append(2))
    #expect(stored() == [1])
    try persistence.flush()
    #expect(stored() == [1, 2])
    // Nothing new: the timer writes nothing.
    await clock.advance(by: .seconds(1))
    await persistence.waitForTimer()
    #expect(persistence.snapshotWrites == 2)
    _ = Unmanaged.passRetained(store)
  }

  @Test func j2ReleasingTheStoreFlushes() async throws {
    let clock = TestClock()
    do {
      let persistence = try snapshots(clock: clock)
      let store = Store(reducer: ListReducer(), state: persistence.loadedState)
      await store.persist(with: persistence)
      await store.send(.append(1))
      await store.send(.append(2))
    }
    #expect(stored() == [1, 2])
  }

  @Test func j2TheSnapshotFileIsReplacedAtomically() async throws {
    let clock = TestClock()
    let persistence = try snapshots(clock: clock)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    await store.send(.append(1))
    // Only the snapshot and its lock file: no temporary file left behind, no probe.
    #expect(folder.contents == ["state.store", "state.store.lock"])
    _ = Unmanaged.passRetained(store)
  }
}
