import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

@Suite("Loading and bad files")
struct LoadingTests {
  let folder = TemporaryFolder()

  /// Writes a journal-mode store holding [1, 2, 3] (snapshot written by the flush).
  func storeWithThreeNumbers(version: Int = 1) async throws {
    let persistence = try journal(folder.file(), version: version)
    let store = Store(reducer: ListReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    for number in 1...3 { await store.send(.append(number)) }
    try persistence.flush()
  }

  @Test func j1AMissingFileGivesTheInitialState() throws {
    let persistence = try journal(folder.file())
    #expect(persistence.loadedState == ListReducer.State())
    #expect(persistence.problems.isEmpty)
  }

  @Test func j1AStoredStateIsLoaded() async throws {
    try await storeWithThreeNumbers()
    #expect(try journal(folder.file()).loadedState.numbers == [1, 2, 3])
  }

  @Test(arguments: ["garbage", "truncated", "empty"])
  func j1AnUndecodableFileIsMovedAsideAndReported(damage: String) throws {
    let file = folder.file()
    let whole = FileLayout.snapshot(version: 1, sequence: 0, state: Array(#"{"numbers":[7]}"#.utf8))
    let damaged: [UInt8] =
      switch damage {
      case "garbage": Array("not a snapshot".utf8)
      case "truncated": Array(whole.dropLast(3))
      default: []
      }
    write(damaged, to: file)
    let errors = ErrorLog()
    let persistence = try Persistence<ListReducer.State, ListReducer.Action>(
      snapshotsAt: file,
      initialState: ListReducer.State(),
      onError: errors.handler
    )
    #expect(persistence.loadedState == ListReducer.State())
    #expect(errors.all == persistence.problems)
    guard case .undecodable(_, let movedTo)? = persistence.problems.first?.reason else {
      Issue.record("no undecodable problem: \(persistence.problems)")
      return
    }
    #expect(movedTo.hasPrefix(file.path + ".corrupt-"))
    #expect(bytes(URL(fileURLWithPath: movedTo)) == damaged)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(persistence.problems[0].description.contains(file.path))
  }

  @Test func j1AStateThatDoesNotDecodeAsTheStateTypeIsMovedAside() throws {
    let file = folder.file()
    let snapshot = FileLayout.snapshot(version: 1, sequence: 0, state: Array(#"{"other":1}"#.utf8))
    write(snapshot, to: file)
    let persistence = try journal(file)
    #expect(persistence.loadedState == ListReducer.State())
    #expect(persistence.problems.count == 1)
    #expect(folder.contents.contains { $0.hasPrefix("state.store.corrupt-") })
  }

  @Test func j1ANewerSchemaVersionIsRefusedAndLeftUntouched() async throws {
    try await storeWithThreeNumbers(version: 3)
    let before = folder.contents.map { bytes(folder.file($0)) }
    #expect {
      _ = try journal(folder.file(), version: 2)
    } throws: { error in
      (error as? PersistenceError)?.reason == .newerVersion(found: 3, supported: 2)
        && "\(error)".contains(folder.file().path)
    }
    #expect(folder.contents.map { bytes(folder.file($0)) } == before)
  }

  @Test func j1AnOlderVersionRunsTheMigrationsInOrderAndIsWrittenBack() async throws {
    let file = folder.file()
    write(
      FileLayout.snapshot(version: 1, sequence: 0, state: Array(#"{"list":[1]}"#.utf8)),
      to: file
    )
    let order = Mutexed<[Int]>([])
    let migrations = [
      Migration(from: 2) { data in
        order.withLock { $0.append(2) }
        return Data(
          String(decoding: data, as: UTF8.self).replacingOccurrences(of: "list", with: "numbers")
            .utf8
        )
      },
      Migration(from: 1) { data in
        order.withLock { $0.append(1) }
        return Data(
          String(decoding: data, as: UTF8.self).replacingOccurrences(of: "[1]", with: "[1,2]").utf8
        )
      },
    ]
    let persistence = try journal(file, version: 3, migrations: migrations)
    #expect(persistence.loadedState.numbers == [1, 2])
    let ran = order.withLock { $0 }
    #expect(ran == [1, 2])
    guard case .valid(let version, _, _) = FileLayout.parseSnapshot(bytes(file)) else {
      Issue.record("the migrated snapshot was not written back")
      return
    }
    #expect(version == 3)
  }

  @Test func j1AMissingOrFailingMigrationLeavesTheFileUntouched() throws {
    let file = folder.file()
    let old = FileLayout.snapshot(version: 1, sequence: 0, state: Array("{}".utf8))
    write(old, to: file)
    #expect {
      _ = try journal(file, version: 2)
    } throws: { ($0 as? PersistenceError)?.reason == .missingMigration(from: 1) }
    struct Refused: Error {}
    #expect {
      _ = try journal(file, version: 2, migrations: [Migration(from: 1) { _ in throw Refused() }])
    } throws: {
      if case .migrationFailed(1, _)? = ($0 as? PersistenceError)?.reason { return true }
      return false
    }
    #expect(bytes(file) == old)
  }

  @Test func j1AnUnwritablePathIsRefusedWhenThePersistenceIsCreated() throws {
    let blocker = folder.file("a-file")
    write([1], to: blocker)
    let file = blocker.appendingPathComponent("state.store")
    #expect {
      _ = try journal(file)
    } throws: { error in
      guard case .notWritable? = (error as? PersistenceError)?.reason else { return false }
      return "\(error)".contains(file.path) && "\(error)".contains("choose a path")
    }
  }

  @Test func j1AFolderWhereTheFileShouldBeIsRefused() throws {
    let file = folder.file()
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    #expect {
      _ = try Persistence<ListReducer.State, ListReducer.Action>(
        snapshotsAt: file,
        initialState: ListReducer.State()
      )
    } throws: { error in
      (error as? PersistenceError)?.reason == .isAFolder && "\(error)".contains(file.path)
    }
  }

  @Test func j1AMissingFolderIsMade() throws {
    let file = folder.url.appendingPathComponent("a/b/state.store")
    _ = try journal(file)
    #expect(FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
  }
}
