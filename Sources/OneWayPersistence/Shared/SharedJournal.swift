/// A journal that several processes share, such as a database table: where a ``SharedStore``
/// appends its actions and finds those of the other instances.
///
/// Appends are optimistic: each names the sequence number of the last record its writer knows
/// of. The journal numbers the record after its newest, never over another, and answers with
/// the records the writer missed, so that the writer reduces them before its own (J4). The
/// journal keeps its records after a snapshot: a snapshot only spares a loading store the
/// replay of what it covers.
public protocol SharedJournal: Sendable {
  /// Where the data lives, for error messages (a database and its table, say).
  var location: String { get }

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  func load(storeID: String) async throws -> StoredHistory

  /// Appends `record` after the store's newest record, and answers with the records after
  /// `expectedSequence` that the writer missed; never overwrites a record.
  ///
  /// `record` asks for number `expectedSequence + 1`, which it gets unless other writers
  /// appended first. Nothing is written, and the answer is a conflict, when a record after
  /// `expectedSequence` has a newer version than `record`: its writer could not reduce it.
  ///
  /// - Throws: A ``PersistenceError`` when the journal cannot be reached, when `record` does
  ///   not ask for `expectedSequence + 1`, or when the journal's newest record is older than
  ///   `expectedSequence`: nothing was appended.
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
  /// The record was appended as number `sequence`, after `missed`: the records after the
  /// expected one that other writers appended first, in order.
  case appended(sequence: UInt64, missed: [StoredRecord])
  /// Nothing was written: another writer took the same number at the same moment, or a missed
  /// record has a newer version than the writer's.
  /// `missed` holds the records after the expected one that the journal read while it
  /// answered, in order; the newest may not be among them.
  case conflict(missed: [StoredRecord])
}

extension SharedJournal {
  /// Throws unless `record` asks for number `expectedSequence + 1`: what an append checks
  /// before it writes anything.
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

extension PersistenceError {
  /// A shared journal's newest record is older than the one a writer knows of: the journal
  /// lost records, or is not the one the store loaded from.
  public static func journalBehind(
    location: String,
    newest: UInt64,
    expected: UInt64
  ) -> PersistenceError {
    PersistenceError(
      location: location,
      reason: .unreadable(
        sequence: expected,
        message: "the journal ends at record \(newest), before the one its writer knows of"
      )
    )
  }
}
