import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// A counter whose `incrementLater` increments through an effect's action.
struct SharedCounter: Reducer {
  enum Action: Codable, Sendable, Equatable {
    case increment
    case incrementLater
    case nothing
  }

  struct State: Codable, Sendable, Equatable {
    var count = 0
  }

  let effects: EffectCounter

  init(effects: EffectCounter = EffectCounter()) {
    self.effects = effects
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .single { [effects] in
        effects.increment()
        return .increment
      }
    case .nothing:
      return .none
    }
  }
}

/// A journal that refuses every append, as if another instance always appended first.
struct AlwaysConflictingJournal: SharedJournal {
  let location = "always-conflicting"
  func load(storeID: String) -> StoredHistory { StoredHistory() }
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) -> SharedAppend {
    .conflict(missed: [])
  }
  func records(storeID: String, after sequence: UInt64) -> [StoredRecord] { [] }
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) {}
}

/// A journal whose snapshots fail, over an in-memory one.
struct FailingSnapshotsJournal: SharedJournal {
  let base = InMemorySharedJournal()
  var location: String { base.location }
  func load(storeID: String) async -> StoredHistory { await base.load(storeID: storeID) }
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    try await base.append(storeID: storeID, record: record, expectedSequence: expectedSequence)
  }
  func records(storeID: String, after sequence: UInt64) async -> [StoredRecord] {
    await base.records(storeID: storeID, after: sequence)
  }
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) throws {
    throw PersistenceError(location: location, reason: .writeFailed(message: "disk full"))
  }
}

/// An in-memory journal whose first `collisions` appends lose to another instance's append of
/// the same number at the same moment: that instance's increment is written, theirs is not,
/// and the answer, read before the winner committed, misses it. It counts the reads a store
/// makes besides its appends.
actor CollidingJournal: SharedJournal {
  let base = InMemorySharedJournal()
  private(set) var collisions: Int
  private(set) var reads = 0
  nonisolated var location: String { base.location }

  init(collisions: Int) {
    self.collisions = collisions
  }

  func load(storeID: String) async -> StoredHistory { await base.load(storeID: storeID) }
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    guard collisions == 0 else {
      collisions -= 1
      let missed = await base.records(storeID: storeID, after: expectedSequence)
      let winner = StoredRecord(
        sequence: expectedSequence + UInt64(missed.count) + 1,
        version: 1,
        payload: Array(try JSONEncoder().encode(SharedCounter.Action.increment))
      )
      _ = try await base.append(
        storeID: storeID,
        record: winner,
        expectedSequence: winner.sequence - 1
      )
      return .conflict(missed: missed)
    }
    return try await base.append(
      storeID: storeID,
      record: record,
      expectedSequence: expectedSequence
    )
  }
  func records(storeID: String, after sequence: UInt64) async -> [StoredRecord] {
    reads += 1
    return await base.records(storeID: storeID, after: sequence)
  }
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async {
    await base.writeSnapshot(storeID: storeID, snapshot)
  }
}

private func instance(
  _ journal: any SharedJournal,
  id: String = "counter",
  effects: EffectCounter = EffectCounter(),
  snapshotEvery: Int = 1000,
  maxAttempts: Int = 1000,
  onError: @escaping @Sendable (any Error) -> Void = { Issue.record("unexpected: \($0)") }
) async throws -> SharedStore<SharedCounter> {
  try await SharedStore.load(
    id: id,
    reducer: SharedCounter(effects: effects),
    initialState: SharedCounter.State(),
    journal: journal,
    snapshotEvery: snapshotEvery,
    maxAttempts: maxAttempts,
    onError: onError
  )
}

private func record(_ sequence: UInt64, _ action: SharedCounter.Action) throws -> StoredRecord {
  StoredRecord(sequence: sequence, version: 1, payload: Array(try JSONEncoder().encode(action)))
}

@Suite("Shared stores over one journal (J4)")
struct SharedStoreTests {
  @Test func j4TwoInstancesSendingConcurrentlyLoseNothingAndApplyNothingTwice() async throws {
    let journal = InMemorySharedJournal()
    let first = try await instance(journal)
    let second = try await instance(journal)
    let perSender = 50
    try await withThrowingTaskGroup(of: Void.self) { group in
      for store in [first, second, first, second] {
        group.addTask {
          for _ in 0..<perSender { try await store.send(.increment) }
        }
      }
      try await group.waitForAll()
    }
    let total = 4 * perSender
    #expect(try await instance(journal).state.count == total)
    let records = await journal.records(storeID: "counter", after: 0)
    #expect(records.map(\.sequence) == (1...UInt64(total)).map { $0 })
    // Each instance catches up when it sends next: both then hold every increment.
    try await first.send(.nothing)
    try await second.send(.nothing)
    #expect(await first.state.count == total)
    #expect(await second.state.count == total)
  }

  @Test func j4AnAppendThatLostTheRaceReducesTheRecordsItMissedFromTheAnswer() async throws {
    let journal = CollidingJournal(collisions: 0)
    let first = try await instance(journal)
    let second = try await instance(journal)
    try await second.send(.increment)
    try await second.send(.increment)
    #expect(try await first.send(.increment).count == 3)
    #expect(await first.sequence == 3)
    #expect(await first.conflicts == 1)
    #expect(await journal.reads == 0)
    #expect(await journal.base.records(storeID: "counter", after: 0).count == 3)
  }

  @Test func j4AnAppendThatTookANumberAtTheSameMomentAsAnotherIsRetried() async throws {
    let journal = CollidingJournal(collisions: 2)
    let store = try await instance(journal)
    // Two collisions, each another instance's increment written in its place: the third
    // append is numbered after both.
    #expect(try await store.send(.increment).count == 3)
    #expect(await store.sequence == 3)
    #expect(await store.conflicts == 3)
    #expect(await journal.reads == 0)
  }

