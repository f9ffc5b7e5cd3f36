import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// An in-memory journal that counts the records it holds where a reducer can read them while
/// it runs, synchronously.
struct ProbedJournal: SharedJournal {
  let base = InMemorySharedJournal()
  let records = Mutexed(0)
  var location: String { base.location }
  func load(storeID: String) async -> StoredHistory { await base.load(storeID: storeID) }
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    let answer = try await base.append(
      storeID: storeID,
      record: record,
      expectedSequence: expectedSequence
    )
    if case .appended = answer { records.withLock { $0 += 1 } }
    return answer
  }
  func records(storeID: String, after sequence: UInt64) async -> [StoredRecord] {
    await base.records(storeID: storeID, after: sequence)
  }
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async {
    await base.writeSnapshot(storeID: storeID, snapshot)
  }
}

/// A counter whose reducer notes, each time it runs, the count it starts from and how many
/// records the journal holds then.
struct ProbedCounter: Reducer {
  typealias Action = SharedCounter.Action
  typealias State = SharedCounter.State

  let journal: ProbedJournal
  /// `[count, records in the journal]`, one per reduce.
  let seen = Mutexed<[[Int]]>([])

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let records = journal.records.withLock { $0 }
    seen.withLock { $0.append([state.count, records]) }
    state.count += 1
    return .none
  }
}

/// A journal that stops answering while it is silent, as a server that accepted the
/// connection and then hung: each call then waits until ``speak()``, and cancelling it does not
/// end the wait.
final class SilentJournal: SharedJournal, Sendable {
  let base = InMemorySharedJournal()
  private let waiters = Mutexed<[CheckedContinuation<Void, Never>]?>(nil)
  let location = "silent"
  var server: String { "db.example:5432" }

  func fallSilent() {
    waiters.withLock { $0 = $0 ?? [] }
  }

  /// Answers the calls that waited, and the later ones at once.
  func speak() {
    let waiting = waiters.withLock { waiters in
      defer { waiters = nil }
      return waiters ?? []
    }
    for waiter in waiting { waiter.resume() }
  }

  private func waitIfSilent() async throws {
    await withCheckedContinuation { continuation in
      let waits = waiters.withLock { waiters in
        guard waiters != nil else { return false }
        waiters?.append(continuation)
        return true
      }
      if !waits { continuation.resume() }
    }
  }
  func load(storeID: String) async throws -> StoredHistory {
    try await waitIfSilent()
    return await base.load(storeID: storeID)
  }
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    try await waitIfSilent()
    return try await base.append(
      storeID: storeID,
      record: record,
      expectedSequence: expectedSequence
    )
  }
  func records(storeID: String, after sequence: UInt64) async throws -> [StoredRecord] {
    try await waitIfSilent()
    return await base.records(storeID: storeID, after: sequence)
  }
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async throws {
    try await waitIfSilent()
    await base.writeSnapshot(storeID: storeID, snapshot)
  }
}

