import Foundation
import OneWay

/// Keeps a store's state across restarts and crashes, in one of two modes: coalesced snapshots
/// of the state, or a write-ahead journal of its actions.
///
/// Create it before the store, start the store from ``loadedState``, then attach it; every kind
/// of store reports its reductions to it through the same engine:
///
/// ```swift
/// let persistence = try Persistence(
///   journalAt: folder.appendingPathComponent("counter.store"),
///   reducer: CounterReducer(),
///   initialState: CounterReducer.State(count: 0)
/// )
/// let store = Store(reducer: CounterReducer(), state: persistence.loadedState)
/// await store.persist(with: persistence)
/// ```
///
/// - **Snapshots** (``init(snapshotsAt:initialState:version:migrations:interval:clock:onError:)``):
///   after a change the state is written at once, and later changes at most once per interval.
/// - **Journal** (``init(journalAt:reducer:initialState:version:migrations:sync:snapshotEvery:clock:onError:)``):
///   every action that changes the state is appended before its `send` returns; every
///   `snapshotEvery` actions a snapshot replaces the journal; loading replays the journal's
///   tail through the reducer, without effects.
///
/// Loading refuses, by throwing a ``PersistenceError`` that names the file and says what to do,
/// data of a newer schema version, a path that cannot be written, and files another
/// persistence has open (one writer per file: the persistence holds a lock on them until it is
/// released). Data that does not decode is moved or copied aside, never deleted, and reported
/// to `onError` and in ``problems``, which say what the store starts from: the state up to the
/// damage, or its initial state. ``flush()`` writes what is pending and returns once it is on
/// disk; releasing the store does the same.
public final class Persistence<State: Codable & Sendable, Action: Sendable>: @unchecked Sendable {
  // @unchecked Sendable, safe: every mutable field is used only while holding `lock`, and the
  // backend only while holding `lock` (journal mode) or `writeLock` (snapshot mode, where
  // `lock` guards the latest state and the coalescer).
  // The fields are internal, not private, for this type's other files: attaching and appending
  // (`Persistence+Reductions.swift`), writing and its timer (`Persistence+Writing.swift`).

  /// The state loaded (or recovered) when the persistence was created: the state to start the
  /// store from.
  public let loadedState: State

  /// The problems repaired while loading, such as a file that did not decode and was moved
  /// aside; empty when everything loaded as it was.
  public let problems: [PersistenceError]

  /// What this persistence writes.
  enum Mode {
    case snapshots
    case journal(sync: JournalSync, snapshotEvery: Int, encode: (Action) throws -> Data)
  }

  let mode: Mode
  let backend: any PersistenceBackend
  let version: Int
  let onError: @Sendable (PersistenceError) -> Void
  let now: @Sendable () -> Duration
  /// Returns a sleep until `delay` from now, its deadline fixed at once, so that a timer task
  /// that starts late still wakes at the right time (a test clock may have moved on already).
  let sleep: @Sendable (Duration) -> @Sendable () async throws -> Void

  let lock = NSLock()
  let writeLock = NSLock()
  var latest: State
  var sequence: UInt64
  var sinceSnapshot = 0
  var needsSnapshot = false
  var coalescer: WriteCoalescer
  var isAttached = false
  var timer: Task<Void, Never>?
  var writes = 0

  /// Creates a persistence that keeps coalesced snapshots of the state in `file`, and loads the
  /// state from it.
  ///
  /// - Parameters:
  ///   - file: The snapshot file; its folder is made if it is missing.
  ///   - initialState: The state when there is no file yet.
  ///   - version: The state's schema version; raise it when its encoding changes, with a
  ///     migration from the previous one.
  ///   - migrations: The steps from older versions, run in order on older data.
  ///   - interval: The shortest time between two writes; the first change after a quiet
  ///     interval is written at once.
  ///   - clock: The clock that measures the interval.
  ///   - onError: Told of each problem repaired while loading and of each failed write; by
  ///     default, prints it to standard error.
  /// - Throws: A ``PersistenceError`` if the file is of a newer schema version, needs a
  ///   migration that is missing or fails, cannot be written, or is open in another
  ///   persistence, in this process or another
  ///   (``PersistenceError/Reason/lockedByAnotherWriter``).
  public convenience init<C: Clock<Duration>>(
    snapshotsAt file: URL,
    initialState: State,
    version: Int = 1,
    migrations: [Migration] = [],
    interval: Duration = .seconds(1),
    clock: C = ContinuousClock(),
    onError: @escaping @Sendable (PersistenceError) -> Void = Persistence.printError
  ) throws {
    try self.init(
      backend: FileBackend(path: file.path, journal: false),
      mode: .snapshots,
      initialState: initialState,
      version: version,
      migrations: migrations,
      interval: interval,
      clock: clock,
      replay: nil,
      onError: onError
    )
  }

