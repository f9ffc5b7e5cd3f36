#if Postgres
import Foundation
import Logging
import OneWay
import OneWayPersistence
import OneWayPostgres
import PostgresNIO
import Testing

/// Loads the tally `id` from `journal`.
private func tally(_ id: String, _ journal: PostgresJournal) async throws -> SharedStore<Tally> {
  try await SharedStore.load(
    id: id,
    reducer: Tally(),
    initialState: Tally.State(),
    journal: journal,
    onError: { Issue.record("unexpected: \($0)") }
  )
}

/// A port on loopback that nothing listens on: one the system just gave out and took back.
private func closedPort() throws -> Int {
  let socket = try #require(Optional(Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)))
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
      bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
    }
  }
  try #require(bound)
  return Int(UInt16(bigEndian: address.sin_port))
}

@Suite("PostgreSQL journal at its edges (J4)")
struct PostgresEdgeTests {
  @Test(.enabled(if: PostgresTestServer.isWanted))
  func j4AnActionWhoseReduceTrapsKillsItsProcessAndLeavesTheJournalUnchanged() async throws {
    let id = PostgresTestServer.run + "poison"
    try await withJournal { journal in
      let state = try await tally(id, journal).send(.add(Int.max))
      #expect(state.total == Int.max)
    }
    // Another instance, in a process of its own: adding 1 to Int.max traps in the reducer.
    let result = await #expect(processExitsWith: .failure) { [id = id as String] in
      try await withJournal { journal in
        try await tally(id, journal).send(.add(1))
      }
    }
    // Killed by the trap, not by an error on the way to it.
    guard case .signal? = result?.exitStatus else {
      Issue.record("the process did not die of the trap: \(String(describing: result?.exitStatus))")
      return
    }
    try await withJournal { journal in
      let rows = try await journal.records(storeID: id, after: 0)
      #expect(rows.count == 1)
      // A poisoned row would kill this process too, as it killed every instance that loaded it.
      guard rows.count == 1 else { return }
      let survivor = try await tally(id, journal)
      #expect(await survivor.state.total == Int.max)
      #expect(try await survivor.send(.add(-1)).total == Int.max - 1)
    }
  }

  @Test func j4AnUnreachableServerFailsOpeningLoadingAndAppendingWithinTheTimeout() async throws {
    let port = try closedPort()
    var configuration = PostgresClient.Configuration(
      host: "127.0.0.1",
      port: port,
      username: "nobody",
      password: nil,
      database: "nothing",
      tls: .disable
    )
    configuration.options.connectTimeout = .seconds(1)
    var logger = Logger(label: "OneWayPostgresTests")
    logger.logLevel = .critical
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let timeout = Duration.seconds(1)
    let journal = PostgresJournal(
      client: client,
      configuration: configuration,
      timeout: timeout,
      logger: logger
    )
    let record = StoredRecord(sequence: 1, version: 1, payload: Array("{\"add\":{\"_0\":1}}".utf8))
    let calls: [(String, @Sendable () async throws -> Void)] = [
      ("creating the tables", { try await journal.createSchema() }),
      ("loading", { _ = try await journal.load(storeID: "nowhere") }),
      (
        "appending",
        { _ = try await journal.append(storeID: "nowhere", record: record, expectedSequence: 0) }
      ),
      ("opening a store", { _ = try await tally("nowhere", journal) }),
    ]
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      for (name, call) in calls {
        let start = ContinuousClock.now
        do {
          try await call()
          Issue.record("\(name) succeeded with no server")
        } catch let error as PersistenceError {
          let elapsed = ContinuousClock.now - start
          print("\(name) failed after \(elapsed): \(error)")
          // At least the timeout, and bounded: a loaded machine wakes the timeout's sleep late,
          // so the upper bound says "no hang", not how late.
          #expect(elapsed >= timeout && elapsed < timeout + .seconds(60), "\(name) took \(elapsed)")
          guard case .unreachable(let server, _) = error.reason else {
            Issue.record("\(name): unexpected \(error)")
            continue
          }
          #expect(server == "PostgreSQL at 127.0.0.1:\(port)")
        }
      }
    }
  }
}
#endif
