/// The actions waiting to be reduced, in the order in which they reached the store.
///
/// A store reduces one action at a time; an action that arrives while it is reducing (from a
/// synchronous effect, or re-entrantly) waits here instead of being reduced recursively. The
/// buffer keeps its capacity, so a busy store stops allocating once it has warmed up.
@usableFromInline
struct ActionQueue<Action> {
  // Inlinable: every send, and every action an effect queues, goes through it.

  @usableFromInline
  struct Entry {
    @usableFromInline let action: Action
    /// The effect that produced the action; `nil` for actions sent to the store directly.
    @usableFromInline let source: EffectToken?
    /// Whether `source` was registered for this entry alone (a synchronous action under a
    /// cancellation identifier), to be forgotten once the entry leaves the queue.
    @usableFromInline let ownsSource: Bool
    /// Where a synchronous effect's action came from, which `source` does not say; set only
    /// while the channel of reductions is listened to (see ``markSynchronous(from:as:)``).
    @usableFromInline var origin: ReductionOrigin?

    // Inlinable, as every method of the queue: unspecialised, each append passed the action
    // indirectly and looked up the entry's generic metadata.
    @inlinable
    init(action: Action, source: EffectToken?, ownsSource: Bool) {
      self.action = action
      self.source = source
      self.ownsSource = ownsSource
      self.origin = nil
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var head = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == entries.count }

  @inlinable
  mutating func append(_ action: Action, from source: EffectToken?, ownsSource: Bool = false) {
    entries.append(Entry(action: action, source: source, ownsSource: ownsSource))
  }

  @inlinable
  mutating func popFirst() -> Entry? {
    guard head < entries.count else { return nil }
    let entry = entries[head]
    head += 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      head = 0
    }
    return entry
  }

  /// The position the next appended entry takes.
  @inlinable
  var endIndex: Int { entries.count }

  /// Marks the entries appended from `start` on without a source as coming from `origin`: the
  /// actions of synchronous effects, which the scheduler queues with no unit of their own.
  @usableFromInline
  mutating func markSynchronous(from start: Int, as origin: ReductionOrigin) {
    var index = Swift.max(start, head)
    while index < entries.count {
      if entries[index].source == nil { entries[index].origin = origin }
      index += 1
    }
  }

  /// Empties the queue and returns what it held, oldest first.
  mutating func removeAll() -> ArraySlice<Entry> {
    let waiting = entries[head...]
    entries.removeAll(keepingCapacity: true)
    head = 0
    return waiting
  }
}
