/// A journal that several processes share, such as a database table: where a ``SharedStore``
/// appends its actions and finds those of the other instances.
///
/// Appends are optimistic: each names the sequence number of the last record its writer knows
/// of, and the journal refuses one that lost a race with
/// ``PersistenceError/Reason/conflict(expected:found:)`` instead of writing over the winner's
/// record (J4). The journal keeps its records after a snapshot: a snapshot only spares a
/// loading store the replay of what it covers.
public protocol SharedJournal: Sendable {
  /// Where the data lives, for error messages (a database and its table, say).
  var location: String { get }

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  func load(storeID: String) async throws -> StoredHistory

  /// Appends `record`, whose sequence must be `expectedSequence + 1`, or throws a
  /// ``PersistenceError`` with reason ``PersistenceError/Reason/conflict(expected:found:)`` if
  /// the store's last record is not numbered `expectedSequence`; never overwrites a record.
  func append(storeID: String, record: StoredRecord, expectedSequence: UInt64) async throws

  /// The records of the store `storeID` numbered after `sequence`, in order.
  func records(storeID: String, after sequence: UInt64) async throws -> [StoredRecord]

  /// Stores `snapshot` of the store `storeID`; a snapshot already stored at the same sequence
  /// is kept (two instances may both write one, of the same state).
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async throws
}
