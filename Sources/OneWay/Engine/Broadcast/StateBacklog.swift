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
/// From then on the states live in a ring of fixed capacity, allocated once, so that keeping
/// a state on every change is one store into it.
@usableFromInline
struct StateBacklog<State> {
  // Inlinable (`holdsOnlyTheCurrentState`, `append`): every commit of a changed state.

  /// How many states a store keeps while no loop has started.
  ///
  /// Large enough for a test or a start-up sequence that sends a burst of actions before it
  /// starts observing; small enough that a store nobody observes stays small. A power of two
  /// (see ``StateRing/append(_:)``).
  @usableFromInline static var capacity: Int { 64 }

  /// The states kept; `nil` while the state has not changed (see the type's documentation).
  @usableFromInline var ring: StateRing<State>?

  init() {}

  /// How many states it holds; 0 while the state has not changed.
  var count: Int { ring?.count ?? 0 }

  /// Whether the backlog still waits for the state before the first change.
  @inlinable
  var holdsOnlyTheCurrentState: Bool { ring == nil }

  /// Keeps `state`, the store's state before its first change, as the oldest state.
  // Not inlinable: once per store, at its first change.
  @usableFromInline
  mutating func keepFirst(_ state: State) {
    ring = StateRing.make(capacity: Self.capacity, first: state)
  }

  /// Keeps a newly committed state, dropping the oldest one when the ring is full. The engine
  /// calls ``keepFirst(_:)`` before the first call.
  @inlinable @inline(__always)
  mutating func append(_ state: State) {
    ring.unsafelyUnwrapped.append(state)
  }

  /// The states, oldest first; `current` is the store's state, the whole backlog while the
  /// state has not changed.
  func ordered(current: State) -> [State] {
    ring?.ordered() ?? [current]
  }
}

/// A ring of at most `capacity` states, in one allocation; only a ``StateBacklog`` holds it,
/// on its store's isolation.
@usableFromInline
final class StateRing<State>: ManagedBuffer<StateRing.Header, State> {
  // Inlinable (`append`): every commit of a changed state.

  /// Where the ring stands.
  @usableFromInline
  struct Header {
    /// How many states it holds.
    @usableFromInline var count: Int
    /// Where the oldest state is, once the ring has wrapped around.
    @usableFromInline var start: Int

    @usableFromInline
    init(count: Int, start: Int) {
      self.count = count
      self.start = start
    }
  }

  /// A ring of `capacity` states that holds `first`.
  @usableFromInline
  static func make(capacity: Int, first: State) -> StateRing {
    let buffer = create(minimumCapacity: capacity) { _ in Header(count: 1, start: 0) }
    // `create` allocates an instance of the class it is called on.
    let ring = unsafeDowncast(buffer, to: StateRing.self)
    ring.withUnsafeMutablePointerToElements { $0.initialize(to: first) }
    return ring
  }

  @inlinable
  func append(_ state: State) {
    withUnsafeMutablePointers { header, elements in
      // The capacity is a power of two, so that the ring wraps with a mask, not a division.
      let capacity = StateBacklog<State>.capacity
      let count = header.pointee.count
      if count < capacity {
        (elements + count).initialize(to: state)
        header.pointee.count = count &+ 1
      } else {
        let start = header.pointee.start
        elements[start] = state
        header.pointee.start = (start &+ 1) & (capacity &- 1)
      }
    }
  }

  /// How many states it holds.
  var count: Int { header.count }

  /// The states, oldest first.
  func ordered() -> [State] {
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      let start = header.pointee.start
      return (0..<count).map { elements[(start + $0) % count] }
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }
}
