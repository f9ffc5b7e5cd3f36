/// A ``SharedJournal`` in memory, for tests: several ``SharedStore``s over one instance behave
/// as instances of a service over one database.
public actor InMemorySharedJournal: SharedJournal {
  /// What the journal holds of one store.
  private struct Entity {
    var records: [StoredRecord] = []
    var snapshots: [StoredSnapshot] = []
  }

  /// A test waiting for a store's journal to reach a number of records.
  private struct Waiter {
    var storeID: String
    var count: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private var entities: [String: Entity] = [:]
  private var waiters: [Waiter] = []

  /// `"memory"`.
  public nonisolated let location = "memory"

  /// Creates an empty journal.
  public init() {}

  /// Reads the newest snapshot of the store `storeID` and the records after it, in order.
  public func load(storeID: String) -> StoredHistory {
    let entity = entities[storeID] ?? Entity()
    let snapshot = entity.snapshots.max { $0.sequence < $1.sequence }
    let covered = snapshot?.sequence ?? 0
    return StoredHistory(
      snapshot: snapshot,
      records: entity.records.filter { $0.sequence > covered }
    )
  }

  /// Appends `record` if `expectedSequence` is the store's newest record; otherwise writes
  /// nothing and answers with the records after it.
  public func append(
    storeID: String,
    record: StoredRecord,
    expectedSequence: UInt64
  ) throws -> SharedAppend {
    try requireNext(record, after: expectedSequence, storeID: storeID)
    let newest = entities[storeID]?.records.last?.sequence ?? 0
    guard newest >= expectedSequence else {
      throw PersistenceError.journalBehind(
        location: "\(location) \(storeID)",
        newest: newest,
        expected: expectedSequence
      )
    }
    guard newest == expectedSequence else {
      return .conflict(missed: records(storeID: storeID, after: expectedSequence))
    }
    entities[storeID, default: Entity()].records.append(record)
    let count = entities[storeID]?.records.count ?? 0
    waiters.removeAll { waiter in
      guard waiter.storeID == storeID, waiter.count <= count else { return false }
      waiter.continuation.resume()
      return true
    }
    return .appended(sequence: record.sequence, missed: [])
  }

  /// The records of the store `storeID` numbered after `sequence`, in order.
  public func records(storeID: String, after sequence: UInt64) -> [StoredRecord] {
    (entities[storeID]?.records ?? []).filter { $0.sequence > sequence }
  }

  /// Stores `snapshot`, keeping one already stored at the same sequence.
  public func writeSnapshot(storeID: String, _ snapshot: StoredSnapshot) {
    var entity = entities[storeID] ?? Entity()
    guard !entity.snapshots.contains(where: { $0.sequence == snapshot.sequence }) else { return }
    entity.snapshots.append(snapshot)
    entities[storeID] = entity
  }

  /// The snapshots stored for `storeID`, oldest first.
  public func snapshots(storeID: String) -> [StoredSnapshot] {
    (entities[storeID]?.snapshots ?? []).sorted { $0.sequence < $1.sequence }
  }

  /// Returns once the journal of `storeID` holds at least `count` records: how a test waits
  /// for an append that a task makes, without sleeping.
  public func waitForRecords(storeID: String, count: Int) async {
    guard (entities[storeID]?.records.count ?? 0) < count else { return }
    await withCheckedContinuation { continuation in
      waiters.append(Waiter(storeID: storeID, count: count, continuation: continuation))
    }
  }
}
