#if Postgres
import Foundation
import Logging
import OneWay
import OneWayPersistence
import OneWayPostgres
import PostgresNIO
import Testing

/// Whether the tests against a real server run: when `DATABASE_URL` names one, and also when
/// `ONEWAY_REQUIRE_POSTGRES=1` says that it must, so that its absence fails them.
enum PostgresTestServer {
  static let environment = ProcessInfo.processInfo.environment
  static let isWanted =
    environment["DATABASE_URL"] != nil || environment["ONEWAY_REQUIRE_POSTGRES"] == "1"
  /// A prefix of store ids for this run, so that runs over one database do not collide.
  static let run = "t\(UInt32.random(in: 0...UInt32.max))-"
}

/// A counter, as the server example's entities.
struct Tally: Reducer {
  enum Action: Codable, Sendable, Equatable { case add(Int) }
  struct State: Codable, Sendable, Equatable { var total = 0 }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let amount):
      state.total += amount
      return .none
    }
  }
}

/// Runs `body` with a journal over a running client of the server `DATABASE_URL` names; records
/// an issue instead when it is unset.
func withJournal(_ body: (PostgresJournal) async throws -> Void) async throws {
  guard let url = PostgresTestServer.environment["DATABASE_URL"] else {
    Issue.record("ONEWAY_REQUIRE_POSTGRES=1, but DATABASE_URL is unset: start Scripts/postgres.sh")
    return
  }
  var configuration = try PostgresClient.Configuration(databaseURL: url)
  configuration.options.maximumConnections = 8
  // Quiet: the pool logs its connections' comings and goings at info and warning level.
  var logger = Logger(label: "OneWayPostgresTests")
  logger.logLevel = .error
  let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { await client.run() }
    defer { group.cancelAll() }
    // The tests run under the thread sanitizer, beside a second test process, on two cores: a
    // new client's first connection and query once took longer than the default 10 s there,
    // and how fast the server answers is not what these tests are about.
    let journal = PostgresJournal(client: client, timeout: .seconds(30))
    try await journal.createSchema()
    try await body(journal)
  }
}

@Suite("PostgreSQL journal (J4)", .enabled(if: PostgresTestServer.isWanted))
struct PostgresJournalTests {
  @Test func j4CreatingTheSchemaTwiceChangesNothing() async throws {
    try await withJournal { journal in
      try await journal.createSchema()
      try await journal.createSchema()
      #expect(try await journal.load(storeID: PostgresTestServer.run + "empty") == StoredHistory())
    }
  }

  @Test func j4AppendedRecordsLoadInOrderAfterTheSnapshot() async throws {
    try await withJournal { journal in
      let id = PostgresTestServer.run + "append"
      for sequence in UInt64(1)...3 {
        let record = StoredRecord(
          sequence: sequence,
          version: 1,
          payload: Array("[\(sequence)]".utf8)
        )
        let answer = try await journal.append(
          storeID: id,
          record: record,
          expectedSequence: sequence - 1
        )
        #expect(answer == .appended(sequence: sequence, missed: []))
      }
      try await journal.writeSnapshot(
        storeID: id,
        StoredSnapshot(version: 1, sequence: 2, state: Array("{\"total\":2}".utf8))
      )
      let history = try await journal.load(storeID: id)
      #expect(history.snapshot?.sequence == 2)
      #expect(history.snapshot?.state == Array("{\"total\": 2}".utf8))
      #expect(history.records.map(\.sequence) == [3])
      #expect(history.records.first?.payload == Array("[3]".utf8))
    }
  }

