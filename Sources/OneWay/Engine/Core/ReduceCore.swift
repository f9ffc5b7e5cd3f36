/// The state of a store and the actions waiting to be reduced into it.
///
/// Synchronous and unaware of isolation: the engine reduces one action at a time, and an
/// action that arrives while it is reducing waits in the queue (A1, A5).
@usableFromInline
struct ReduceCore<Action, State> {
  // Inlinable: the queue and the flag every send checks and sets.

  @usableFromInline var state: State
  @usableFromInline var queue = ActionQueue<Action>()
  /// `true` while the engine reduces; a `send` that finds it set only queues its action.
  @usableFromInline var isProcessing = false

  init(state: State) {
    self.state = state
  }

  /// Starts processing `action`: returns `false` when the engine is already processing, in
  /// which case the action only waits in the queue.
  @inlinable
  mutating func begin(with action: Action) -> Bool {
    guard !isProcessing else {
      queue.append(action, from: nil)
      return false
    }
    isProcessing = true
    return true
  }

  /// Drops the queued actions, returning the units registered for one of them alone.
  mutating func dropQueued() -> [EffectToken] {
    queue.removeAll().compactMap { $0.ownsSource ? $0.source : nil }
  }
}
