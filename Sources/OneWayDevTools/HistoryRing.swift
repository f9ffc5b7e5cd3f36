/// The newest entries of a store's history, at most `capacity` of them, and the state before the
/// oldest one. A plain value, used under ``HistoryStorage``'s lock.
///
/// Usable from inlinable code: ``append(action:origin:state:time:)`` records every reduced
/// action (see `HistoryRecording.swift`).
@usableFromInline
struct HistoryRing<Action: Sendable, State: Sendable> {
  @usableFromInline typealias Entry = HistoryEntry<Action, State>

  @usableFromInline let capacity: Int
  /// The entries, in a ring once full: the oldest is at `start`.
  @usableFromInline var storage: [Entry] = []
  @usableFromInline var start = 0
  /// The index the next entry gets.
  @usableFromInline var nextIndex = 0
  /// The state before the oldest entry kept: the state the history began from, until the ring
  /// drops its first entry.
  @usableFromInline var base: State

  init(capacity: Int, base: State) {
    precondition(capacity > 0, "A history keeps at least one entry.")
    self.capacity = capacity
    self.base = base
    storage.reserveCapacity(Swift.min(capacity, 1024))
  }

  var count: Int { storage.count }

  /// The index of the oldest entry kept (the index the next entry gets when there is none).
  var firstIndex: Int { nextIndex - storage.count }

  /// The entries, oldest first.
  var entries: [Entry] {
    Array(storage[start...] + storage[..<start])
  }

  @inlinable
  mutating func append(action: Action, origin: ActionOrigin, state: State, time: Duration) {
    let entry = Entry(
      index: nextIndex,
      time: time,
      action: action,
      origin: origin,
      state: state,
      isSkipped: false
    )
    nextIndex += 1
    if storage.count < capacity {
      storage.append(entry)
    } else {
      base = storage[start].state
      storage[start] = entry
      // A comparison, not `%`: a division at every recording of a full ring.
      start += 1
      if start == capacity { start = 0 }
    }
  }

  /// The entry `index`, if the ring still holds it.
  subscript(index: Int) -> Entry? {
    guard let offset = offset(of: index) else { return nil }
    return storage[(start + offset) % storage.count]
  }

  /// The state before the entry `index`.
  func state(before index: Int) -> State? {
    guard offset(of: index) != nil else { return nil }
    return index == firstIndex ? base : self[index - 1]?.state
  }

  mutating func modify(_ index: Int, _ body: (inout Entry) -> Void) {
    guard let offset = offset(of: index) else { return }
    body(&storage[(start + offset) % storage.count])
  }

  /// Drops the entries after `index`.
  mutating func removeAfter(_ index: Int) {
    var kept = entries.filter { $0.index <= index }
    kept.reserveCapacity(Swift.min(capacity, 1024))
    storage = kept
    start = 0
    nextIndex = index + 1
  }

  /// Replaces everything with `entries` after `base`.
  mutating func replace(base: State, entries: [Entry]) {
    self.base = base
    storage = Array(entries.suffix(capacity))
    start = 0
    nextIndex = entries.count
    if entries.count > capacity { self.base = entries[entries.count - capacity - 1].state }
  }

  private func offset(of index: Int) -> Int? {
    let offset = index - firstIndex
    return offset >= 0 && offset < storage.count ? offset : nil
  }
}
