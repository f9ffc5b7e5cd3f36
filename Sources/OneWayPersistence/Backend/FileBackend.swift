import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a persisted store in local files: a snapshot file, and in journal mode a journal
/// beside it (`<file>.journal`).
///
/// One backend at a time writes a file: from ``checkWritable()`` until it is released, the
/// backend holds an exclusive lock on `<file>.lock`, and a second backend on the same path, in
/// this process or another, is refused with
/// ``PersistenceError/Reason/lockedByAnotherWriter``. The kernel drops the lock when the
/// process dies, `kill -9` included. The lock file is empty and stays: removing it while a
/// store runs would let a second one lock a new file of the same name.
///
/// The snapshot is replaced atomically (a temporary file, `fsync`, `rename`, `fsync` of the
/// folder). Journal records are appended with `write(2)`, framed with their length and a
/// checksum, so that a record torn by a crash or damaged is recognised when loading: dropped,
/// kept in a copy of the journal, and reported. Taking a snapshot writes it first, then
/// replaces the journal with an empty one that starts after it: a crash between the two leaves
/// records the snapshot already covers, which loading skips.
public final class FileBackend: PersistenceBackend, @unchecked Sendable {
  // @unchecked Sendable, safe: `Persistence` calls a backend one method at a time, under its
  // lock (see `PersistenceBackend`), so the mutable fields are never used concurrently.

  /// The snapshot file.
  public let path: String
  /// The journal file, used in journal mode only.
  public let journalPath: String
  /// The file whose lock keeps every other backend off these files while this one lives.
  public let lockPath: String
  private let usesJournal: Bool
  private var journal: Int32 = -1
  private var journalEnd: off_t = 0
  private var lastSequence: UInt64 = 0
  private var lock: Int32 = -1

  /// Creates a backend for the snapshot file at `path`; with `journal`, for a journal beside
  /// it as well.
  public init(path: String, journal: Bool) {
    self.path = path
    journalPath = path + ".journal"
    lockPath = path + ".lock"
    usesJournal = journal
  }

  deinit {
    if journal >= 0 { close(journal) }
    if lock >= 0 { close(lock) }
  }

  /// The snapshot file's path.
  public var location: String { path }

