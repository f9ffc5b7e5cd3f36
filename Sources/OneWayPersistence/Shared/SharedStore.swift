import Foundation
import OneWay

/// A store for one entity (a cart, a document, a counter) whose journal several processes
/// share, such as the instances of a service over one database.
///
/// Every `send` reduces its action on a copy of the state, then appends it to the journal,
/// naming the last record this instance knows of, and returns the new state once the journal
/// accepted it. When other instances appended first, the journal writes nothing and answers
/// with the records this instance missed: it reduces them (without their effects, which ran
/// where they were committed), reduces its action again on the new state, and appends again,
/// up to `maxAttempts` times (J4). So an action is appended only once it reduced on the state
/// it follows in the journal, and a reducer that traps on it stops this process before
/// anything is appended, never the instances that load the journal later. Sends to one shared
/// store are served one at a time, in the order they arrive; every call to the journal fails
/// after `timeout` with ``PersistenceError/Reason/unreachable(server:message:)``.
///
/// ```swift
/// let counter = try await SharedStore.load(
///   id: "counter-1",
///   reducer: CounterReducer(),
///   initialState: CounterReducer.State(count: 0),
///   journal: InMemorySharedJournal()
/// )
/// let state = try await counter.send(.increment)
/// ```
///
/// The state lives in a `Store`, whose effects run as usual; an action an effect produces is
/// sent like any action, and changes the state only once committed, so nothing an instance
/// acknowledged is lost.
public actor SharedStore<R: Reducer> where R.State: Codable, R.Action: Codable {
  /// The entity's id in the journal.
  public nonisolated let id: String

  private let journal: any SharedJournal
  /// The app's reducer, for the trial of an action before it is appended.
  private let reducer: R
  private let timeout: Duration
  private let engine: Store<CommittingReducer<R>, ErasedClock>
  private let version: Int
  private let location: String
  private let proposals: AsyncStream<R.Action>.Continuation
  private let onError: @Sendable (any Error) -> Void
  private var book: CommitBook
  private var turns = FIFOTurns<CheckedContinuation<Void, Never>>()
  /// Why the store cannot go on: a record the journal holds, after its last one, that it
  /// cannot reduce. Every send then fails before it appends anything.
  private var blocked: PersistenceError?
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()

  /// Loads the entity `id` from `journal`: its newest snapshot, then the records after it
  /// reduced without their effects.
  ///
  /// - Parameters:
  ///   - id: The entity's id in the journal.
  ///   - reducer: The entity's reducer.
  ///   - initialState: The state when the journal has nothing of the entity.
  ///   - journal: The journal the instances share.
  ///   - version: The schema version of the state and the actions; loading refuses newer data.
  ///   - snapshotEvery: A snapshot is written when a commit's sequence is a multiple of it.
  ///   - maxAttempts: How many appends a send makes before it gives up.
  ///   - clock: The clock of the store's effects (debounce, throttle).
  ///   - timeout: The longest the store waits for one call to the journal (a load, an append, a
  ///     read, a snapshot) before it fails with
  ///     ``PersistenceError/Reason/unreachable(server:message:)``.
  ///   - onError: Told of what no caller awaits: a failed snapshot, a failed send of an action
  ///     that an effect produced; by default, printed to standard error.
  /// - Throws: The journal's error, or a ``PersistenceError`` if the data is of a newer
  ///   version or does not decode, or if the journal did not answer within `timeout`.
  public static func load<C: Clock<Duration>>(
    id: String,
    reducer: R,
    initialState: R.State,
    journal: any SharedJournal,
    version: Int = 1,
    snapshotEvery: Int = 1000,
    maxAttempts: Int = 10,
    clock: C = ContinuousClock(),
    timeout: Duration = .seconds(10),
    onError: @escaping @Sendable (any Error) -> Void = SharedStore.printError
  ) async throws -> SharedStore {
    let history = try await journal.bounded(by: timeout, "the load of store \(id)") {
      try await journal.load(storeID: id)
    }
    let location = "\(journal.location), store \(id)"
    var state = initialState
    var sequence: UInt64 = 0
    if let snapshot = history.snapshot {
      try check(version: snapshot.version, supported: version, location: location)
      state = try decode(
        R.State.self,
        from: snapshot.state,
        at: snapshot.sequence,
        location,
        with: JSONDecoder()
      )
      sequence = snapshot.sequence
    }
    let store = SharedStore(
      id: id,
      reducer: reducer,
      state: state,
      book: CommitBook(sequence: sequence, maxAttempts: maxAttempts, snapshotEvery: snapshotEvery),
      journal: journal,
      version: version,
      clock: ErasedClock(clock),
      timeout: timeout,
      onError: onError
    )
    try await store.replay(history.records)
    return store
  }

  private init(
    id: String,
    reducer: R,
    state: R.State,
    book: CommitBook,
    journal: any SharedJournal,
    version: Int,
    clock: ErasedClock,
    timeout: Duration,
    onError: @escaping @Sendable (any Error) -> Void
  ) {
    let (stream, proposals) = AsyncStream<R.Action>.makeStream()
    self.id = id
    self.journal = journal
    self.reducer = reducer
    self.timeout = timeout
    self.version = version
    self.location = "\(journal.location), store \(id)"
    self.book = book
    self.proposals = proposals
    self.onError = onError
    engine = Store(
      reducer: CommittingReducer(base: reducer, proposals: proposals),
      state: state,
      clock: clock
    )
    // One task sends the effects' actions, in order; it holds the store weakly, and ends when
    // the store is released (`deinit` finishes the stream).
    Task { [weak self] in
      for await action in stream {
        guard let store = self else { return }
        await store.propose(action)
      }
    }
  }

  deinit {
    proposals.finish()
  }

  /// The current state.
  public var state: R.State {
    get async { await engine.state }
  }

  /// The number of the last record of the journal this instance has reduced.
  public var sequence: UInt64 { book.sequence }

  /// How many appends lost a race since the store was loaded: found records of other
  /// instances that this one had not reduced, or took a number at the same moment as one.
  public var conflicts: Int { book.conflicts }

  /// Reduces `action` on a copy of the state, appends it to the journal, and reduces it;
  /// returns the state once it is committed.
  ///
  /// The reducer sees `action` at least twice: on the copy, before each append, and once in
  /// the store when it is committed. It is pure, so each time gives the same state.
  ///
  /// - Throws: A ``PersistenceError`` with reason
  ///   ``PersistenceError/Reason/unreachable(server:message:)`` when the journal did not answer
  ///   within the store's timeout (the action may then be committed or not, as after a lost
  ///   connection), with reason
  ///   ``PersistenceError/Reason/retriesExhausted(attempts:)`` when every attempt lost a race,
  ///   or the journal's error (a lost connection): the action may then be committed or not,
  ///   and the next send reduces it if it was. With reason
  ///   ``PersistenceError/Reason/committedPastUnreadable(sequence:unreadable:message:)``, the
  ///   action was committed, but a record before it cannot be reduced here: the store sends
  ///   nothing more until it is loaded again.
  @discardableResult
  public func send(_ action: R.Action) async throws -> R.State {
    await takeTurn()
    defer { endTurn() }
    if let blocked { throw blocked }
    let payload = try encode(action)
    book.startSend()
    while true {
      await reduceOnACopy(action)
      let (record, expected) = book.nextAppend(payload: payload, version: version)
      let answer = try await journal.bounded(by: timeout, "the append to store \(id)") {
        [journal, id] in
        try await journal.append(storeID: id, record: record, expectedSequence: expected)
      }
      switch answer {
      case .appended(let sequence, let missed):
        if !missed.isEmpty { book.lostRace() }
        let replayed: [SharedAction<R.Action>]
        do {
          replayed = try replayable(missed)
          guard book.follows(sequence, after: missed) else {
            throw PersistenceError(
              location: location,
              reason: .unreadable(
                sequence: book.sequence + UInt64(missed.count) + 1,
                message: "the journal numbered the action \(sequence), not after the rows it sent"
              )
            )
          }
        } catch let error as PersistenceError {
          throw block(after: error, committed: sequence)
        }
        // The rows this instance missed and its own action, in one turn of the engine.
        let state = await engine.sendThenRead(replayed + [.committed(action)])
        book.replayed(missed)
        if book.committed() { await writeSnapshot(of: state) }
        return state
      case .conflict(let missed):
        try await replay(missed)
        switch book.conflicted() {
        case .retry: continue
        case .giveUp(let attempts):
          throw PersistenceError(location: location, reason: .retriesExhausted(attempts: attempts))
        }
      }
    }
  }

  /// Reduces what the other instances appended since this instance's last record, and returns
  /// the state: a read as fresh as the journal, served in turn with the sends.
  public func refresh() async throws -> R.State {
    await takeTurn()
    defer { endTurn() }
    try await catchUp()
    return await engine.state
  }

  /// Logs what the store's engine reduces (each action as committed, replayed or proposed) and
  /// the states it reaches, as `Store`'s `debug(_:to:)` does.
  public func debug(_ options: LoggingOptions, to logger: StoreLogger) async {
    _ = await engine.debug(options, to: logger)
  }

  /// Prints `error` to standard error: the default `onError`.
  @Sendable
  public static func printError(_ error: any Error) {
    FileHandle.standardError.write(Data("OneWayPersistence: \(error)\n".utf8))
  }

  /// Reduces `action` on a copy of the current state, and drops the result and the effect: a
  /// reducer that traps on it stops the process here, before the action is appended, so that
  /// no record can crash the instances that load the journal (J4).
  private func reduceOnACopy(_ action: R.Action) async {
    var state = await engine.state
    _ = reducer.reduce(state: &state, action: action)
  }

  /// Sends an action an effect produced; no caller awaits it, so a failure goes to `onError`.
  private func propose(_ action: R.Action) async {
    do {
      try await send(action)
    } catch {
      onError(error)
    }
  }

  /// Reduces the records the other instances appended since this one's last.
  private func catchUp() async throws {
    let after = book.sequence
    let records = try await journal.bounded(by: timeout, "the read of store \(id)") {
      [journal, id] in
      try await journal.records(storeID: id, after: after)
    }
    try await replay(records)
  }

  /// Stops the store after its action was committed as record `sequence` past a record it
  /// cannot reduce (`error`): this send and every later one fail, the later ones before they
  /// append, so that nothing more is committed that this instance cannot answer for.
  private func block(after error: PersistenceError, committed sequence: UInt64) -> PersistenceError
  {
    let unreadable: UInt64
    let message: String
    switch error.reason {
    case .unreadable(let number, let reason):
      (unreadable, message) = (number, reason)
    case .newerVersion(let found, let supported):
      (unreadable, message) = (book.sequence + 1, "schema \(found), newer than \(supported)")
    default:
      (unreadable, message) = (book.sequence + 1, error.description)
    }
    blocked = PersistenceError(
      location: location,
      reason: .unreadable(sequence: unreadable, message: message)
    )
    return PersistenceError(
      location: location,
      reason: .committedPastUnreadable(sequence: sequence, unreadable: unreadable, message: message)
    )
  }

  /// Reduces `records` without their effects, checking that none is missing.
  private func replay(_ records: [StoredRecord]) async throws {
    guard !records.isEmpty else { return }
    _ = await engine.sendThenRead(try replayable(records))
    book.replayed(records)
  }

  /// The actions of `records` to reduce without their effects: checked to follow this store's
  /// last record one by one, of a version it reads, and decoded; none is reduced if one is
  /// not.
  private func replayable(_ records: [StoredRecord]) throws -> [SharedAction<R.Action>] {
    if let (expected, found) = book.gap(in: records) {
      throw PersistenceError(
        location: location,
        reason: .unreadable(sequence: expected, message: "the journal skips to record \(found)")
      )
    }
    var actions: [SharedAction<R.Action>] = []
    actions.reserveCapacity(records.count)
    for record in records {
      try Self.check(version: record.version, supported: version, location: location)
      let action = try Self.decode(
        R.Action.self,
        from: record.payload,
        at: record.sequence,
        location,
        with: decoder
      )
      actions.append(.replayed(action))
    }
    return actions
  }

  /// Writes a snapshot of `state`; a failure is reported, and loses nothing: the journal has
  /// every action.
  private func writeSnapshot(of state: R.State) async {
    do {
      let snapshot = StoredSnapshot(
        version: version,
        sequence: book.sequence,
        state: Array(try encoder.encode(state))
      )
      try await journal.bounded(by: timeout, "the snapshot of store \(id)") { [journal, id] in
        try await journal.writeSnapshot(storeID: id, snapshot)
      }
    } catch {
      onError(error)
    }
  }

  private func encode(_ action: R.Action) throws -> [UInt8] {
    do {
      return Array(try encoder.encode(action))
    } catch {
      throw PersistenceError(
        location: location,
        reason: .writeFailed(message: "the action could not be encoded: \(error)")
      )
    }
  }

  private static func decode<T: Decodable>(
    _ type: T.Type,
    from bytes: [UInt8],
    at sequence: UInt64,
    _ location: String,
    with decoder: JSONDecoder
  ) throws -> T {
    do {
      return try decoder.decode(type, from: Data(bytes))
    } catch {
      throw PersistenceError(
        location: location,
        reason: .unreadable(sequence: sequence, message: Recovery<Int>.describe(error))
      )
    }
  }

  private static func check(version found: Int, supported: Int, location: String) throws {
    guard found <= supported else {
      throw PersistenceError(
        location: location,
        reason: .newerVersion(found: found, supported: supported)
      )
    }
  }

  /// Waits for this send's turn: sends are served one at a time, in arrival order, so that two
  /// appends of one entity never overlap while a send awaits the journal.
  private func takeTurn() async {
    if turns.enterIfFree() { return }
    await withCheckedContinuation { continuation in
      if turns.arrive(continuation) { continuation.resume() }
    }
  }

  /// Ends this send's turn, and starts the next waiter's.
  private func endTurn() {
    turns.leave()?.resume()
  }
}

extension Store {
  /// Sends `actions` in order and returns the state they lead to, in one turn of the store's
  /// actor.
  fileprivate func sendThenRead(_ actions: [Action]) -> State {
    for action in actions { send(action) }
    return state
  }
}