  /// Creates a persistence that appends every action to a journal beside `file` (a
  /// write-ahead log) and keeps a snapshot in `file`, and recovers the state from them.
  ///
  /// - Parameters:
  ///   - file: The snapshot file; the journal is `<file>.journal`.
  ///   - reducer: The store's reducer, which replays the journal's actions (without effects).
  ///   - initialState: The state when there is nothing stored yet.
  ///   - version: The schema version of the state and the actions.
  ///   - migrations: The steps from older versions, run in order on older data.
  ///   - sync: When appended actions are made durable with `fsync`.
  ///   - snapshotEvery: How many appended actions make a snapshot, which empties the journal.
  ///   - clock: The clock that measures the `fsync` interval.
  ///   - onError: Told of each problem repaired while loading and of each failed write.
  /// - Throws: A ``PersistenceError``, as the snapshot initialiser does.
  public convenience init<R: Reducer, C: Clock<Duration>>(
    journalAt file: URL,
    reducer: R,
    initialState: State,
    version: Int = 1,
    migrations: [Migration] = [],
    sync: JournalSync = .everyAppend,
    snapshotEvery: Int = 1000,
    clock: C = ContinuousClock(),
    onError: @escaping @Sendable (PersistenceError) -> Void = Persistence.printError
  ) throws where R.State == State, R.Action == Action, Action: Codable {
    try self.init(
      journal: FileBackend(path: file.path, journal: true),
      reducer: reducer,
      initialState: initialState,
      version: version,
      migrations: migrations,
      sync: sync,
      snapshotEvery: snapshotEvery,
      clock: clock,
      onError: onError
    )
  }

  /// Creates a persistence that journals every action to `backend`, such as a database, and
  /// recovers the state from it.
  ///
  /// One process writes the journal. For a journal that several processes write, each with a
  /// store of the same entity, use a `SharedStore`.
  ///
  /// The parameters are those of
  /// ``init(journalAt:reducer:initialState:version:migrations:sync:snapshotEvery:clock:onError:)``.
  public convenience init<R: Reducer, C: Clock<Duration>>(
    journal backend: some PersistenceBackend,
    reducer: R,
    initialState: State,
    version: Int = 1,
    migrations: [Migration] = [],
    sync: JournalSync = .everyAppend,
    snapshotEvery: Int = 1000,
    clock: C = ContinuousClock(),
    onError: @escaping @Sendable (PersistenceError) -> Void = Persistence.printError
  ) throws where R.State == State, R.Action == Action, Action: Codable {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    let interval: Duration
    if case .interval(let duration) = sync { interval = duration } else { interval = .zero }
    try self.init(
      backend: backend,
      mode: .journal(
        sync: sync,
        snapshotEvery: max(1, snapshotEvery),
        encode: { try encoder.encode($0) }
      ),
      initialState: initialState,
      version: version,
      migrations: migrations,
      interval: interval,
      clock: clock,
      replay: { state, payload in
        let action = try decoder.decode(Action.self, from: payload)
        _ = reducer.reduce(state: &state, action: action)
      },
      onError: onError
    )
  }

  private init<C: Clock<Duration>>(
    backend: any PersistenceBackend,
    mode: Mode,
    initialState: State,
    version: Int,
    migrations: [Migration],
    interval: Duration,
    clock: C,
    replay: ((inout State, Data) throws -> Void)?,
    onError: @escaping @Sendable (PersistenceError) -> Void
  ) throws {
    try backend.checkWritable()
    let recovery = try Recovery.load(
      from: backend,
      initialState: initialState,
      version: version,
      migrations: migrations,
      replay: replay
    )
    self.backend = backend
    self.mode = mode
    self.version = version
    self.onError = onError
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { delay in
      let deadline = clock.now.advanced(by: delay)
      return {
        // A timer task that starts after its deadline has passed (a test clock advanced to it
        // first) must not wait for the clock to pass it again.
        guard clock.now < deadline else { return }
        try await clock.sleep(until: deadline, tolerance: nil)
      }
    }
    coalescer = WriteCoalescer(interval: interval)
    loadedState = recovery.state
    latest = recovery.state
    sequence = recovery.sequence
    problems = recovery.problems
    for problem in recovery.problems { onError(problem) }
  }

  deinit {
    timer?.cancel()
  }

  /// Prints `error` to standard error: the default `onError`.
  @Sendable
  public static func printError(_ error: PersistenceError) {
    FileHandle.standardError.write(Data("OneWayPersistence: \(error)\n".utf8))
  }

  /// Writes what is pending and returns once it is on disk: in snapshot mode the latest state;
  /// in journal mode a snapshot, which empties the journal.
  ///
  /// - Throws: A ``PersistenceError`` if the write fails; the state is still in memory, and a
  ///   later flush tries again.
  public func flush() throws {
    switch mode {
    case .snapshots:
      let isDirty = lock.withLock { coalescer.flushed(at: now()) || needsSnapshot }
      if isDirty { try writeLatestSnapshot() }
    case .journal:
      try lock.withLock {
        guard sinceSnapshot > 0 || needsSnapshot else { return try backend.sync() }
        try writeJournalSnapshot()
      }
    }
  }

  /// Flushes, telling `onError` if that fails.
  func flushReporting() {
    do { try flush() } catch { report(error) }
  }
}
