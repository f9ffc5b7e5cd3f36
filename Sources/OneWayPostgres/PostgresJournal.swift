#if Postgres
import Logging
import OneWayPersistence
import PostgresNIO

/// A `SharedJournal` in PostgreSQL: the journal a fleet of server instances shares, one row
/// per action, and the snapshots beside it.
///
/// ```sql
/// oneway_journal(store_id text, seq bigint, action jsonb not null, version int,
///                recorded_at timestamptz default now(), primary key (store_id, seq))
/// oneway_snapshots(store_id text, seq bigint, state jsonb, version int,
///                  primary key (store_id, seq))
/// ```
///
/// An append inserts its row after the newest only if its writer has seen the newest; if not,
/// it inserts nothing and answers with the rows its writer had not seen, in the same round
/// trip (J4). The client must be running (`client.run()`, or a service group) while the
/// journal is used.
///
/// Every call fails after `timeout` with
/// `PersistenceError.Reason.unreachable(server:message:)`, naming the
/// server: a database that went away, or a wrong address, never hangs a caller. The wait for
/// a connection is part of the call, so the bound covers connecting as well.
public struct PostgresJournal: SharedJournal {
  /// The client the journal queries through.
  public let client: PostgresClient
  private let logger: Logger

  /// Where the data lives, for error messages.
  public let location: String

  /// The server's host and port, as the journal's errors name it.
  public let server: String

  /// The longest a call to the journal waits for the database.
  public let timeout: Duration

  /// Creates a journal over `client`.
  ///
  /// - Parameters:
  ///   - client: A PostgreSQL client, running or about to run.
  ///   - server: The client's server, as errors name it; prefer
  ///     ``init(client:configuration:timeout:logger:)``, which takes it from the settings.
  ///   - timeout: The longest a call waits for the database, connecting included.
  ///   - logger: Where the queries are logged, at trace level.
  public init(
    client: PostgresClient,
    server: String = "the PostgreSQL server",
    timeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "OneWayPostgres")
  ) {
    self.client = client
    self.server = server
    self.timeout = timeout
    self.logger = logger
    location = "PostgreSQL table oneway_journal"
  }

  /// Creates a journal over `client`, made with `configuration`, whose errors name the
  /// configuration's host and port.
  ///
  /// - Parameters:
  ///   - client: A PostgreSQL client made with `configuration`, running or about to run.
  ///   - configuration: The client's settings.
  ///   - timeout: The longest a call waits for the database, connecting included; set the
  ///     client's `options.connectTimeout` no longer, so that a connection attempt gives up
  ///     within it too.
  ///   - logger: Where the queries are logged, at trace level.
  public init(
    client: PostgresClient,
    configuration: PostgresClient.Configuration,
    timeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "OneWayPostgres")
  ) {
    self.init(
      client: client,
      server: configuration.serverName,
      timeout: timeout,
      logger: logger
    )
  }

  /// Creates the tables if they are missing; calling it again changes nothing.
  ///
  /// Instances that start together may all call it: `CREATE TABLE IF NOT EXISTS` is not safe
  /// against a concurrent create of the same table, so each takes a transaction-wide lock first.
  public func createSchema() async throws {
    let (logger, client) = (logger, client)
    try await bounded(by: timeout, "creating the tables") {
      try await Self.createTables(client: client, logger: logger)
    }
  }

  private static func createTables(client: PostgresClient, logger: Logger) async throws {
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: logger)
      try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS oneway_journal (
          store_id text NOT NULL,
          seq bigint NOT NULL,
          action jsonb NOT NULL,
          version int NOT NULL,
          recorded_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (store_id, seq)
        )
        """,
        logger: logger
      )
      try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS oneway_snapshots (
          store_id text NOT NULL,
          seq bigint NOT NULL,
          state jsonb NOT NULL,
          version int NOT NULL,
          PRIMARY KEY (store_id, seq)
        )
        """,
        logger: logger
      )
    }
  }

  /// The advisory lock's key while the schema is created: "OneW" in ASCII.
  private static let schemaLock: Int64 = 0x4F6E_6557

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  public func load(storeID: String) async throws -> StoredHistory {
    try await bounded(by: timeout, "the load of store \(storeID)") {
      try await unboundedLoad(storeID: storeID)
    }
  }

  private func unboundedLoad(storeID: String) async throws -> StoredHistory {
    let rows = try await client.query(
      """
      SELECT seq, version, state::text FROM oneway_snapshots
      WHERE store_id = \(storeID) ORDER BY seq DESC LIMIT 1
      """,
      logger: logger
    )
    var snapshot: StoredSnapshot?
    for try await (sequence, version, state) in rows.decode((Int64, Int, String).self) {
      snapshot = StoredSnapshot(
        version: version,
        sequence: UInt64(sequence),
        state: Array(state.utf8)
      )
    }
    let records = try await unboundedRecords(storeID: storeID, after: snapshot?.sequence ?? 0)
    return StoredHistory(snapshot: snapshot, records: records)
  }

  /// Appends `record` if `expectedSequence` is the store's newest row, and otherwise answers
  /// with the rows after it, in one statement; never overwrites a row.
  public func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    try requireNext(record, after: expectedSequence, storeID: storeID)
    return try await bounded(by: timeout, "the append to store \(storeID)") {
      try await unboundedAppend(
        storeID: storeID,
        record: record,
        expectedSequence: expectedSequence
      )
    }
  }

  private func unboundedAppend(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend {
    let statement = AppendStatement(
      storeID: storeID,
      expected: Int64(expectedSequence),
      payload: String(decoding: record.payload, as: UTF8.self),
      version: record.version
    )
    let rows = try await client.execute(statement, logger: logger)
    var appended: UInt64?
    var newest: UInt64 = 0
    var missed: [StoredRecord] = []
    for try await (kind, sequence, version, action) in rows {
      switch (kind, action) {
      case ("appended", _): appended = UInt64(sequence)
      case ("newest", _): newest = UInt64(sequence)
      case (_, let action?):
        missed.append(
          StoredRecord(sequence: UInt64(sequence), version: version, payload: Array(action.utf8))
        )
      default: break
      }
    }
    guard newest >= expectedSequence else {
      throw PersistenceError.journalBehind(
        location: "\(location), store \(storeID)",
        newest: newest,
        expected: expectedSequence
      )
    }
    guard let appended else { return .conflict(missed: missed) }
    return .appended(sequence: appended, missed: missed)
  }

  /// The records of the store `storeID` numbered after `sequence`, in order.
  public func records(storeID: String, after sequence: UInt64) async throws -> [StoredRecord] {
    try await bounded(by: timeout, "the read of store \(storeID)") {
      try await unboundedRecords(storeID: storeID, after: sequence)
    }
  }

  private func unboundedRecords(
    storeID: String,
    after sequence: UInt64
  ) async throws -> [StoredRecord] {
    let rows = try await client.query(
      """
      SELECT seq, version, action::text FROM oneway_journal
      WHERE store_id = \(storeID) AND seq > \(Int64(sequence)) ORDER BY seq
      """,
      logger: logger
    )
    var records: [StoredRecord] = []
    for try await (sequence, version, action) in rows.decode((Int64, Int, String).self) {
      records.append(
        StoredRecord(sequence: UInt64(sequence), version: version, payload: Array(action.utf8))
      )
    }
    return records
  }

  /// Stores `snapshot`, keeping one already stored at the same sequence.
  public func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async throws {
    let state = String(decoding: snapshot.state, as: UTF8.self)
    let (client, logger) = (client, logger)
    try await bounded(by: timeout, "the snapshot of store \(storeID)") {
      try await Self.insertSnapshot(storeID, snapshot, state: state, client: client, logger: logger)
    }
  }

  private static func insertSnapshot(
    _ storeID: String,
    _ snapshot: StoredSnapshot,
    state: String,
    client: PostgresClient,
    logger: Logger
  ) async throws {
    try await client.query(
      """
      INSERT INTO oneway_snapshots (store_id, seq, state, version)
      VALUES (\(storeID), \(Int64(snapshot.sequence)), \(state)::jsonb, \(snapshot.version))
      ON CONFLICT (store_id, seq) DO NOTHING
      """,
      logger: logger
    )
  }
}

