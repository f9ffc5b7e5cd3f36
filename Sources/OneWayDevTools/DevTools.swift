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
/// History is off until `devTools(capacity:clock:)` turns it on, on any kind of store: a
/// `Store`, a `ViewStore`, OneWayCombine's `Way` and `NSWay`, or Swidux's `Store` (through
/// `reportingActions(_:)`, which names the actions to record). Until then the store pays
/// nothing for it. From then on, every reduced action is recorded, on the store's isolation,
/// with the state after it, in a ring of `capacity` entries.
///
/// While the store shows a past entry (after ``jump(to:)``), every action that reaches it, from
/// a caller or from an effect, is held, not reduced, and no effect starts. ``resume()`` goes
/// back to the newest entry and ``commit()`` goes on from the entry shown; either way the held
/// actions are then reduced, in order.
public final class DevTools<Action: Sendable, State: Sendable>: Sendable {
  /// One entry of the history.
  public typealias Entry = HistoryEntry<Action, State>

  @usableFromInline let storage: HistoryStorage<Action, State>
  let store: StoreAccess<Action, State>

  @usableFromInline
  init(storage: HistoryStorage<Action, State>, store: StoreAccess<Action, State>) {
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
      await run { store in store.heldActions() }
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
    let found = await run { [storage, self] store -> Bool in
      guard
        let state = storage.withLock({ storage -> State? in
          guard let state = storage.ring[index]?.state else { return nil }
          storage.travelled = index
          return state
        })
      else { return false }
      travel(store, to: state)
      return true
    }
    if !found { throw .noSuchEntry(index) }
  }

  /// Goes back to the newest entry's state, then reduces the actions held meanwhile.
  public func resume() async {
    await run { [storage] store in
      let newest = storage.withLock { storage -> State? in
        storage.travelled = nil
        return storage.ring.entries.last?.state
      }
      guard store.isHeld() else { return }
      store.replace(newest ?? store.state())
      store.release()
    }
  }

  /// Keeps the state the store shows, drops the entries after it, and goes on from there: the
  /// actions held meanwhile are reduced on top of it.
  public func commit() async {
    await run { [storage] store in
      storage.withLock { storage in
        if let travelled = storage.travelled { storage.ring.removeAfter(travelled) }
        storage.travelled = nil
      }
      store.release()
    }
  }

  /// Skips the entry `index` (or brings it back, if it is skipped): the states after it are
  /// recomputed by reducing the later actions through the reducer, without starting effects,
  /// and the store shows the recomputed state of the entry it showed (the newest one when it
  /// is live).
  ///
  /// - Throws: ``DevToolsError/noSuchEntry(_:)`` when the history does not keep the entry.
  public func toggleSkip(_ index: Int) async throws(DevToolsError) {
    let found = await run { [storage] store -> Bool in
      let shown = storage.withLock { storage -> State?? in
        guard storage.ring[index] != nil, var state = storage.ring.state(before: index) else {
          return .none
        }
        storage.ring.modify(index) { $0.isSkipped.toggle() }
        for later in index..<storage.ring.nextIndex {
          storage.ring.modify(later) { entry in
            if !entry.isSkipped { store.reduce(&state, entry.action) }
            entry.state = state
          }
        }
        let shownIndex = storage.travelled ?? (storage.ring.nextIndex - 1)
        return .some(storage.ring[shownIndex]?.state)
      }
      guard case .some(let state) = shown else { return false }
      guard let state else { return true }
      if store.isHeld() {
        store.replace(state)
      } else {
        // Live: the newest recomputed state becomes the store's, with no action held.
        store.hold { _ in }
        store.replace(state)
        store.release()
      }
      return true
    }
    if !found { throw .noSuchEntry(index) }
  }

  /// Shows `state` in the store, holding the store first if it is live: every action that
  /// reaches it from then on waits, and is reported as a warning (I1), since a developer who
  /// forgot the store travels would take it for lost.
  func travel(_ store: StoreHandle<Action, State>, to state: State) {
    if !store.isHeld() {
      let name = self.store.name
      store.hold { action in
        reportMisuse(
          Misuse(
            .actionHeldWhileTravelling,
            store: name,
            action: action,
            problem: "the store shows a past state, so the action waits and no effect starts",
            advice: "Resume or commit the travel in the dev tools to reduce the held actions.",
            severity: .warning
          )
        )
      }
    }
    store.replace(state)
  }

  /// Runs `body` with the store's handle on the store's isolation, and returns what it returns.
  func run<T: Sendable>(
    _ body: @escaping @Sendable (StoreHandle<Action, State>) -> T
  ) async -> T {
    // Safe: `run` runs `body` exactly once before it returns, on the store's isolation, and
    // only this call reads `result`, after that.
    let result = ResultBox<T>()
    await store.run { handle in result.value = body(handle) }
    return result.value!
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

/// A value written inside a hop and read after it (see ``DevTools/run(_:)``).
// Safe: written once on the store's isolation, then read by the task that awaited the hop,
// which the hop's `await` orders after the write.
final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
