/// A shared store's bookkeeping, kept apart from its tasks so that it is tested as a value: the
/// sequence it has reached, the attempts of the send in progress, and when to snapshot.
struct CommitBook: Equatable {
  /// What to do after an append lost a race.
  enum AfterConflict: Equatable {
    /// Reduce the records the answer carried, and append again.
    case retry
    /// Give up: every attempt was made.
    case giveUp(attempts: Int)
  }

  /// The number of the last record the store has reduced.
  private(set) var sequence: UInt64
  /// The appends that lost a race since the store was loaded.
  private(set) var conflicts = 0
  /// The appends made by the send in progress.
  private(set) var attempts = 0
  let maxAttempts: Int
  let snapshotEvery: Int

  init(sequence: UInt64, maxAttempts: Int, snapshotEvery: Int) {
    self.sequence = sequence
    self.maxAttempts = max(1, maxAttempts)
    self.snapshotEvery = max(1, snapshotEvery)
  }

  /// Starts a send: its first attempt is next.
  mutating func startSend() {
    attempts = 0
  }

  /// The record to append for an action encoded as `payload`, and the sequence the journal
  /// must end at for it to be accepted; counts the attempt.
  mutating func nextAppend(payload: [UInt8], version: Int) -> (StoredRecord, expected: UInt64) {
    attempts += 1
    return (StoredRecord(sequence: sequence + 1, version: version, payload: payload), sequence)
  }

  /// An append wrote nothing: another writer took its number at the same moment. Retry while
  /// attempts are left.
  mutating func conflicted() -> AfterConflict {
    conflicts += 1
    return attempts < maxAttempts ? .retry : .giveUp(attempts: attempts)
  }

  /// An append was numbered after records of other writers that this store had not reduced.
  mutating func lostRace() {
    conflicts += 1
  }

  /// Where `records` stop following this store's last record one by one: the number expected
  /// and the one found; `nil` when each is the next (no gap, no repeat).
  func gap(in records: [StoredRecord]) -> (expected: UInt64, found: UInt64)? {
    var next = sequence + 1
    for record in records {
      guard record.sequence == next else { return (next, record.sequence) }
      next += 1
    }
    return nil
  }

  /// Whether record `number` comes right after `records`, the ones this store is about to
  /// reduce first.
  func follows(_ number: UInt64, after records: [StoredRecord]) -> Bool {
    number == (records.last?.sequence ?? sequence) + 1
  }

  /// Records of other instances were reduced, the last of them `records.last`.
  mutating func replayed(_ records: [StoredRecord]) {
    if let last = records.last { sequence = last.sequence }
  }

  /// This store's append was accepted and reduced; returns whether it writes a snapshot now.
  ///
  /// Snapshots fall on multiples of `snapshotEvery`, so that whichever instance commits such a
  /// record writes it, and no two instances write snapshots of different sequences for one
  /// interval.
  mutating func committed() -> Bool {
    sequence += 1
    return sequence % UInt64(snapshotEvery) == 0
  }
}

/// The waiters for a shared store, served one at a time in arrival order. A value, so that
/// the order is tested without tasks; the store keeps continuations in it.
struct FIFOTurns<Waiter> {
  private var waiting: [Waiter] = []
  private var head = 0
  private(set) var isBusy = false

  /// Takes the turn if nobody has it: `true` if taken, `false` if the caller must wait.
  mutating func enterIfFree() -> Bool {
    guard !isBusy else { return false }
    isBusy = true
    return true
  }

  /// A waiter arrives: `true` if it goes at once, `false` if it was queued.
  mutating func arrive(_ waiter: Waiter) -> Bool {
    guard isBusy else {
      isBusy = true
      return true
    }
    waiting.append(waiter)
    return false
  }

  /// The current turn ends: returns the waiter whose turn it is now, or `nil` if none waits.
  mutating func leave() -> Waiter? {
    guard head < waiting.count else {
      isBusy = false
      waiting.removeAll(keepingCapacity: true)
      head = 0
      return nil
    }
    defer { head += 1 }
    return waiting[head]
  }

  /// How many wait.
  var count: Int { waiting.count - head }
}
