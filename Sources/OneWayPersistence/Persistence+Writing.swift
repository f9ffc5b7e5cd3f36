import Foundation

/// Writing snapshots, and the timer that coalesces writes (snapshot mode) or `fsync`s (journal
/// mode with an interval).
extension Persistence {
  /// Writes a snapshot of the latest state and empties the journal; called holding `lock`.
  func writeJournalSnapshot() throws {
    try backend.writeSnapshot(of: latest, version: version, sequence: sequence)
    sinceSnapshot = 0
    needsSnapshot = false
    writes += 1
  }

  /// Writes the latest state (snapshot mode), one write at a time, each taking the state as it
  /// is when it starts, so that a write never replaces a newer state with an older one.
  func writeLatestSnapshot() throws {
    try writeLock.withLock {
      let (state, sequence) = lock.withLock {
        self.sequence += 1
        return (latest, self.sequence)
      }
      do {
        try backend.writeSnapshot(of: state, version: version, sequence: sequence)
        lock.withLock {
          needsSnapshot = false
          writes += 1
        }
      } catch {
        lock.withLock { needsSnapshot = true }
        throw error
      }
    }
  }

  /// Writes the latest state (snapshot mode), telling `onError` if that fails.
  func writeReporting() {
    do { try writeLatestSnapshot() } catch { report(error) }
  }

  /// Tells `onError` of `error`, as a ``PersistenceError`` about the backend.
  func report(_ error: any Error) {
    onError(
      error as? PersistenceError
        ?? PersistenceError(location: backend.location, reason: .writeFailed(message: "\(error)"))
    )
  }

  // MARK: - Timer

  /// Starts the timer that writes (or syncs) what changed since the last write; called by
  /// the one change that finds no timer running, which keeps the task in `timer`.
  func startTimer(after delay: Duration) -> Task<Void, Never> {
    let sleep = self.sleep(delay)
    return Task { [weak self] in
      do { try await sleep() } catch { return }
      self?.timerFired()
    }
  }

  private func timerFired() {
    switch mode {
    case .snapshots:
      let write = lock.withLock { coalescer.timerFired(at: now()) }
      if write { writeReporting() }
    case .journal:
      lock.withLock {
        guard coalescer.timerFired(at: now()) else { return }
        do { try backend.sync() } catch { report(error) }
      }
    }
  }

  // MARK: - Testing

  /// The number of snapshots written since creation.
  var snapshotWrites: Int { lock.withLock { writes } }

  /// Waits for the running timer, if any, to end.
  func waitForTimer() async {
    await lock.withLock { timer }?.value
  }
}

extension PersistenceBackend {
  /// Encodes `state` (JSON) and stores it as the snapshot after action `sequence`: every
  /// snapshot written, by a persistence or by loading, is written here.
  func writeSnapshot(of state: some Encodable, version: Int, sequence: UInt64) throws {
    let bytes: [UInt8]
    do {
      bytes = Array(try JSONEncoder().encode(state))
    } catch {
      throw PersistenceError(
        location: location,
        reason: .writeFailed(message: "the state could not be encoded: \(error)")
      )
    }
    try writeSnapshot(StoredSnapshot(version: version, sequence: sequence, state: bytes))
  }
}
