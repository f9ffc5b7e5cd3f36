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
/// data of a newer schema version and a path that cannot be written. Data that does not decode
/// is moved aside, never deleted, and reported to `onError` and in ``problems``; the store then
/// starts from its initial state. ``flush()`` writes what is pending and returns once it is on
/// disk; releasing the store does the same.
public final class Persistence<State: Codable & Sendable, Action: Sendable>: @unchecked Sendable {
  // @unchecked Sendable, safe: every mutable field is used only while holding `lock`, and the
  // backend only while holding `lock` (journal mode) or `writeLock` (snapshot mode, where
  // `lock` guards the latest state and the coalescer).

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

  private let mode: Mode
  private let backend: any PersistenceBackend
  private let version: Int
  private let onError: @Sendable (PersistenceError) -> Void
  private let now: @Sendable () -> Duration
  /// Returns a sleep until `delay` from now, its deadline fixed at once, so that a timer task
  /// that starts late still wakes at the right time (a test clock may have moved on already).
  private let sleep: @Sendable (Duration) -> @Sendable () async throws -> Void

  private let lock = NSLock()
  private let writeLock = NSLock()
  private var latest: State
  private var sequence: UInt64
  private var sinceSnapshot = 0
  private var needsSnapshot = false
  private var coalescer: WriteCoalescer
  private var isAttached = false
  private var timer: Task<Void, Never>?
  private var writes = 0

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
  ///   migration that is missing or fails, or cannot be written.
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

  /// Creates a persistence that journals every action to `backend`, such as a database shared
  /// by several processes, and recovers the state from it.
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
    do { try flush() } catch {
      onError(error as? PersistenceError ?? Self.failure(error, at: backend.location))
    }
  }

  // MARK: - Reductions

  /// Starts persisting a store whose state is now `state`, returning the observer of its
  /// reductions, or `nil` (and an error to `onError`) if a store is already attached.
  func attach(currentState state: State, changed: Bool) -> ((Action, State, Bool) -> Void)? {
    let attached = lock.withLock {
      defer { isAttached = true }
      return isAttached
    }
    guard !attached else {
      onError(PersistenceError(location: backend.location, reason: .alreadyAttached))
      return nil
    }
    // What the store reduced before it was attached (`bind()`'s first actions) is not in
    // the journal: a snapshot takes it in.
    if changed {
      if case .journal = mode {
        lock.withLock { needsSnapshot = true }
      }
      didReduce(state: state, changed: true, append: nil)
    }
    let release = ReleaseFlush(self)
    return { action, state, changed in
      release.persistence.didReduce(state: state, changed: changed, append: action)
    }
  }

  private func didReduce(state: State, changed: Bool, append action: Action?) {
    guard changed else { return }
    switch mode {
    case .snapshots:
      lock.lock()
      latest = state
      let decision = coalescer.changed(at: now())
      lock.unlock()
      switch decision {
      case .writeNow: writeReporting()
      case .schedule(let delay):
        let task = startTimer(after: delay)
        lock.withLock { timer = task }
      case .wait: break
      }
    case .journal(let sync, let snapshotEvery, let encode):
      lock.lock()
      defer { lock.unlock() }
      latest = state
      do {
        guard !needsSnapshot, let action else { return try writeJournalSnapshot() }
        let payload: Data
        do {
          payload = try encode(action)
        } catch {
          needsSnapshot = true
          throw PersistenceError(
            location: backend.location,
            reason: .writeFailed(message: "an action could not be encoded: \(error)")
          )
        }
        do {
          try backend.append(
            StoredRecord(sequence: sequence + 1, version: version, payload: Array(payload)),
            expectedSequence: sequence
          )
        } catch {
          // The journal lacks this action from now on: only a snapshot can take it in.
          needsSnapshot = true
          throw error
        }
        sequence += 1
        sinceSnapshot += 1
        if sinceSnapshot >= snapshotEvery { return try writeJournalSnapshot() }
        switch sync {
        case .everyAppend:
          try backend.sync()
        case .interval:
          switch coalescer.changed(at: now()) {
          case .writeNow: try backend.sync()
          case .schedule(let delay): timer = startTimer(after: delay)
          case .wait: break
          }
        }
      } catch {
        onError(error as? PersistenceError ?? Self.failure(error, at: backend.location))
      }
    }
  }

  // MARK: - Writing

  /// Writes a snapshot of the latest state and empties the journal; called holding `lock`.
  private func writeJournalSnapshot() throws {
    let data = try encodeState(latest)
    try backend.writeSnapshot(StoredSnapshot(version: version, sequence: sequence, state: data))
    sinceSnapshot = 0
    needsSnapshot = false
    writes += 1
  }

  /// Writes the latest state (snapshot mode), one write at a time, each taking the state as it
  /// is when it starts, so that a write never replaces a newer state with an older one.
  private func writeLatestSnapshot() throws {
    try writeLock.withLock {
      let (state, sequence) = lock.withLock {
        self.sequence += 1
        return (latest, self.sequence)
      }
      do {
        let data = try encodeState(state)
        try backend.writeSnapshot(StoredSnapshot(version: version, sequence: sequence, state: data))
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

  private func writeReporting() {
    do {
      try writeLatestSnapshot()
    } catch {
      onError(error as? PersistenceError ?? Self.failure(error, at: backend.location))
    }
  }

  private func encodeState(_ state: State) throws -> [UInt8] {
    do {
      return Array(try JSONEncoder().encode(state))
    } catch {
      throw PersistenceError(
        location: backend.location,
        reason: .writeFailed(message: "the state could not be encoded: \(error)")
      )
    }
  }

  private static func failure(_ error: any Error, at location: String) -> PersistenceError {
    PersistenceError(location: location, reason: .writeFailed(message: "\(error)"))
  }

  // MARK: - Timer

  /// Starts the timer that writes (or syncs) what changed since the last write; called by
  /// the one change that finds no timer running, which keeps the task in `timer`.
  private func startTimer(after delay: Duration) -> Task<Void, Never> {
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
        do { try backend.sync() } catch {
          onError(error as? PersistenceError ?? Self.failure(error, at: backend.location))
        }
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

/// Flushes a persistence when the store it is attached to is released: the store's observer
/// of reductions is its only owner.
private final class ReleaseFlush<State: Codable & Sendable, Action: Sendable>: Sendable {
  let persistence: Persistence<State, Action>

  init(_ persistence: Persistence<State, Action>) {
    self.persistence = persistence
  }

  deinit {
    persistence.flushReporting()
  }
}