  /// Throws unless the files can be written: a folder where a file should be, a folder that
  /// cannot be made, one in which no file can be created, or files another backend has open;
  /// then holds the lock that keeps every other backend out until this one is released.
  public func checkWritable() throws {
    for file in usesJournal ? [path, journalPath] : [path] where FileSystem.kind(file).isFolder {
      throw PersistenceError(location: file, reason: .isAFolder)
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      let kind = FileSystem.kind(folder)
      if kind.exists && !kind.isFolder {
        throw PersistenceError(
          location: path,
          reason: .notWritable(message: "\(folder) is a file, not a folder")
        )
      }
      if !kind.exists {
        do {
          try FileManager.default.createDirectory(
            atPath: folder,
            withIntermediateDirectories: true
          )
        } catch {
          throw PersistenceError(
            location: path,
            reason: .notWritable(message: "the folder \(folder) cannot be created")
          )
        }
      }
    }
    // The lock first: a second writer is refused before it creates anything beside the files.
    try claimLock()
    let probe = "\(path).probe-\(getpid())"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw PersistenceError(
        location: path,
        reason: .notWritable(message: String(cString: strerror(errno)))
      )
    }
    close(descriptor)
    unlink(probe)
  }

  /// Reads the snapshot and the journal's records after it, repairing what a crash or damage
  /// left (see ``PersistenceBackend/load()``).
  public func load() throws -> StoredHistory {
    try claimLock()
    var history = StoredHistory()
    if let bytes = try read(path) {
      switch FileLayout.parseSnapshot(bytes) {
      case .valid(let version, let sequence, let state):
        history.snapshot = StoredSnapshot(version: version, sequence: sequence, state: state)
      case .damaged(let reason):
        // The journal's records follow the damaged snapshot, so they are set aside with it.
        let aside = try setAside()
        history.problems.append(
          PersistenceError(location: path, reason: .undecodable(message: reason, movedTo: aside))
        )
        return history
      }
    }
    lastSequence = history.snapshot?.sequence ?? 0
    guard usesJournal, let bytes = try read(journalPath) else { return history }
    switch FileLayout.parseJournal(bytes) {
    case .damaged(let reason):
      try setJournalAside(reason, in: &history)
    case .valid(let version, let base, let scan):
      guard base <= lastSequence else {
        try setJournalAside(
          "it starts after action \(base), but the snapshot holds up to \(lastSequence)",
          in: &history
        )
        return history
      }
      for (index, range) in scan.records.enumerated() {
        let sequence = base + UInt64(index) + 1
        guard sequence > lastSequence else { continue }
        history.records.append(
          StoredRecord(sequence: sequence, version: version, payload: Array(bytes[range]))
        )
      }
      let whole = base + UInt64(scan.records.count)
      lastSequence = max(lastSequence, whole)
      if case .dropped(let cause, let following) = scan.tail {
        // The copy is durable before the cut, so that no byte exists only in the cut part.
        let keptIn = try keepAside(bytes)
        try truncateJournal(to: scan.validEnd)
        let tail = PersistenceError.DroppedTail(
          cause: cause,
          recoveredThrough: lastSequence,
          droppedActions: following.map { whole + 1...whole + 1 + UInt64($0) },
          droppedBytes: scan.validEnd..<bytes.count,
          keptIn: keptIn
        )
        history.problems.append(
          PersistenceError(location: journalPath, reason: .droppedJournalTail(tail))
        )
      }
      try openJournal()
    }
    return history
  }

  /// Appends `record` to the journal and returns once `write(2)` has.
  public func append(_ record: StoredRecord, expectedSequence: UInt64) throws {
    guard expectedSequence == lastSequence, record.sequence == expectedSequence + 1 else {
      throw PersistenceError(
        location: journalPath,
        reason: .conflict(expected: expectedSequence, found: lastSequence)
      )
    }
    if journal < 0 {
      try replace(
        journalPath,
        with: FileLayout.emptyJournal(version: record.version, base: lastSequence)
      )
      try openJournal()
    }
    do {
      try FileSystem.writeAll(journal, RecordFrame.frame(record.payload), path: journalPath)
    } catch {
      // A partial record would make every later one unreachable: take it back.
      _ = ftruncate(journal, journalEnd)
      throw PersistenceError(location: journalPath, reason: .writeFailed(message: error.message))
    }
    journalEnd += off_t(RecordFrame.headerSize + record.payload.count)
    lastSequence = record.sequence
  }

  /// Makes the journal's appended records durable.
  public func sync() throws {
    guard journal >= 0 else { return }
    guard fsync(journal) == 0 else {
      throw PersistenceError(
        location: journalPath,
        reason: .writeFailed(message: String(cString: strerror(errno)))
      )
    }
  }

  /// Replaces the snapshot atomically, then, in journal mode, the journal with an empty one
  /// that starts after it.
  public func writeSnapshot(_ snapshot: StoredSnapshot) throws {
    try replace(
      path,
      with: FileLayout.snapshot(
        version: snapshot.version,
        sequence: snapshot.sequence,
        state: snapshot.state
      )
    )
    lastSequence = max(lastSequence, snapshot.sequence)
    guard usesJournal else { return }
    try replace(
      journalPath,
      with: FileLayout.emptyJournal(version: snapshot.version, base: snapshot.sequence)
    )
    try openJournal()
  }

  /// Moves the snapshot and the journal to `<name>.corrupt-<timestamp>`.
  public func setAside() throws -> String {
    var moved: [String] = []
    for file in [path, journalPath] where FileSystem.kind(file).exists {
      moved.append(try moveAside(file))
    }
    closeJournal()
    lastSequence = 0
    return moved.joined(separator: " and ")
  }

  // MARK: - Helpers

  /// Moves the journal aside; the snapshot, if there is one, is what is recovered.
  private func setJournalAside(_ reason: String, in history: inout StoredHistory) throws {
    let aside = try moveAside(journalPath)
    let problem: PersistenceError.Reason =
      if let snapshot = history.snapshot {
        .undecodablePast(recoveredThrough: snapshot.sequence, message: reason, movedTo: aside)
      } else {
        .undecodable(message: reason, movedTo: aside)
      }
    history.problems.append(PersistenceError(location: journalPath, reason: problem))
  }

  /// Takes the lock on `lockPath`, unless this backend holds it already.
  private func claimLock() throws {
    guard lock < 0 else { return }
    let descriptor: Int32?
    do {
      descriptor = try FileSystem.lockExclusively(lockPath)
    } catch {
      throw PersistenceError(location: path, reason: .notWritable(message: error.message))
    }
    guard let descriptor else {
      throw PersistenceError(location: path, reason: .lockedByAnotherWriter)
    }
    lock = descriptor
  }

  private func read(_ file: String) throws -> [UInt8]? {
    do {
      return try FileSystem.readFile(file)
    } catch {
      throw PersistenceError(location: file, reason: .notWritable(message: error.message))
    }
  }

  private func replace(_ file: String, with bytes: [UInt8]) throws {
    do {
      try FileSystem.replaceAtomically(file, with: bytes)
    } catch {
      throw PersistenceError(location: file, reason: .writeFailed(message: error.message))
    }
  }

  private func moveAside(_ file: String) throws -> String {
    do {
      return try FileSystem.moveAside(file)
    } catch {
      throw PersistenceError(location: file, reason: .notWritable(message: error.message))
    }
  }

  /// Keeps `bytes`, the journal as it was read, in a file beside it.
  private func keepAside(_ bytes: [UInt8]) throws -> String {
    do {
      return try FileSystem.keepAside(bytes, of: journalPath)
    } catch {
      throw PersistenceError(location: journalPath, reason: .notWritable(message: error.message))
    }
  }

  private func truncateJournal(to length: Int) throws {
    let descriptor = open(journalPath, O_WRONLY)
    guard descriptor >= 0, ftruncate(descriptor, off_t(length)) == 0, fsync(descriptor) == 0
    else {
      let message = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      throw PersistenceError(location: journalPath, reason: .writeFailed(message: message))
    }
    close(descriptor)
  }

  private func openJournal() throws {
    closeJournal()
    let descriptor = open(journalPath, O_WRONLY | O_APPEND)
    guard descriptor >= 0 else {
      throw PersistenceError(
        location: journalPath,
        reason: .notWritable(message: String(cString: strerror(errno)))
      )
    }
    journal = descriptor
    journalEnd = lseek(descriptor, 0, SEEK_END)
  }

  private func closeJournal() {
    if journal >= 0 { close(journal) }
    journal = -1
  }

  // MARK: - Testing

  /// Releases the lock as the kernel does when the process dies, and nothing else: what a test
  /// that leaks a store to stand for a crash needs before it opens the files again.
  func releaseLockAsIfKilled() {
    if lock >= 0 { close(lock) }
    lock = -1
  }
}
