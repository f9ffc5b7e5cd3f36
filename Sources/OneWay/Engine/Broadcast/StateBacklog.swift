/// The states a store produced before anyone looped over its `states` (rule O7).
///
/// OneWay 3.x created one states stream with the store, so a loop started late still saw
/// every state since the store was created. The backlog keeps that promise for a store's
/// start: it holds the first ``capacity`` states, oldest first, and is handed to the first
/// loop. A store that produces one more state before any loop starts drops it for good: from
/// then on every loop starts from the current state, and nothing keeps an old state alive, so
/// a store that nobody observes reduces its state in place instead of copying it on every
/// change (a large collection in it is then appended to, not copied).
///
/// Until the store's state first changes, the backlog is the store's current state alone and
/// holds nothing itself, so that an idle store allocates no buffer for it: the engine hands it
/// the state before the first change (``keepFirst(_:)``) just before committing that change.
/// From then on the states live in a buffer of fixed capacity, allocated once, so that keeping
/// a state on every change is one store into it.
@usableFromInline
struct StateBacklog<State> {
  // Inlinable (`holdsOnlyTheCurrentState`, `append`): every commit of a changed state.

  /// How many states a store keeps while no loop has started.
  ///
  /// Large enough for a test or a start-up sequence that sends a burst of actions before it
  /// starts observing; small enough that a store nobody observes stays small.
  @usableFromInline static var capacity: Int { 64 }

  /// The states kept; `nil` while the state has not changed (see the type's documentation).
  @usableFromInline var buffer: StateBuffer<State>?

  init() {}

  /// How many states it holds; 0 while the state has not changed.
  var count: Int { buffer?.count ?? 0 }

  /// Whether the backlog still waits for the state before the first change.
  @inlinable
  var holdsOnlyTheCurrentState: Bool { buffer == nil }

  /// Keeps `state`, the store's state before its first change, as the oldest state.
  // Not inlinable: once per store, at its first change.
  @usableFromInline
  mutating func keepFirst(_ state: State) {
    buffer = StateBuffer.make(capacity: Self.capacity, first: state)
  }

  /// Keeps a newly committed state; `false` when the backlog already holds ``capacity``
  /// states, and the store must drop it (O7). The engine calls ``keepFirst(_:)`` before the
  /// first call.
  @inlinable @inline(__always)
  mutating func append(_ state: State) -> Bool {
    buffer.unsafelyUnwrapped.append(state)
  }

  /// The states, oldest first; `current` is the store's state, the whole backlog while the
  /// state has not changed.
  func ordered(current: State) -> [State] {
    buffer?.ordered() ?? [current]
  }
}

/// At most `capacity` states, in one allocation; only a ``StateBacklog`` holds it, on its
/// store's isolation.
@usableFromInline
final class StateBuffer<State>: ManagedBuffer<StateBuffer.Header, State> {
  // Inlinable (`append`): every commit of a changed state.

  /// Where the buffer stands.
  @usableFromInline
  struct Header {
    /// How many states it holds.
    @usableFromInline var count: Int

    @usableFromInline
    init(count: Int) {
      self.count = count
    }
  }

  /// A buffer of `capacity` states that holds `first`.
  @usableFromInline
  static func make(capacity: Int, first: State) -> StateBuffer {
    let made = create(minimumCapacity: capacity) { _ in Header(count: 1) }
    // `create` allocates an instance of the class it is called on.
    let buffer = unsafeDowncast(made, to: StateBuffer.self)
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: first) }
    return buffer
  }

  /// Appends `state`; `false`, keeping nothing, when it is full.
  @inlinable
  func append(_ state: State) -> Bool {
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      guard count < StateBacklog<State>.capacity else { return false }
      (elements + count).initialize(to: state)
      header.pointee.count = count &+ 1
      return true
    }
  }

  /// How many states it holds.
  var count: Int { header.count }

  /// The states, oldest first.
  func ordered() -> [State] {
    withUnsafeMutablePointers { header, elements in
      Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }
}
