import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// J3: what loading recovers, keeps aside and reports for each kind of damage to a journal-mode
/// store's files.
///
/// Every case starts from the same files: a snapshot after actions 1 and 2, and a journal that
/// holds actions 3, 4 and 5, left as a crash leaves them.
@Suite("Damage matrix")
struct DamageMatrixTests {
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case tornTail, shortTail, zeroFilledTail, flippedByteInLastRecord, flippedByteInMiddleRecord
    case flippedByteInSnapshot, truncatedJournalHeader
    var testDescription: String { rawValue }
  }

  /// The files as a crash left them, and where the journal's records are.
  struct Files {
    var snapshot: [UInt8]
    var journal: [UInt8]
    var records: [Range<Int>]

    /// The first byte of record `index` (0: action 3).
    func start(_ index: Int) -> Int { records[index].lowerBound - RecordFrame.headerSize }
  }

  /// What one kind of damage must give.
  struct Outcome {
    var damaged: Files
    var recovered: [Int]
    /// The copy of the journal (`<journal>.corrupt-…`) that must be kept, byte for byte.
    var journalAside: [UInt8]?
    /// The snapshot moved aside (`<file>.corrupt-…`), byte for byte.
    var snapshotAside: [UInt8]?
    /// The one problem, given the paths of the files kept aside.
    var problem: (_ journalAside: String, _ snapshotAside: String) -> PersistenceError
    /// Words the problem's description must contain.
    var says: [String]
  }

  let folder = TemporaryFolder()
  var file: URL { folder.file() }
  var journalFile: URL { URL(fileURLWithPath: file.path + ".journal") }

  func makeFiles() async throws -> Files {
    let persistence = try journal(file)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...2 { await store.send(.append(number)) }
    try persistence.flush()
    for number in 3...5 { await store.send(.append(number)) }
    crash(store, persistence)
    let journal = bytes(journalFile)
    guard case .valid(_, 2, let scan) = FileLayout.parseJournal(journal), scan.records.count == 3
    else { throw CancellationError() }
    return Files(snapshot: bytes(file), journal: journal, records: scan.records)
  }

  func outcome(of damage: Damage, to files: Files) -> Outcome {
    var damaged = files
    let journalPath = journalFile.path
    func dropped(
      _ cause: PersistenceError.DroppedTail.Cause,
      _ through: UInt64,
      _ actions: ClosedRange<UInt64>?,
      from start: Int
    ) -> (String, String) -> PersistenceError {
      let end = damaged.journal.count
      return { aside, _ in
        PersistenceError(
          location: journalPath,
          reason: .droppedJournalTail(
            .init(
              cause: cause,
              recoveredThrough: through,
              droppedActions: actions,
              droppedBytes: start..<end,
              keptIn: aside
            )
          )
        )
      }
    }
    switch damage {
    case .tornTail:
      damaged.journal.removeLast(3)
      return Outcome(
        damaged: damaged,
        recovered: [1, 2, 3, 4],
        journalAside: damaged.journal,
        problem: dropped(.lengthPastEnd, 4, nil, from: files.start(2)),
        says: ["a crash interrupted", "state after action 4 was recovered"]
      )
    case .shortTail:
      damaged.journal += [5, 0, 0]
      return Outcome(
        damaged: damaged,
        recovered: [1, 2, 3, 4, 5],
        journalAside: damaged.journal,
        problem: dropped(.shortRecord, 5, nil, from: files.journal.count),
        says: ["a crash interrupted", "the 3 bytes from offset \(files.journal.count)"]
      )
    case .zeroFilledTail:
      damaged.journal += [UInt8](repeating: 0, count: 64)
      return Outcome(
        damaged: damaged,
        recovered: [1, 2, 3, 4, 5],
        journalAside: damaged.journal,
        problem: dropped(.zeroFilled, 5, nil, from: files.journal.count),
        says: ["a crash interrupted", "zeros", "state after action 5 was recovered"]
      )
    case .flippedByteInLastRecord:
      damaged.journal[damaged.journal.count - 1] ^= 0x20
      return Outcome(
        damaged: damaged,
        recovered: [1, 2, 3, 4],
        journalAside: damaged.journal,
        problem: dropped(.checksumMismatch, 4, 5...5, from: files.start(2)),
        says: ["is damaged", "state after action 4 of 5", "the bytes of action 5"]
      )
    case .flippedByteInMiddleRecord:
      damaged.journal[files.records[1].lowerBound] ^= 0x20
      return Outcome(
        damaged: damaged,
        recovered: [1, 2, 3],
        journalAside: damaged.journal,
        problem: dropped(.damagedRecord, 3, 4...5, from: files.start(1)),
        says: ["is damaged", "state after action 3 of 5", "the bytes of actions 4–5"]
      )
    case .flippedByteInSnapshot:
      damaged.snapshot[damaged.snapshot.count - 2] ^= 0x20
      return Outcome(
        damaged: damaged,
        recovered: [],
        journalAside: damaged.journal,
        snapshotAside: damaged.snapshot,
        problem: { journalAside, snapshotAside in
          PersistenceError(
            location: file.path,
            reason: .undecodable(
              message: "the snapshot is truncated or damaged (its checksum does not match)",
              movedTo: "\(snapshotAside) and \(journalAside)"
            )
          )
        },
        says: ["started from its initial state"]
      )
    case .truncatedJournalHeader:
      damaged.journal.removeLast(damaged.journal.count - 14)
      return Outcome(
        damaged: damaged,
        recovered: [1, 2],
        journalAside: damaged.journal,
        problem: { journalAside, _ in
          PersistenceError(
            location: journalPath,
            reason: .undecodablePast(
              recoveredThrough: 2,
              message: "the journal's header is damaged",
              movedTo: journalAside
            )
          )
        },
        says: ["could not be read past action 2", "state after action 2 was recovered"]
      )
    }
  }

  /// The one file in the folder whose name starts with `prefix`, if there is exactly one.
  func aside(_ prefix: String) -> String? {
    let names = folder.contents.filter { $0.hasPrefix(prefix) }
    return names.count == 1 ? folder.file(names[0]).path : nil
  }

  @Test(arguments: Damage.allCases)
  func j3EveryDamageIsRecoveredUpToItKeptAsideByteForByteAndReported(damage: Damage) async throws {
    let expected = outcome(of: damage, to: try await makeFiles())
    write(expected.damaged.snapshot, to: file)
    write(expected.damaged.journal, to: journalFile)

    do {
      let errors = ErrorLog()
      let persistence = try journal(file, errors: errors)

      #expect(persistence.loadedState.numbers == expected.recovered)
      let journalAside = aside("state.store.journal.corrupt-")
      let snapshotAside = aside("state.store.corrupt-")
      #expect(journalAside.map { bytes(URL(fileURLWithPath: $0)) } == expected.journalAside)
      #expect(snapshotAside.map { bytes(URL(fileURLWithPath: $0)) } == expected.snapshotAside)
      let problem = expected.problem(journalAside ?? "none", snapshotAside ?? "none")
      #expect(persistence.problems == [problem])
      #expect(errors.all == persistence.problems)
      let description = persistence.problems.first?.description ?? ""
      for words in expected.says + [journalAside ?? "a file kept aside"] {
        #expect(description.contains(words), "\(description)")
      }
      if case .droppedJournalTail(let tail) = persistence.problems.first?.reason,
        let journalAside,
        bytes(URL(fileURLWithPath: journalAside)).count >= tail.droppedBytes.upperBound
      {
        // The dropped bytes are at the same offsets in the copy as they were in the journal.
        let copy = bytes(URL(fileURLWithPath: journalAside))
        #expect(
          Array(copy[tail.droppedBytes]) == Array(expected.damaged.journal[tail.droppedBytes])
        )
      }
      print(
        "damage matrix | \(damage) | recovered \(persistence.loadedState.numbers) | kept aside "
          + "\(folder.contents.filter { $0.contains(".corrupt-") }) | \(description)"
      )
    }
    // What was recovered is the store's state from now on, and nothing is reported again.
    let reopened = try journal(file)
    #expect(reopened.loadedState.numbers == expected.recovered)
    #expect(reopened.problems.isEmpty)
  }
}