/// The append, prepared once per connection, so that the database plans it once rather than
/// for every send.
///
/// Every part reads one snapshot: the missed rows are exactly those up to `newest`. Nothing is
/// inserted unless the writer's row is the newest: its action was reduced against the state
/// of the rows up to it, and no other. The primary key refuses a second row of one number:
/// under PostgreSQL's default isolation (read committed), a writer whose insert waited for
/// another's of the same number inserts nothing, and its answer is a conflict.
private struct AppendStatement: PostgresPreparedStatement {
  static let name = "oneway_append_2"
  static let sql = """
    WITH newest AS (
      SELECT coalesce(max(seq), 0) AS seq FROM oneway_journal WHERE store_id = $1
    ), appended AS (
      INSERT INTO oneway_journal (store_id, seq, action, version)
      SELECT $1, seq + 1, $3::jsonb, $4 FROM newest
      WHERE seq = $2
      ON CONFLICT (store_id, seq) DO NOTHING
      RETURNING seq
    )
    SELECT 'appended', seq, 0, NULL::text FROM appended
    UNION ALL
    SELECT 'newest', seq, 0, NULL FROM newest
    UNION ALL
    SELECT 'missed', seq, version, action::text FROM oneway_journal
    WHERE store_id = $1 AND seq > $2
    ORDER BY 2
    """
  typealias Row = (String, Int64, Int, String?)

  var storeID: String
  var expected: Int64
  var payload: String
  var version: Int

  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 4)
    bindings.append(storeID)
    bindings.append(expected)
    bindings.append(payload)
    bindings.append(version)
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> Row {
    try row.decode(Row.self)
  }
}

extension PostgresClient.Configuration {
  /// The server, as an error names it: its host and port, or its socket's path.
  var serverName: String {
    if let host, let port { return "PostgreSQL at \(host):\(port)" }
    return "PostgreSQL at \(unixSocketPath ?? "an unnamed address")"
  }
}
#endif