  @Test func j4ARecordOfANewerVersionAmongTheMissedIsNeverAppendedPast() async throws {
    let journal = InMemorySharedJournal()
    let store = try await instance(journal)
    var newer = try record(1, .increment)
    newer.version = 2
    _ = try await journal.append(storeID: "counter", record: newer, expectedSequence: 0)
    for _ in 0..<2 {
      do {
        try await store.send(.increment)
        Issue.record("a send past a record of a newer version succeeded")
      } catch let error as PersistenceError {
        #expect(error.reason == .newerVersion(found: 2, supported: 1))
      }
    }
    #expect(await journal.records(storeID: "counter", after: 0) == [newer])
  }

  @Test func j4ExhaustedAttemptsThrowAClearErrorAndCommitNothing() async throws {
    let store = try await instance(AlwaysConflictingJournal(), maxAttempts: 3)
    await #expect(throws: PersistenceError.self) { try await store.send(.increment) }
    do {
      try await store.send(.increment)
    } catch let error as PersistenceError {
      #expect(error.reason == .retriesExhausted(attempts: 3))
      #expect(error.description.contains("was not committed"))
      #expect(error.description.contains("maxAttempts"))
    }
    #expect(await store.state.count == 0)
    #expect(await store.conflicts == 6)
  }

  @Test func j4RecoveryTakesTheSnapshotAndReplaysTheTail() async throws {
    let journal = InMemorySharedJournal()
    for sequence in 1...5 {
      let answer = try await journal.append(
        storeID: "counter",
        record: record(UInt64(sequence), .increment),
        expectedSequence: UInt64(sequence - 1)
      )
      #expect(answer == .appended(sequence: UInt64(sequence), missed: []))
    }
    // A snapshot that differs from the replay of what it covers: loading must start from it.
    let state = try JSONEncoder().encode(SharedCounter.State(count: 100))
    await journal.writeSnapshot(
      storeID: "counter",
      StoredSnapshot(version: 1, sequence: 3, state: Array(state))
    )
    let store = try await instance(journal)
    #expect(await store.state.count == 102)
    #expect(await store.sequence == 5)
  }

  @Test func j4ACommitOnAMultipleOfSnapshotEveryWritesASnapshot() async throws {
    let journal = InMemorySharedJournal()
    let store = try await instance(journal, snapshotEvery: 3)
    for _ in 0..<7 { try await store.send(.increment) }
    let snapshots = await journal.snapshots(storeID: "counter")
    #expect(snapshots.map(\.sequence) == [3, 6])
    let reloaded = try await instance(journal)
    #expect(await reloaded.state.count == 7)
  }

  @Test func j4AFailedSnapshotIsReportedAndLosesNoAction() async throws {
    let errors = Mutexed<[String]>([])
    let journal = FailingSnapshotsJournal()
    let store = try await instance(journal, snapshotEvery: 1) { error in
      errors.withLock { $0.append("\(error)") }
    }
    #expect(try await store.send(.increment).count == 1)
    #expect(errors.withLock { $0.count } == 1)
    #expect(try await instance(journal).state.count == 1)
  }

  @Test func j4AnEffectsActionIsJournaledBeforeItIsReduced() async throws {
    let journal = InMemorySharedJournal()
    let store = try await instance(journal)
    #expect(try await store.send(.incrementLater).count == 0)
    await journal.waitForRecords(storeID: "counter", count: 2)
    let records = await journal.records(storeID: "counter", after: 0)
    let actions = try records.map {
      try JSONDecoder().decode(SharedCounter.Action.self, from: Data($0.payload))
    }
    #expect(actions == [.incrementLater, .increment])
    // Sends are served in arrival order: this one comes after the effect's.
    #expect(try await store.send(.nothing).count == 1)
  }

  @Test func j4ReplayedRecordsStartNoEffect() async throws {
    let effects = EffectCounter()
    let (_, proposals) = AsyncStream<SharedCounter.Action>.makeStream()
    let engine = Store(
      reducer: CommittingReducer(base: SharedCounter(effects: effects), proposals: proposals),
      state: SharedCounter.State()
    )
    await engine.send(.replayed(.incrementLater))
    await engine.send(.replayed(.increment))
    #expect(await engine.isIdle)
    #expect(await engine.state.count == 1)
    #expect(effects.value == 0)
  }

  @Test func j4LoadingRefusesANewerVersion() async throws {
    let journal = InMemorySharedJournal()
    var newer = try record(1, .increment)
    newer.version = 2
    #expect(
      try await journal.append(storeID: "counter", record: newer, expectedSequence: 0)
        == .appended(sequence: 1, missed: [])
    )
    await #expect(throws: PersistenceError.self) { try await instance(journal) }
  }

  @Test func j4AnUndecodableRecordIsAClearError() async throws {
    let journal = InMemorySharedJournal()
    let garbage = StoredRecord(sequence: 1, version: 1, payload: Array("{".utf8))
    #expect(
      try await journal.append(storeID: "counter", record: garbage, expectedSequence: 0)
        == .appended(sequence: 1, missed: [])
    )
    do {
      _ = try await instance(journal)
      Issue.record("loading an undecodable record succeeded")
    } catch let error as PersistenceError {
      guard case .unreadable(let sequence, _) = error.reason else {
        Issue.record("unexpected reason: \(error.reason)")
        return
      }
      #expect(sequence == 1)
      #expect(error.description.contains("store counter"))
    }
  }
}
