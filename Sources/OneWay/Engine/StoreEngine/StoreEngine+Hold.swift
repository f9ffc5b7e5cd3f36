/// The hold: a hook that lets a tool outside the engine pause a store's reduces and put a state
/// of its choosing in the store (OneWayDevTools shows a past state this way).
///
/// While a hold is installed, every action that reaches the store (a caller's `send`, an action
/// an effect produces) waits in the queue instead of being reduced, so no reduce runs and no
/// effect starts; the holder is told of each, and may replace the state, which the store's
/// watchers are told of as they are of a reduce's (the channel of reductions is not, since no
/// action was reduced). Releasing the hold reduces the held actions on top of the state it
/// leaves, in order; an action of a unit cancelled meanwhile is dropped, as always (C2).
///
/// The hold costs a `send` nothing: a held engine is one that is processing
/// (``ReduceCore/isProcessing``), which every entry point already checks, so only an action
/// that finds the engine busy looks for a hold. What to hold for, and what to say about a held
/// action, is the holder's business. See `Design/0007-devtools.md`.
extension StoreEngine {
  /// Whether a hold is installed.
  package var isHeld: Bool { broadcaster?.hold != nil }

  /// Installs a hold: from now on every action that reaches the store waits, and `onHeld` is
  /// told of it, on the store's isolation, as it arrives. Called on the store's isolation,
  /// outside any reduce, with no hold installed.
  ///
  /// `onHeld` runs inside the engine's entry point: it may report, not use the store.
  package func hold(onHeld: @escaping (Action) -> Void) {
    let broadcaster = makeBroadcaster()
    precondition(broadcaster.hold == nil, "A store has one hold at a time.")
    precondition(!core.isProcessing, "A store is held only between reduces.")
    broadcaster.hold = StoreHold(onHeld: onHeld)
    core.isProcessing = true
  }

  /// Commits `state`, which no reduce produced, telling everyone who watches a change; only
  /// while a hold is installed.
  package func replaceHeldState(_ state: State) {
    guard let hold = broadcaster?.hold else {
      preconditionFailure("A store's state is replaced only while it is held.")
    }
    precondition(
      !hold.isReplacing,
      "A store's state is replaced only between reduces: an observer told of a replaced state "
        + "cannot replace it again before that announcement ends; do it from a later task instead."
    )
    hold.isReplacing = true
    defer { hold.isReplacing = false }
    var state = state
    let changed = state != core.state
    if changed { willCommitChange(to: &state, assigned: false) }
    core.state = state
    if changed { didCommit() }
  }

  /// Removes the hold, and reduces the held actions on top of the current state, in order.
  package func release() {
    guard let broadcaster, broadcaster.hold != nil else { return }
    broadcaster.hold = nil
    core.isProcessing = false
    withContext { settle() }
  }

  /// The actions the hold keeps waiting, oldest first.
  package var heldActions: [Action] {
    guard isHeld else { return [] }
    return core.queue.entries[core.queue.head...].map(\.action)
  }

  /// Reduces `action` into `state` with the store's reducer, dropping its effect unstarted: how
  /// a tool recomputes states without running the app's effects.
  package func reduceWithoutEffects(_ state: inout State, _ action: Action) {
    guard let reducer else { return }
    _ = withContext { reducer.reduce(state: &state, action: action) }
  }
}

/// A hold on a store (see `StoreEngine+Hold.swift`): who is told of a held action, and whether
/// a replaced state is being announced.
@usableFromInline
final class StoreHold<Action> {
  // Used only on the store's isolation, by the engine.
  @usableFromInline let onHeld: (Action) -> Void
  /// Whether a replaced state is being announced: its observers are lent the states, which a
  /// nested replacement would change under them.
  var isReplacing = false

  init(onHeld: @escaping (Action) -> Void) {
    self.onHeld = onHeld
  }
}
