/// A journal that several processes share, such as a database table: where a ``SharedStore``
/// appends its actions and finds those of the other instances.
///
/// Appends are optimistic: each names the sequence number of the last record its writer knows
/// of, and the journal answers one that lost a race with ``SharedAppend/conflict(missed:)``
/// instead of writing over the winner's record (J4). The journal keeps its records after a snapshot: a snapshot only spares a
/// loading store the replay of what it covers.
public protocol SharedJournal: Sendable {
  /// Where the data lives, for error messages (a database and its table, say).
  var location: String { get }

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  func load(storeID: String) async throws -> StoredHistory

  /// Appends `record`, whose sequence must be `expectedSequence + 1`, if the store's last
  /// record is numbered `expectedSequence`; otherwise answers a conflict with the records the
  /// writer missed. Never overwrites a record.
  ///
  /// - Throws: A ``PersistenceError`` when the journal cannot be reached or `record` does not
  ///   follow `expectedSequence`: nothing was appended.
  func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) async throws -> SharedAppend

  /// The records of the store `storeID` numbered after `sequence`, in order.
  func records(storeID: String, after sequence: UInt64) async throws -> [StoredRecord]

  /// Stores `snapshot` of the store `storeID`; a snapshot already stored at the same sequence
  /// is kept (two instances may both write one, of the same state).
  func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) async throws
}

/// A shared journal's answer to an append.
public enum SharedAppend: Sendable, Equatable {
  /// The record was appended: it is the store's newest.
  case appended
  /// Another writer appended first, and nothing was written. `missed` holds the records after
  /// the expected sequence, in order, as the journal read them while it answered: the loser
  /// catches up without asking again. It may stop short of the newest record (one committed
  /// while the append ran), and is empty if the journal did not read them.
  case conflict(missed: [StoredRecord])
}

extension SharedJournal {
  /// Throws unless `record` is numbered `expectedSequence + 1`: what an append checks before it
  /// writes anything.
  public func requireNext(
    _ record: StoredRecord,
    after expectedSequence: UInt64,
    storeID: String
  ) throws {
    guard record.sequence != expectedSequence + 1 else { return }
    throw PersistenceError(
      location: "\(location), store \(storeID)",
      reason: .notNext(sequence: record.sequence, expected: expectedSequence)
    )
  }
}