  @Test func j4AnAppendThatLostTheRaceWritesNothingAndAnswersWithTheWinnersRows() async throws {
    try await withJournal { journal in
      let id = PostgresTestServer.run + "lost-race"
      func record(_ sequence: UInt64, _ text: String) -> StoredRecord {
        StoredRecord(sequence: sequence, version: 1, payload: Array("\"\(text)\"".utf8))
      }
      let winners = [record(1, "first"), record(2, "second")]
      for winner in winners {
        let answer = try await journal.append(
          storeID: id,
          record: winner,
          expectedSequence: winner.sequence - 1
        )
        #expect(answer == .appended(sequence: winner.sequence, missed: []))
      }
      // The loser's action was reduced without the winners' rows: nothing is written, and it
      // is told of them, to reduce them and its action again before it appends again.
      let loser = record(1, "loser")
      #expect(
        try await journal.append(storeID: id, record: loser, expectedSequence: 0)
          == .conflict(missed: winners)
      )
      #expect(try await journal.records(storeID: id, after: 0) == winners)
      #expect(
        try await journal.append(storeID: id, record: record(3, "loser"), expectedSequence: 2)
          == .appended(sequence: 3, missed: [])
      )
      // A writer that knows of more rows than there are writes nothing, and is told why.
      do {
        _ = try await journal.append(storeID: id, record: record(6, "ahead"), expectedSequence: 5)
        Issue.record("an append after a row the journal does not have succeeded")
      } catch let error as PersistenceError {
        #expect(error.description.contains("ends at record 3"))
      }
      // A record that does not ask for the number after the expected one is refused.
      await #expect(throws: PersistenceError.self) {
        try await journal.append(storeID: id, record: record(9, "wrong"), expectedSequence: 3)
      }
      // A row of a newer version is never appended past by an older writer.
      var newer = record(4, "newer")
      newer.version = 2
      let written = try await journal.append(storeID: id, record: newer, expectedSequence: 3)
      #expect(written == .appended(sequence: 4, missed: []))
      #expect(
        try await journal.append(storeID: id, record: record(4, "older"), expectedSequence: 3)
          == .conflict(missed: [newer])
      )
      #expect(try await journal.records(storeID: id, after: 3) == [newer])
    }
  }

  @Test func j4AppendsOfOneNumberAtTheSameMomentWriteOneRow() async throws {
    try await withJournal { journal in
      let id = PostgresTestServer.run + "same-moment"
      let writers = 8
      let answers = try await withThrowingTaskGroup(of: SharedAppend.self) { group in
        for writer in 0..<writers {
          group.addTask {
            let record = StoredRecord(sequence: 1, version: 1, payload: Array("\(writer)".utf8))
            return try await journal.append(storeID: id, record: record, expectedSequence: 0)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      let rows = try await journal.records(storeID: id, after: 0)
      let appended = answers.compactMap { answer -> UInt64? in
        guard case .appended(let sequence, let missed) = answer else { return nil }
        // An appended row follows exactly the rows its answer names.
        #expect(missed.map(\.sequence) == Array(1..<sequence))
        return sequence
      }
      // Every answer that says appended has its own row; nothing else was written.
      #expect(appended.sorted() == rows.map(\.sequence))
      #expect(rows.map(\.sequence) == Array(1...UInt64(rows.count)))
    }
  }

  @Test func j4TwoSharedStoresOfOneEntityRacingLoseNothingAndApplyNothingTwice() async throws {
    try await withJournal { journal in
      let id = PostgresTestServer.run + "race"
      func open() async throws -> SharedStore<Tally> {
        try await SharedStore.load(
          id: id,
          reducer: Tally(),
          initialState: Tally.State(),
          journal: journal,
          snapshotEvery: 100,
          maxAttempts: 1000
        )
      }
      let instances = [try await open(), try await open()]
      let perInstance = 500
      try await withThrowingTaskGroup(of: Void.self) { group in
        for instance in instances {
          group.addTask {
            for _ in 0..<perInstance { try await instance.send(.add(1)) }
          }
        }
        try await group.waitForAll()
      }
      let reloaded = try await open()
      #expect(await reloaded.state.total == 2 * perInstance)
      let records = try await journal.records(storeID: id, after: 0)
      #expect(records.map(\.sequence) == (1...UInt64(2 * perInstance)).map { $0 })
    }
  }
}

@Suite("PostgreSQL settings from the environment")
struct PostgresSettingsTests {
  @Test func aMalformedDatabaseURLIsAClearError() throws {
    for url in ["mysql://u@h/db", "postgres://h/db", "postgres://u@/db", "postgres://u@h", "::"] {
      #expect(throws: PostgresSettingsError.self) {
        try PostgresClient.Configuration(databaseURL: url)
      }
    }
    do {
      _ = try PostgresClient.Configuration(databaseURL: "postgres://user@host:5432")
    } catch {
      #expect("\(error)".contains("DATABASE_URL is malformed: it names no database"))
    }
    let settings = try PostgresClient.Configuration.fromEnvironment([
      "PGHOST": "db.local", "PGPORT": "6543", "PGUSER": "app", "PGDATABASE": "shop",
    ])
    #expect(settings.host == "db.local")
    #expect(settings.port == 6543)
    #expect(settings.username == "app")
    #expect(settings.database == "shop")
    #expect(throws: PostgresSettingsError.self) {
      try PostgresClient.Configuration.fromEnvironment(["PGPORT": "lots"])
    }
  }
}
#endif
