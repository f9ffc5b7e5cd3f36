import CustomDump
import Foundation
import OneWay

/// A store's history, and the controls to travel in it: jump to an entry, resume, commit, skip.
///
/// ```swift
/// let store = Store(reducer: Counter(), state: Counter.State())
/// let devTools = await store.devTools()
/// await store.send(.increment)
/// await store.send(.increment)
/// try await devTools.jump(to: 0)   // the store's state is the state after the first action
/// await devTools.resume()          // back to the newest entry
/// ```
///
/// History is off until ``OneWay/Store/devTools(capacity:clock:)`` (or the view store's) turns
/// it on; until then the store pays nothing for it. From then on, every reduced action is
/// recorded, on the store's isolation, with the state after it, in a ring of `capacity` entries.
///
/// While the store shows a past entry (after ``jump(to:)``), every action that reaches it, from
/// a caller or from an effect, is held, not reduced, and no effect starts. ``resume()`` goes
/// back to the newest entry and ``commit()`` goes on from the entry shown; either way the held
/// actions are then reduced, in order.
public final class DevTools<R: Reducer>: Sendable
where R.Action: Sendable, R.State: Sendable & Equatable {
  /// The reducer's action type.
  public typealias Action = R.Action
  /// The reducer's state type.
  public typealias State = R.State
  /// One entry of the history.
  public typealias Entry = HistoryEntry<Action, State>

  @usableFromInline let storage: HistoryStorage<Action, State>
  let store: StoreAccess<R>

  init(storage: HistoryStorage<Action, State>, store: StoreAccess<R>) {
    self.storage = storage
    self.store = store
  }

  /// The most entries the history keeps; older ones leave it.
  public var capacity: Int { storage.withLock { $0.ring.capacity } }

  /// The entries the history keeps, oldest first.
  public var entries: [Entry] { storage.withLock { $0.ring.entries } }

  /// The entry `index`, if the history still keeps it.
  public func entry(_ index: Int) -> Entry? { storage.withLock { $0.ring[index] } }

  /// The state before the oldest entry kept: the state the history began from, until the ring
  /// drops its first entry.
  public var baseState: State { storage.withLock { $0.ring.base } }

  /// The entry whose state the store shows while it travels; `nil` while it is live, at its
  /// newest state.
  public var travelledIndex: Int? { storage.withLock { $0.travelled } }

  /// What the entry `index` changed in the state, as swift-custom-dump's diff (`-` before,
  /// `+` after); `nil` when the history no longer keeps it or it changed nothing. Computed here,
  /// not when the action was recorded.
  public func diff(_ index: Int) -> String? {
    let states = storage.withLock { storage -> (State, State)? in
      guard let after = storage.ring[index]?.state,
        let before = storage.ring.state(before: index)
      else { return nil }
      return (before, after)
    }
    guard let (before, after) = states else { return nil }
    return CustomDump.diff(before, after)
  }

  /// The actions held while the store travels, oldest first.
  public var heldActions: [Action] {
    get async {
      await store.run { engine in engine.heldActions }
    }
  }

  /// Sends `action` to the store, as a caller would.
  public func send(_ action: Action) async {
    await store.send(action)
  }

  /// Makes the state after entry `index` the store's state; the store then holds every action
  /// that reaches it until ``resume()`` or ``commit()``.
  ///
  /// - Throws: ``DevToolsError/noSuchEntry(_:)`` when the history does not keep the entry.
  public func jump(to index: Int) async throws(DevToolsError) {
    let found = await store.run { [storage] engine -> Bool in
      guard
        let state = storage.withLock({ storage -> State? in
          guard let state = storage.ring[index]?.state else { return nil }
          storage.travelled = index
          return state
        })
      else { return false }
      engine.travel(to: state)
      return true
    }
    if !found { throw .noSuchEntry(index) }
  }

  /// Goes back to the newest entry's state, then reduces the actions held meanwhile.
  public func resume() async {
    await store.run { [storage] engine in
      let newest = storage.withLock { storage -> State? in
        storage.travelled = nil
        return storage.ring.entries.last?.state
      }
      engine.endTravel(at: newest ?? engine.state)
    }
  }

  /// Keeps the state the store shows, drops the entries after it, and goes on from there: the
  /// actions held meanwhile are reduced on top of it.
  public func commit() async {
    await store.run { [storage] engine in
      storage.withLock { storage in
        if let travelled = storage.travelled { storage.ring.removeAfter(travelled) }
        storage.travelled = nil
      }
      engine.endTravel(at: engine.state)
    }
  }

  /// Skips the entry `index` (or brings it back, if it is skipped): the states after it are
  /// recomputed by reducing the later actions through the reducer, without starting effects,
  /// and the store shows the recomputed state of the entry it showed (the newest one when it
  /// is live).
  ///
  /// - Throws: ``DevToolsError/noSuchEntry(_:)`` when the history does not keep the entry.
  public func toggleSkip(_ index: Int) async throws(DevToolsError) {
    let found = await store.run { [storage] engine -> Bool in
      let shown = storage.withLock { storage -> State?? in
        guard storage.ring[index] != nil, var state = storage.ring.state(before: index) else {
          return .none
        }
        storage.ring.modify(index) { $0.isSkipped.toggle() }
        for later in index..<storage.ring.nextIndex {
          storage.ring.modify(later) { entry in
            if !entry.isSkipped { engine.reduceWithoutEffects(&state, entry.action) }
            entry.state = state
          }
        }
        let shownIndex = storage.travelled ?? (storage.ring.nextIndex - 1)
        return .some(storage.ring[shownIndex]?.state)
      }
      guard case .some(let state) = shown else { return false }
      guard let state else { return true }
      if engine.isTravelling {
        engine.travel(to: state)
      } else {
        // Live: the newest recomputed state becomes the store's, with no action held.
        engine.travel(to: state)
        engine.endTravel(at: state)
      }
      return true
    }
    if !found { throw .noSuchEntry(index) }
  }
}

/// What a dev-tools operation did wrong.
public enum DevToolsError: Error, Equatable, CustomStringConvertible {
  /// The history does not keep the entry with this index (it never had it, or it left the
  /// ring).
  case noSuchEntry(Int)
  /// A recording's JSON did not decode; the message says where.
  case invalidRecording(String)
  /// An action's JSON did not decode; the message says where.
  case invalidAction(String)

  /// The error, said in a sentence.
  public var description: String {
    switch self {
    case .noSuchEntry(let index): "The history keeps no entry \(index)."
    case .invalidRecording(let message): "The recording does not decode: \(message)"
    case .invalidAction(let message): "The action does not decode: \(message)"
    }
  }
}

/// How the dev tools reach a store's engine, on the store's isolation, whatever the store.
struct StoreAccess<R: Reducer>: Sendable where R.Action: Sendable, R.State: Sendable {
  let hop: @Sendable (@escaping @Sendable (StoreEngine<R>) -> Void) async -> Void
  let send: @Sendable (R.Action) async -> Void

  func run<T: Sendable>(_ body: @escaping @Sendable (StoreEngine<R>) -> T) async -> T {
    // Safe: `hop` runs `body` exactly once before it returns, on the store's isolation, and
    // only this call reads `result`, after that.
    let result = ResultBox<T>()
    await hop { engine in result.value = body(engine) }
    return result.value!
  }
}

/// A value written inside a hop and read after it (see ``StoreAccess/run(_:)``).
// Safe: written once on the store's isolation, then read by the task that awaited the hop,
// which the hop's `await` orders after the write.
final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
