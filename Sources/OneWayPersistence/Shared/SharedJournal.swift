import OneWay

/// A journal that several processes share, such as a database table: where a ``SharedStore``
/// appends its actions and finds those of the other instances.
///
/// Appends are optimistic: each names the sequence number of the last record its writer knows
/// of, and is written only if that record is still the newest. Otherwise nothing is written
/// and the journal answers with the records the writer missed, so that the writer reduces
/// them, then its own action again, before it appends again (J4): an action is only ever
/// appended after the state it was reduced against. The journal keeps its records after a
/// snapshot: a snapshot only spares a loading store the replay of what it covers.
public protocol SharedJournal: Sendable {
  /// Where the data lives, for error messages (a database and its table, say).
  var location: String { get }

  /// The server the journal talks to, as an error names it when it cannot be reached (a host
  /// and port); ``location`` by default.
  var server: String { get }

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  func load(storeID: String) async throws -> StoredHistory

  /// Appends `record` as number `expectedSequence + 1` if `expectedSequence` is the store's
  /// newest record; never overwrites a record, and never appends past one the writer has not
  /// reduced.
  ///
  /// When other writers appended first, nothing is written, and the answer is a conflict
  /// with the records after `expectedSequence`: the writer's action was reduced against a
  /// state without them, and must be reduced again after them before it is appended.
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
  /// The record was appended as number `sequence`. `missed` is empty for the journals of this
  /// module and of OneWayPostgres; a journal that appends past records the writer had not
  /// seen names them here, in order, and the store reduces them before its action, which was
  /// then never reduced against the state it is committed after.
  case appended(sequence: UInt64, missed: [StoredRecord])
  /// Nothing was written: another writer appended first, or took the same number at the same
  /// moment.
  /// `missed` holds the records after the expected one that the journal read while it
  /// answered, in order; the newest may not be among them.
  case conflict(missed: [StoredRecord])
}

extension SharedJournal {
  /// ``location``: a journal names its server only when it has one.
  public var server: String { location }

  /// Runs `operation`, a call to this journal described by `what` (such as "the append of
  /// store cart-1"), and fails with ``PersistenceError/Reason/unreachable(server:message:)``
  /// if it has not returned within `timeout`: a server that went away never hangs a caller.
  ///
  /// At the deadline `operation` is cancelled, and the call returns without waiting for it:
  /// a server that accepted the connection and then hung does not end a request that is
  /// cancelled, and its work is left to end on its own.
  public func bounded<T: Sendable>(
    by timeout: Duration,
    _ what: String,
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let deadline = PersistenceError(
      location: location,
      reason: .unreachable(server: server, message: "no answer to \(what) within \(timeout)")
    )
    let first = FirstOutcome<T>()
    let work = Task {
      do {
        first.offer(.success(try await operation()))
      } catch {
        first.offer(.failure(error))
      }
    }
    let timer = Task {
      do { try await Task.sleep(for: timeout) } catch { return }
      first.offer(.failure(deadline))
    }
    defer {
      work.cancel()
      timer.cancel()
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { first.wait($0) }
    } onCancel: {
      first.offer(.failure(CancellationError()))
    }
  }

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

/// The first outcome offered, handed to the one waiter once both are there: whichever of an
/// operation, its deadline and the caller's cancellation comes first.
final class FirstOutcome<T: Sendable>: Sendable {
  private struct Slot {
    var waiter: CheckedContinuation<T, any Error>?
    var outcome: Result<T, any Error>?
  }

  private let slot = Locked(Slot())

  /// Resumes `waiter` with the first outcome, now if there is one.
  func wait(_ waiter: CheckedContinuation<T, any Error>) {
    let ready = slot.withLock { slot -> Result<T, any Error>? in
      if let outcome = slot.outcome { return outcome }
      slot.waiter = waiter
      return nil
    }
    if let ready { waiter.resume(with: ready) }
  }

  /// Offers `outcome`; only the first one offered counts.
  func offer(_ outcome: Result<T, any Error>) {
    let waiter = slot.withLock { slot -> CheckedContinuation<T, any Error>? in
      guard slot.outcome == nil else { return nil }
      slot.outcome = outcome
      defer { slot.waiter = nil }
      return slot.waiter
    }
    waiter?.resume(with: outcome)
  }
}
