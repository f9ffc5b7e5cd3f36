/// Why a persisted store could not load, save or start: an error that names the file and says
/// what to do.
///
/// ``Persistence``'s initialisers throw it when the store must not start (a newer schema, an
/// unwritable path); problems it repaired (a damaged file moved aside) and failed writes go to
/// the `onError` handler and to ``Persistence/problems``.
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The data was written by a newer schema version than the app supports; it was left
    /// untouched and nothing will be written over it.
    case newerVersion(found: Int, supported: Int)
    /// The data was written by an older version and no migration starts from `version`.
    case missingMigration(from: Int)
    /// A migration threw; the data was left untouched.
    case migrationFailed(from: Int, message: String)
    /// The data could not be decoded; it was moved to `movedTo`, and the store started from
    /// its initial state.
    case undecodable(message: String, movedTo: String)
    /// The data could not be decoded past action `recoveredThrough`: the store starts from the
    /// state after that action, and what could not be decoded was moved to `movedTo`.
    case undecodablePast(recoveredThrough: UInt64, message: String, movedTo: String)
    /// Bytes at the end of the journal were not records, from an interrupted append or from
    /// damage; the records before them were recovered and the journal was copied aside.
    case droppedJournalTail(DroppedTail)
    /// Another store, in this process or another, has the files open: one writer at a time.
    case lockedByAnotherWriter
    /// A folder is where the file should be.
    case isAFolder
    /// The file cannot be created or written; `message` is the system's reason.
    case notWritable(message: String)
    /// A write failed (a full disk, say); the state is still in memory.
    case writeFailed(message: String)
    /// An append lost a race with another writer of a shared backend.
    case conflict(expected: UInt64, found: UInt64)
    /// A shared journal was asked to append record `sequence` after record `expected`: a
    /// record must be the one after the last its writer knows of. Nothing was appended.
    case notNext(sequence: UInt64, expected: UInt64)
    /// The store is already persisted with this persistence; a second store was not attached.
    case alreadyAttached
    /// A shared store's send lost the race for the journal `attempts` times in a row; the
    /// action was not committed.
    case retriesExhausted(attempts: Int)
    /// A shared journal's record (or the snapshot) numbered `sequence` could not be read; it
    /// was left as it is.
    case unreadable(sequence: UInt64, message: String)
    /// A shared store's action was committed as record `sequence`, but the store cannot reduce
    /// record `unreadable`, before it, which another instance appended: the store sends
    /// nothing more until it is loaded again.
    case committedPastUnreadable(sequence: UInt64, unreadable: UInt64, message: String)
    /// A shared journal's server (`server`, its host and port) did not answer in time, or
    /// could not be reached; `message` says what was asked of it and what became of it.
    case unreachable(server: String, message: String)
  }

  /// The file (or other location) concerned.
  public var location: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error about `location`.
  public init(location: String, reason: Reason) {
    self.location = location
    self.reason = reason
  }

  /// The error, and what to do about it, in words for the user.
  public var description: String {
    switch reason {
    case .newerVersion(let found, let supported):
      return """
        \(location) was written by a newer version of the app (schema \(found); this one \
        reads up to \(supported)). It was left untouched: update the app, or use another file.
        """
    case .missingMigration(let version):
      return """
        \(location) has schema version \(version), and the app has no migration from it. It \
        was left untouched: add a migration from version \(version), or use another file.
        """
    case .migrationFailed(let version, let message):
      return """
        \(location) could not be migrated from schema version \(version) (\(message)). It was \
        left untouched: fix the migration, or use another file.
        """
    case .undecodable(let message, let movedTo):
      return """
        \(location) could not be read (\(message)). It was moved to \(movedTo), never \
        deleted, and the store started from its initial state; inspect or remove that file.
        """
    case .undecodablePast(let sequence, let message, let movedTo):
      return """
        \(location) could not be read past action \(sequence) (\(message)). The state after \
        action \(sequence) was recovered; what could not be read was moved to \(movedTo), never \
        deleted: inspect or remove that file.
        """
    case .droppedJournalTail(let tail):
      return tail.describe(location)
    case .lockedByAnotherWriter:
      return """
        \(location) is open in another store, in this process or another program (that \
        store holds the lock on \(location).lock). One store writes a file at a time: close \
        the other store or quit the other program, or use another file.
        """
    case .isAFolder:
      return "\(location) is a folder, not a file: remove or rename it, or use another path."
    case .notWritable(let message):
      return """
        \(location) cannot be written (\(message)): choose a path in a folder the app can \
        write to, or fix the folder's permissions.
        """
    case .writeFailed(let message):
      return """
        writing \(location) failed (\(message)); the state is still in memory: free some \
        space or fix the permissions, then call flush().
        """
    case .conflict(let expected, let found):
      return """
        \(location) has records up to \(found), not \(expected): another writer appended \
        first. Reload the store and try again.
        """
    case .notNext(let sequence, let expected):
      return """
        \(location): record \(sequence) cannot follow record \(expected), and nothing was \
        appended: append it as record \(expected + 1).
        """
    case .alreadyAttached:
      return "\(location) already persists a store: give each store a persistence of its own."
    case .retriesExhausted(let attempts):
      return """
        \(location): the action was not committed; other instances appended first \
        \(attempts) times in a row. Send it again later, or raise maxAttempts if the entity \
        is this busy.
        """
    case .committedPastUnreadable(let sequence, let unreadable, let message):
      return """
        \(location): the action was committed as record \(sequence), so do not send it again; \
        but record \(unreadable) could not be read (\(message)), and this store sends nothing \
        more. Update the app or fix the data, then load the store again.
        """
    case .unreadable(let sequence, let message):
      return """
        \(location): record \(sequence) could not be read (\(message)). It was left as it \
        is and the store cannot go past it: fix the data, or the decoding of the actions.
        """
    case .unreachable(let server, let message):
      return """
        \(location): \(server) could not be reached (\(message)). Check that the server is \
        running and that this host can reach it, then try again; raise the timeout only if \
        the server is known to answer this slowly.
        """
    }
  }
}
