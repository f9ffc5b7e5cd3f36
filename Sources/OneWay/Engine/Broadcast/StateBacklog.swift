/// The states a store produced before anyone looped over its `states` (rule O7).
///
/// OneWay 3.x created one states stream with the store, so a loop started late still saw
/// every state since the store was created. The backlog keeps that promise with a bound: it
/// holds the newest ``capacity`` states, oldest first, and is handed to the first loop, after
/// which the store stops keeping it.
@usableFromInline
struct StateBacklog<State> {
  /// How many states a store keeps while no loop has started.
  ///
  /// Large enough for a test or a start-up sequence that sends a burst of actions before it
  /// starts observing; small enough that a store nobody observes stays small.
  @usableFromInline static var capacity: Int { 64 }

  @usableFromInline var states: [State]
  /// Where the oldest state is, once the buffer has wrapped around.
  @usableFromInline var start = 0

  init(initial: State) {
    states = [initial]
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

  /// The states, oldest first.
  var ordered: [State] {
    Array(states[start...] + states[..<start])
  }
}
