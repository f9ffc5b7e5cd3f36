import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// J5 within one process: the lock is per open file, not per process.
@Suite("One writer per file")
struct OneWriterTests {
  let folder = TemporaryFolder()

  func isRefusal(_ error: any Error, naming file: URL) -> Bool {
    (error as? PersistenceError)?.reason == .lockedByAnotherWriter
      && "\(error)".contains(file.path) && "\(error)".contains("is open in another store")
  }

  @Test func j5ASecondStoreOnTheSamePathFailsWithThePath() async throws {
    let file = folder.file()
    let first = try journal(file)
    let store = Store(reducer: ListReducer(), state: first.loadedState)
    await store.persist(with: first)
    await store.send(.append(1))
    let before = folder.contents.map { bytes(folder.file($0)) }
    #expect {
      _ = try journal(file)
    } throws: { isRefusal($0, naming: file) }
    // Snapshot mode keeps the same files, so it takes the same lock.
    #expect {
      _ = try Persistence<ListReducer.State, ListReducer.Action>(
        snapshotsAt: file,
        initialState: ListReducer.State()
      )
    } throws: { isRefusal($0, naming: file) }
    // The lock is on the file, however its path is spelled.
    let alias = folder.file("alias")
    try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: folder.url)
    let aliased = alias.appendingPathComponent("state.store")
    #expect {
      _ = try journal(aliased)
    } throws: { isRefusal($0, naming: aliased) }
    // The refused stores read, moved and wrote nothing.
    #expect(folder.contents.filter { $0 != "alias" }.map { bytes(folder.file($0)) } == before)
    await store.send(.append(2))
    crash(store, first)
    #expect(try journal(file).loadedState.numbers == [1, 2])
  }

  @Test func j5TheLockIsReleasedWithTheStore() async throws {
    let file = folder.file()
    do {
      let persistence = try journal(file)
      let store = Store(reducer: ListReducer(), state: persistence.loadedState)
      await store.persist(with: persistence)
      await store.send(.append(1))
    }
    let reopened = try journal(file)
    #expect(reopened.loadedState.numbers == [1])
    #expect(reopened.problems.isEmpty)
  }

  @Test func j5APersistenceThatFailedToLoadHoldsNoLock() async throws {
    let file = folder.file()
    write(FileLayout.snapshot(version: 3, sequence: 0, state: Array("{}".utf8)), to: file)
    #expect {
      _ = try journal(file, version: 2)
    } throws: { ($0 as? PersistenceError)?.reason == .newerVersion(found: 3, supported: 2) }
    #expect {
      _ = try journal(file, version: 2)
    } throws: { ($0 as? PersistenceError)?.reason == .newerVersion(found: 3, supported: 2) }
  }
}

/// J5 across processes: two `PersistenceCrashTrial writer` processes on one path, round after
/// round; the one that comes second is refused at creation, whether it starts together with
/// the first or while the first appends.
///
/// `ONEWAY_WRITER_ROUNDS` sets the number of rounds (20 by default).
@Suite("One writer per file, two processes", .serialized)
struct TwoWriterTests {
  static let rounds = Int(ProcessInfo.processInfo.environment["ONEWAY_WRITER_ROUNDS"] ?? "") ?? 20
  static let actions = 1000

  /// A running `PersistenceCrashTrial writer`, and what it printed so far.
  final class Writer {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private(set) var text = ""

    init(_ file: String) throws {
      process.executableURL = CrashTrialTests.program
      process.arguments = ["writer", file, "\(TwoWriterTests.actions)"]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
    }

    /// Reads what it prints until `isEnough` holds or its output ends.
    func read(until isEnough: (String) -> Bool) {
      let reader = output.fileHandleForReading
      while !isEnough(text) {
        let data = reader.availableData
        if data.isEmpty { return }
        text += String(decoding: data, as: UTF8.self)
      }
    }

    /// Whether it finished its appends or was refused.
    static func hasOutcome(_ text: String) -> Bool {
      text.contains("done ") || text.contains("error ")
    }

    var acknowledged: [Int] {
      text.split(separator: "\n").compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
    }

    /// Ends its input, which lets a writer that finished exit, and returns its exit status.
    func finish() -> Int32 {
      try? input.fileHandleForWriting.close()
      read { _ in false }
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  @Test func j5TwoProcessesOnOnePathTheSecondIsRefusedAndNoAcknowledgedActionIsLost()
    async throws
  {
    try #require(
      CrashTrialTests.program != nil,
      "PersistenceCrashTrial is not built; run swift build"
    )
    let outcome = try await onAThreadOfItsOwn { try Self().runRounds() }
    print(
      "two writers: \(Self.rounds) rounds, \(outcome.acknowledged) actions acknowledged, "
        + "\(outcome.lost) lost, \(outcome.refused) second writers refused"
    )
    #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(3))")
    #expect(outcome.refused == Self.rounds)
    #expect(outcome.lost == 0)
    #expect(outcome.acknowledged == Self.rounds * Self.actions)
  }

  struct Outcome: Sendable {
    var acknowledged: Int
    var lost: Int
    var refused: Int
    var failures: [String]
  }

  /// The rounds, which block while the writers run; what they found.
  func runRounds() throws -> Outcome {
    let folder = TemporaryFolder()
    let file = folder.file().path
    var expected: [Int] = []
    var acknowledged = 0
    var lost = 0
    var refused = 0
    var failures: [String] = []
    for round in 0..<Self.rounds {
      let first = try Writer(file)
      if round % 2 == 1 {
        // The second starts while the first appends.
        first.read { $0.components(separatedBy: "ack ").count > 100 || Writer.hasOutcome($0) }
      }
      let second = try Writer(file)
      let writers = [first, second]
      for writer in writers { writer.read(until: Writer.hasOutcome) }
      let statuses = writers.map { $0.finish() }
      let done = writers.indices.filter { writers[$0].text.contains("done ") }
      let errors = writers.indices.filter { writers[$0].text.contains("error ") }
      guard done.count == 1, errors.count == 1 else {
        failures.append("round \(round): \(writers.map { $0.text.suffix(300) })")
        continue
      }
      let winner = writers[done[0]]
      let loser = writers[errors[0]]
      if statuses[done[0]] != 0 || winner.acknowledged.count != Self.actions {
        failures.append("round \(round): the writer ended with \(statuses[done[0]])")
      }
      if statuses[errors[0]] != 1 || !loser.acknowledged.isEmpty
        || !loser.text.contains(file) || !loser.text.contains("is open in another store")
      {
        failures.append("round \(round): the second writer said \(loser.text)")
      } else {
        refused += 1
      }
      let recovered = try CrashTrialTests().recover("journal", file)
      let wanted = expected + winner.acknowledged
      lost += Set(wanted).subtracting(recovered.numbers).count
      acknowledged += winner.acknowledged.count
      if recovered.numbers != wanted || !recovered.problems.isEmpty || recovered.interrupted > 0 {
        failures.append(
          "round \(round): acknowledged \(wanted.suffix(3)), recovered "
            + "\(recovered.numbers.suffix(3)) \(recovered.problems)"
        )
      }
      expected = recovered.numbers
    }
    return Outcome(acknowledged: acknowledged, lost: lost, refused: refused, failures: failures)
  }
}
