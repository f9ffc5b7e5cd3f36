/// The travel gate: what lets a developer tool show a past state in a running store.
///
/// While the store travels, its state is one the tool put there, and every action that reaches
/// it (a caller's `send`, an action an effect produces) waits in the queue instead of being
/// reduced, so no reduce runs and no effect starts. The gate costs the reduce path nothing: a
/// travelling engine is simply one that is processing (``ReduceCore/isProcessing``), which every
/// entry point already checks. Ending the travel commits the state the tool chooses and reduces
/// the held actions on top of it, in order; an action from a unit cancelled meanwhile is dropped,
/// as always (C2). See `Design/0007-devtools.md`.
extension StoreEngine {
  /// Whether the store is travelling (see ``travel(to:)``).
  @inlinable package var isTravelling: Bool { broadcaster?.isTravelling ?? false }

  /// Commits `state` as a past state, telling the observers, and holds every action from now
  /// until ``endTravel(at:)``. Called on the store's isolation, outside any reduce.
  package func travel(to state: State) {
    let broadcaster = makeBroadcaster()
    if !broadcaster.isTravelling {
      precondition(!core.isProcessing, "A store travels only between reduces.")
      broadcaster.isTravelling = true
      core.isProcessing = true
    }
    commitTravelled(state)
  }

  /// Commits `state`, stops holding actions, and reduces those that were held, in order.
  package func endTravel(at state: State) {
    guard let broadcaster, broadcaster.isTravelling else { return }
    commitTravelled(state)
    broadcaster.isTravelling = false
    core.isProcessing = false
    settle()
  }

  /// The actions held while the store travels, oldest first.
  package var heldActions: [Action] {
    guard isTravelling else { return [] }
    return core.queue.entries[core.queue.head...].map(\.action)
  }

  /// Reports an action that waits for the end of a travel (I1), as a warning: holding it is
  /// what travel promises, but a developer who forgot the tool is travelling would take it for
  /// lost.
  @usableFromInline
  func reportHeld(_ action: Action) {
    reportMisuse(
      Misuse(
        .actionHeldWhileTravelling,
        store: "the store of \(R.self)",
        action: "\(action)",
        problem: "the store shows a past state, so the action waits and no effect starts",
        advice: "Resume or commit the travel in the dev tools to reduce the held actions.",
        severity: .warning
      )
    )
  }

  /// Reduces `action` into `state` with the store's reducer, dropping its effect unstarted: how a
  /// tool recomputes the states after an action it skips.
  package func reduceWithoutEffects(_ state: inout State, _ action: Action) {
    guard let reducer else { return }
    _ = reducer.reduce(state: &state, action: action)
  }

  /// Commits a state that no reduce produced, telling everyone who watches a change; the channel
  /// of reductions is not told, since no action was reduced.
  func commitTravelled(_ state: State) {
    let broadcaster = makeBroadcaster()
    precondition(
      !broadcaster.isAnnouncingTravel,
      "A store travels only between reduces: an observer told of a travelled state cannot "
        + "travel again before that announcement ends; travel from a later task instead."
    )
    broadcaster.isAnnouncingTravel = true
    defer { broadcaster.isAnnouncingTravel = false }
    var state = state
    let changed = state != core.state
    if changed { willCommitChange(to: &state, assigned: false) }
    core.state = state
    if changed { didCommit() }
  }
}
