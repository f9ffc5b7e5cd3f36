/// Where a persisted store's snapshots and journal live: the files of ``FileBackend``, or a
/// database shared by several processes.
///
/// A backend stores bytes; ``Persistence`` encodes, decodes, migrates and replays them. It
/// calls a backend's methods one at a time, never concurrently.
///
/// Appends are optimistic: each names the sequence number of the last record its writer knows
/// of, and a backend shared by several writers refuses an append that lost a race with
/// ``PersistenceError/Reason/conflict(expected:found:)`` instead of writing over the winner's
/// record.
public protocol PersistenceBackend: Sendable {
  /// Where the data lives, for error messages (a file's path, a database table).
  var location: String { get }

  /// Checks that the backend can be written to, before anything is loaded or written, and
  /// throws a ``PersistenceError`` that says what to do if it cannot.
  func checkWritable() throws

  /// Reads the newest snapshot and the records after it, dropping what follows the first
  /// unreadable record after keeping a copy of it, and reporting that in the history's
  /// problems.
  func load() throws -> StoredHistory

  /// Appends `record`, whose sequence must be `expectedSequence + 1`, or throws a conflict if
  /// the last stored record's sequence is not `expectedSequence`.
  func append(_ record: StoredRecord, expectedSequence: UInt64) throws

  /// Makes the appended records durable (`fsync`).
  func sync() throws

  /// Stores `snapshot` durably, replacing the previous one, and then drops the records it
  /// covers.
  func writeSnapshot(_ snapshot: StoredSnapshot) throws

  /// Moves everything stored aside, never deleting it, so that the store starts over; returns
  /// where it went, for the error that reports it.
  func setAside() throws -> String
}

/// A snapshot as a backend stores it: the encoded state after the action numbered `sequence`.
public struct StoredSnapshot: Sendable, Equatable {
  /// The schema version the state was encoded with.
  public var version: Int
  /// The number of the last action the state includes; 0 before any action.
  public var sequence: UInt64
  /// The encoded state.
  public var state: [UInt8]

  /// Creates a stored snapshot.
  public init(version: Int, sequence: UInt64, state: [UInt8]) {
    self.version = version
    self.sequence = sequence
    self.state = state
  }
}

/// An action as a backend stores it in the journal.
public struct StoredRecord: Sendable, Equatable {
  /// The action's number: one more than the record before it.
  public var sequence: UInt64
  /// The schema version the action was encoded with.
  public var version: Int
  /// The encoded action.
  public var payload: [UInt8]

  /// Creates a stored record.
  public init(sequence: UInt64, version: Int, payload: [UInt8]) {
    self.sequence = sequence
    self.version = version
    self.payload = payload
  }
}

/// What a backend holds: the newest snapshot, the records after it, and what it had to repair.
public struct StoredHistory: Sendable, Equatable {
  /// The newest snapshot, if there is one.
  public var snapshot: StoredSnapshot?
  /// The records after the snapshot, in order.
  public var records: [StoredRecord]
  /// Problems found and repaired while loading (damaged data moved aside); the store is
  /// usable, and the app should tell the user.
  public var problems: [PersistenceError]

  /// Creates a history.
  public init(
    snapshot: StoredSnapshot? = nil,
    records: [StoredRecord] = [],
    problems: [PersistenceError] = []
  ) {
    self.snapshot = snapshot
    self.records = records
    self.problems = problems
  }
}
