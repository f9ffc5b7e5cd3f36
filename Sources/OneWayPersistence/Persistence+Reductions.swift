import Foundation
import OneWay

/// Attaching a store, and what each of its changes does: a snapshot kept for the coalescer, or
/// an action appended to the journal.
extension Persistence {
  /// Starts persisting the store whose changes `changes` are: what every kind of store's
  /// `persist(with:)` does.
  ///
  /// The persistence observes only the changes of the engine's channel of reductions, so that
  /// a reduce that changed nothing costs the store nothing here. If a store is already
  /// attached, it tells `onError` and attaches nothing.
  package func follow(_ changes: StoreChanges<Action, State>) {
    changes.follow { state in
      // A state that cannot be compared (Swidux's) is taken to be the loaded one: such a store
      // has no `bind()` to reduce actions before it is attached.
      let changed = changes.isEqual.map { !$0(state, loadedState) } ?? false
      return observer(attaching: state, changed: changed)
    }
  }

  /// Starts persisting a store whose state is now `state` (which `changed` from
  /// ``loadedState`` or not), and returns what it calls with each change; or `nil` (and an
  /// error to `onError`) if a store is already attached.
  private func observer(attaching state: State, changed: Bool) -> ((Action?, State) -> Void)? {
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
      didChange(to: state, by: nil)
    }
    let release = ReleaseFlush(self)
    return { action, state in release.persistence.didChange(to: state, by: action) }
  }

  /// Persists a change to `state`, made by `action` (`nil`: by actions the journal does not
  /// hold, or a store that does not report its actions; only a snapshot can take those in).
  func didChange(to state: State, by action: Action?) {
    switch mode {
    case .snapshots:
      keep(state)
    case .journal(let sync, let snapshotEvery, let encode):
      lock.withLock {
        latest = state
        do {
          guard !needsSnapshot, let action else { return try writeJournalSnapshot() }
          try append(try encodeAction(action, with: encode))
          if sinceSnapshot >= snapshotEvery { return try writeJournalSnapshot() }
          try syncAppends(sync)
        } catch {
          report(error)
        }
      }
    }
  }

  /// Snapshot mode: keeps `state` as the latest, and writes it now, later (the timer), or with
  /// the write the running timer will make.
  private func keep(_ state: State) {
    let decision = lock.withLock {
      latest = state
      return coalescer.changed(at: now())
    }
    switch decision {
    case .writeNow: writeReporting()
    case .schedule(let delay):
      let task = startTimer(after: delay)
      lock.withLock { timer = task }
    case .wait: break
    }
  }

  /// The encoded action; a failure leaves the journal without it, so the next change writes a
  /// snapshot. Called holding `lock`.
  private func encodeAction(
    _ action: Action,
    with encode: (Action) throws -> Data
  ) throws -> Data {
    do {
      return try encode(action)
    } catch {
      needsSnapshot = true
      throw PersistenceError(
        location: backend.location,
        reason: .writeFailed(message: "an action could not be encoded: \(error)")
      )
    }
  }

  /// Appends an encoded action to the journal; called holding `lock`.
  private func append(_ payload: Data) throws {
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
  }

  /// Makes the appends durable now, or at the end of the interval; called holding `lock`.
  private func syncAppends(_ sync: JournalSync) throws {
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
