import Clocks
import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

@Suite("Journal mode")
struct JournalTests {
  let folder = TemporaryFolder()

  var journalFile: URL { URL(fileURLWithPath: folder.file().path + ".journal") }

  func records() -> Int {
    guard case .valid(_, _, let scan) = FileLayout.parseJournal(bytes(journalFile)) else {
      return 0
    }
    return scan.records.count
  }

  @Test func j3EachActionIsAppendedBeforeSendReturns() async throws {
    let persistence = try journal(folder.file())
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...5 {
      await store.send(.append(number))
      #expect(records() == number)
    }
    // An action that changes nothing has nothing to replay.
    await store.send(.nothing)
    #expect(records() == 5)
  }

  @Test func j3RecoveryReplaysTheJournalThroughTheReducerWithoutEffects() async throws {
    let file = folder.file()
    do {
      let persistence = try journal(file)
      let store = Store(reducer: ListReducer(), state: persistence.loadedState)
      await store.persist(with: persistence)
      await store.send(.appendWithEffect(1))
      await store.send(.append(2))
      // A crash: the journal is left as it is, without the flush a release would make.
      crash(store, persistence)
    }
    #expect(records() == 2)
    do {
      let effects = EffectCounter()
      let recovered = try journal(file, reducer: ListReducer(effects: effects))
      #expect(recovered.loadedState.numbers == [1, 2])
      #expect(effects.value == 0)
      // The recovered state is written back as a snapshot, and the journal emptied.
      #expect(records() == 0)
    }
    #expect(try journal(file).loadedState.numbers == [1, 2])
  }

  @Test func j3ATornLastRecordIsDroppedAndNoEarlierRecordIsLost() async throws {
    let file = folder.file()
    let persistence = try journal(file)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...3 { await store.send(.append(number)) }
    let whole = bytes(journalFile)
    crash(store, persistence)
    write(Array(whole.dropLast(2)), to: journalFile)
    let recovered = try journal(file)
    #expect(recovered.loadedState.numbers == [1, 2])
    // Reported (J3), as what a crash in the middle of an append leaves.
    guard recovered.problems.count == 1,
      case .droppedJournalTail(let tail) = recovered.problems[0].reason
    else {
      Issue.record("not reported as a dropped tail: \(recovered.problems)")
      return
    }
    #expect(tail.cause == .lengthPastEnd && tail.cause.isInterruptedAppend)
    #expect(tail.recoveredThrough == 2)
    #expect(bytes(URL(fileURLWithPath: tail.keptIn)) == Array(whole.dropLast(2)))
  }

  @Test func j3ADamagedRecordInTheMiddleIsReportedAndTheRecordsBeforeItKept() async throws {
    let file = folder.file()
    let persistence = try journal(file)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...3 { await store.send(.append(number)) }
    crash(store, persistence)
    var damaged = bytes(journalFile)
    guard case .valid(_, _, let scan) = FileLayout.parseJournal(damaged) else {
      Issue.record("no journal")
      return
    }
    damaged[scan.records[1].lowerBound] ^= 0xFF
    write(damaged, to: journalFile)
    let recovered = try journal(file)
    #expect(recovered.loadedState.numbers == [1])
    #expect(recovered.problems.count == 1)
    #expect(folder.contents.contains { $0.hasPrefix("state.store.journal.corrupt-") })
  }

  @Test func j3ASnapshotEveryNActionsCompactsTheJournal() async throws {
    let file = folder.file()
    let persistence = try journal(file, snapshotEvery: 4)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...10 { await store.send(.append(number)) }
    #expect(records() == 2)
    #expect(persistence.snapshotWrites == 2)
    crash(store, persistence)
    #expect(try journal(file).loadedState.numbers == Array(1...10))
  }

  @Test func j2ReleasingTheStoreFlushes() async throws {
    let file = folder.file()
    do {
      let persistence = try journal(file)
      let store = Store(reducer: ListReducer(), state: persistence.loadedState)
      await store.persist(with: persistence)
      await store.send(.append(1))
    }
    #expect(records() == 0)
    guard case .valid(_, let sequence, _) = FileLayout.parseSnapshot(bytes(file)) else {
      Issue.record("no snapshot after the release")
      return
    }
    #expect(sequence == 1)
  }

  @Test func j1ASecondStoreIsNotAttached() async throws {
    let errors = ErrorLog()
    let persistence = try journal(folder.file(), errors: errors)
    let first = Store(reducer: ListReducer(), state: persistence.loadedState)
    let second = Store(reducer: ListReducer(), state: persistence.loadedState)
    await first.persist(with: persistence)
    await second.persist(with: persistence)
    #expect(errors.all.map(\.reason) == [.alreadyAttached])
  }

  @Test @MainActor func j3AViewStoreIsPersistedThroughTheSameChannel() async throws {
    let file = folder.file()
    let persistence = try journal(file)
    let store = ViewStore(reducer: ListReducer(), state: persistence.loadedState)
    store.persist(with: persistence)
    store.send(.append(1))
    store.send(.append(2))
    #expect(records() == 2)
    crash(store, persistence)
    #expect(try journal(file).loadedState.numbers == [1, 2])
  }

  @Test func j3AFileBackendRefusesAnAppendThatLostARace() throws {
    let backend = FileBackend(path: folder.file().path, journal: true)
    try backend.checkWritable()
    _ = try backend.load()
    try backend.append(StoredRecord(sequence: 1, version: 1, payload: [1]), expectedSequence: 0)
    #expect {
      try backend.append(StoredRecord(sequence: 1, version: 1, payload: [2]), expectedSequence: 0)
    } throws: { ($0 as? PersistenceError)?.reason == .conflict(expected: 0, found: 1) }
  }

  /// Sends from the store's actor while other threads flush: the persistence's lock is what
  /// keeps its fields consistent (run under the thread sanitizer).
  @Test func j3FlushesFromOtherThreadsWhileSending() async throws {
    let file = folder.file()
    let persistence = try journal(file, snapshotEvery: 50)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for number in 1...300 { await store.send(.append(number)) }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<20 { try? persistence.flush() }
        }
      }
    }
    crash(store, persistence)
    #expect(try journal(file).loadedState.numbers == Array(1...300))
  }
}

@Suite("Journal mode, fsync at an interval")
struct JournalIntervalTests {
  let folder = TemporaryFolder()

  @Test func j3WithIntervalSyncEachActionIsStillAppendedBeforeSendReturns() async throws {
    let clock = TestClock()
    let file = folder.file()
    let persistence = try Persistence(
      journalAt: file,
      reducer: ListReducer(),
      initialState: ListReducer.State(),
      sync: .interval(.seconds(1)),
      clock: clock
    )
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...100 { await store.send(.append(number)) }
    await clock.advance(by: .seconds(1))
    await persistence.waitForTimer()
    crash(store, persistence)
    #expect(try journal(file).loadedState.numbers == Array(1...100))
  }
}
