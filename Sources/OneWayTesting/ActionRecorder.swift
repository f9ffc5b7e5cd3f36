/// The log of every action a test store's reducer reduced, with the state each one left.
///
/// The recording reducer appends to it on the store's actor; the test store reads it from the
/// test's task, so every access goes through a lock.
final class ActionRecorder<Action: Sendable, State: Sendable>: Sendable {
  /// One reduced action and the state right after it.
  struct Entry: Sendable {
    let action: Action
    let state: State
  }

  private struct Storage {
    var entries: [Entry] = []
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var lastWaiterID: UInt64 = 0
  }

  private let storage = Locked(Storage())

  /// How many actions have been reduced.
  var count: Int { storage.withLock { $0.entries.count } }

  /// The entry at `index`, if that many actions have been reduced.
  func entry(at index: Int) -> Entry? {
    storage.withLock { $0.entries.indices.contains(index) ? $0.entries[index] : nil }
  }

  /// The entries from `start` up to `end` (the end of the log when `nil`).
  func entries(from start: Int, to end: Int? = nil) -> [Entry] {
    storage.withLock { storage in
      let end = min(end ?? storage.entries.count, storage.entries.count)
      return start < end ? Array(storage.entries[start..<end]) : []
    }
  }

  func record(_ action: Action, _ state: State) {
    let waiting = storage.withLock { storage in
      storage.entries.append(Entry(action: action, state: state))
      defer { storage.waiters.removeAll() }
      return Array(storage.waiters.values)
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once more than `count` actions have been reduced, or once the task is cancelled.
  func waitForEntry(beyond count: Int) async {
    let id = storage.withLock { storage in
      storage.lastWaiterID += 1
      return storage.lastWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = storage.withLock { storage in
          // Cancellation sets the flag before it runs the handler below, which takes this
          // lock: whichever comes first, the continuation is resumed exactly once.
          if storage.entries.count > count || Task.isCancelled { return true }
          storage.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      storage.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}

/// The reducer a test store runs: the user's reducer, plus a record of every action it
/// reduces and of the state that action leaves.
///
/// The store reduces every action through `reduce`, whether the test sent it or an effect
/// (or `bind()`) produced it, so the record is the complete history of the state.
struct RecordingReducer<Base: Reducer>: Reducer {
  typealias Action = Base.Action
  typealias State = Base.State

  let base: Base
  let recorder: ActionRecorder<Action, State>

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let effect = base.reduce(state: &state, action: action)
    recorder.record(action, state)
    return effect
  }

  func bind() -> AnyEffect<Action> {
    base.bind()
  }
}

/// Sends `action` on the store's actor and returns the index of its entry in the record, and
/// whether the store is idle afterwards (it is not when the action started effects).
func recordedSend<Base: Reducer, C: Clock<Duration>>(
  _ store: isolated Store<RecordingReducer<Base>, C>,
  _ action: Base.Action,
  recorder: ActionRecorder<Base.Action, Base.State>
) -> (index: Int, isIdle: Bool) {
  // Nothing is being reduced or queued here, so `send` reduces `action` first.
  let index = recorder.count
  store.send(action)
  return (index, store.isIdle)
}