/// Runs `body` and returns what it threw and how long it took; a body that returns is an issue.
func failure(
  of body: () async throws -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> (error: PersistenceError?, elapsed: Duration) {
  let start = ContinuousClock.now
  do {
    try await body()
    Issue.record("it did not fail", sourceLocation: sourceLocation)
    return (nil, ContinuousClock.now - start)
  } catch {
    return (error as? PersistenceError, ContinuousClock.now - start)
  }
}

@Suite("Shared stores at their edges (J4)")
struct SharedStoreEdgeTests {
  private func load<R: Reducer<SharedCounter.Action, SharedCounter.State>>(
    _ reducer: R,
    _ journal: any SharedJournal,
    timeout: Duration = .seconds(10)
  ) async throws -> SharedStore<R> {
    try await SharedStore.load(
      id: "counter",
      reducer: reducer,
      initialState: SharedCounter.State(),
      journal: journal,
      timeout: timeout,
      onError: { Issue.record("unexpected: \($0)") }
    )
  }

  @Test func j4AnActionIsReducedBeforeItIsAppended() async throws {
    let journal = ProbedJournal()
    let reducer = ProbedCounter(journal: journal)
    let store = try await load(reducer, journal)
    #expect(try await store.send(.increment).count == 1)
    // First on a copy, while the journal does not hold it yet; then, committed, in the store.
    #expect(reducer.seen.withLock { $0 } == [[0, 0], [0, 1]])
  }

  @Test func j4AnActionIsReducedAgainAfterTheRecordsItMissedBeforeItIsAppended() async throws {
    let journal = ProbedJournal()
    let stale = ProbedCounter(journal: journal)
    let first = try await load(stale, journal)
    let second = try await load(ProbedCounter(journal: journal), journal)
    try await second.send(.increment)
    #expect(try await first.send(.increment).count == 2)
    // On the stale state, refused; the missed record replayed; on the state after it, appended;
    // committed.
    #expect(stale.seen.withLock { $0 } == [[0, 1], [0, 1], [1, 1], [1, 2]])
    #expect(await journal.records(storeID: "counter", after: 0).count == 2)
    #expect(await first.conflicts == 1)
  }

  @Test func j4OpeningAStoreOnAnUnreachableJournalFailsWithinTheTimeout() async throws {
    let journal = SilentJournal()
    journal.fallSilent()
    defer { journal.speak() }
    let (error, elapsed) = await failure {
      _ = try await load(SharedCounter(), journal, timeout: .milliseconds(200))
    }
    // Bounded, not timed: under the whole suite's load a 200 ms sleep wakes seconds late, and
    // what the rule promises is an answer instead of a hang.
    #expect(elapsed < .seconds(60))
    guard case .unreachable(let server, let message)? = error?.reason else {
      Issue.record("unexpected: \(String(describing: error))")
      return
    }
    #expect(server == "db.example:5432")
    #expect(message.contains("the load of store counter"))
    #expect(error?.description.contains("Check that the server is running") == true)
  }

  @Test func j4ASendToAnUnreachableJournalFailsWithinTheTimeoutAndTheNextOneWorks() async throws {
    let journal = SilentJournal()
    let store = try await load(SharedCounter(), journal, timeout: .milliseconds(200))
    try await store.send(.increment)
    journal.fallSilent()
    for call in ["send", "refresh"] {
      let (error, elapsed) = await failure {
        if call == "send" {
          try await store.send(.increment)
        } else {
          _ = try await store.refresh()
        }
      }
      // Bounded, not timed: under the whole suite's load a 200 ms sleep wakes seconds late, and
      // what the rule promises is an answer instead of a hang.
      #expect(elapsed < .seconds(60))
      guard case .unreachable(let server, _)? = error?.reason else {
        Issue.record("\(call): unexpected \(String(describing: error))")
        continue
      }
      #expect(server == "db.example:5432")
    }
    journal.speak()
    // The append that timed out goes on once the journal answers, and may land, as an append
    // whose answer was lost may (J4); the next send works either way, and agrees with the
    // journal: it either follows that record or wins the race against it.
    let count = try await store.send(.increment).count
    #expect(count >= 2)
    #expect(await journal.base.records(storeID: "counter", after: 0).count == count)
  }

  @Test func j4AnUnreadableRecordAmongTheMissedIsNeverAppendedPast() async throws {
    let journal = InMemorySharedJournal()
    let store = try await load(SharedCounter(), journal)
    let garbage = StoredRecord(sequence: 1, version: 1, payload: Array("{".utf8))
    _ = try await journal.append(storeID: "counter", record: garbage, expectedSequence: 0)
    for _ in 0..<2 {
      let (error, _) = await failure { try await store.send(.increment) }
      guard case .unreadable(1, _)? = error?.reason else {
        Issue.record("unexpected: \(String(describing: error))")
        return
      }
    }
    #expect(await journal.records(storeID: "counter", after: 0) == [garbage])
    #expect(await store.state.count == 0)
  }
}
