/// The states a store produced before anyone looped over its `states` (rule O7).
///
/// OneWay 3.x created one states stream with the store, so a loop started late still saw
/// every state since the store was created. The backlog keeps that promise with a bound: it
/// holds the newest ``capacity`` states, oldest first, and is handed to the first loop, after
/// which the store stops keeping it.
///
/// Until the store's state first changes, the backlog is the store's current state alone and
/// holds nothing itself, so that an idle store allocates no buffer for it: the engine hands it
/// the state before the first change (``keepFirst(_:)``) just before committing that change.
@usableFromInline
struct StateBacklog<State> {
  /// How many states a store keeps while no loop has started.
  ///
  /// Large enough for a test or a start-up sequence that sends a burst of actions before it
  /// starts observing; small enough that a store nobody observes stays small.
  @usableFromInline static var capacity: Int { 64 }

  /// The states kept; empty while the state has not changed (see the type's documentation).
  @usableFromInline var states: [State] = []
  /// Where the oldest state is, once the buffer has wrapped around.
  @usableFromInline var start = 0

  init() {}

  /// Whether the backlog still waits for the state before the first change.
  @inlinable
  var holdsOnlyTheCurrentState: Bool { states.isEmpty }

  /// Keeps `state`, the store's state before its first change, as the oldest state.
  @inlinable
  mutating func keepFirst(_ state: State) {
    states.append(state)
  }

  @inlinable
  mutating func append(_ state: State) {
    if states.count < Self.capacity {
      states.append(state)
    } else {
      states[start] = state
      start = (start + 1) % Self.capacity
    }
  }

  /// The states, oldest first; `current` is the store's state, the whole backlog while the
  /// state has not changed.
  func ordered(current: State) -> [State] {
    if states.isEmpty { return [current] }
    return Array(states[start...] + states[..<start])
  }
}
