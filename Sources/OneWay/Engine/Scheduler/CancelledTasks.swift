/// How many tasks of cancelled units have not ended yet, and whether the engine asked to hear
/// when the last one ends, in one word: the count times two, plus one while a wake is asked for.
///
/// A cancelled unit leaves the registry at once, but its task runs until it notices the
/// cancellation, and until then it keeps the store busy (L2). Such a task ends where it runs,
/// without a hop onto the store: it only counts itself out here, and reaches the store only
/// when it is the last and a task waits for idleness (see ``CancelledTasks``).
///
/// Its rules are pure functions from one word to the next, so that they are tested without
/// tasks.
struct CancelledTaskCount {
  /// The count times two, plus one while a wake is asked for.
  private(set) var word: UInt = 0

  /// The tasks of cancelled units still running.
  var running: Int { Int(word >> 1) }
  /// Whether the task that brings ``running`` to 0 must tell the engine.
  var wakeRequested: Bool { word & 1 == 1 }

  /// The word once a unit whose task runs was cancelled.
  static func afterUnitCancelled(_ word: UInt) -> UInt {
    word &+ 2
  }

  /// The word once the task of a cancelled unit ended, and whether that task must wake the
  /// engine: it was the last, and a wake was asked for (the request is then used up).
  ///
  /// The arithmetic wraps rather than traps. The engine counts a task in before it cancels
  /// it, and the task counts itself out after it sees the cancellation, so the count never
  /// goes below 0 in practice; but `Task.isCancelled` is a relaxed load, so nothing formally
  /// orders the two, and a count out seen before its count in must not crash a store: the two
  /// steps commute, and the engine checks for idleness again after its own step.
  static func afterTaskEnded(_ word: UInt) -> (word: UInt, wakes: Bool) {
    assert(word >= 2, "OneWay: a cancelled unit's task was counted out twice")
    let next = word &- 2
    return next == 1 ? (0, true) : (next, false)
  }

  /// Whether no task of a cancelled unit runs, and the word once asked: if some run and
  /// `wake` is set, the last of them to end must tell the engine.
  static func afterAsking(_ word: UInt, wake: Bool) -> (word: UInt, noneRunning: Bool) {
    if word >> 1 == 0 { return (word, true) }
    return (wake ? word | 1 : word, false)
  }

  /// A unit whose task runs was cancelled.
  mutating func unitCancelled() {
    word = Self.afterUnitCancelled(word)
  }

  /// The task of a cancelled unit ended; `true` when it must wake the engine.
  mutating func taskEnded() -> Bool {
    let (next, wakes) = Self.afterTaskEnded(word)
    word = next
    return wakes
  }

  /// Whether no task of a cancelled unit runs; if some do and `wake` is set, the last of them
  /// to end tells the engine.
  mutating func noneRunning(wakingWhenNone wake: Bool) -> Bool {
    let (next, noneRunning) = Self.afterAsking(word, wake: wake)
    word = next
    return noneRunning
  }
}

/// A store's ``CancelledTaskCount``, shared by its engine and the tasks of its units.
///
/// The engine counts a unit in when it cancels it, on the store's isolation, before it cancels
/// the unit's task; the task counts itself out from its own thread, once it sees that it was
/// cancelled. Ending that way saves each cancelled effect a hop onto the store, where it would
/// wait behind the store's own work. Made with the effect book, so that a store that never ran
/// an effect keeps none.
///
/// The word is kept under an ``EngineLock`` of its own, held only for one transition, on every
/// platform: an `Atomic` needs macOS 15 and iOS 18, and only cancellations take this lock, so a
/// compare-and-exchange loop with Glibc alone was a second code path for no measurable gain.
@usableFromInline
final class CancelledTasks: Sendable {
  private let lock = EngineLock()
  // Read and written only while holding `lock` (cancellations from many tasks at once, under
  // the thread sanitizer: CancellationTests, LockedStoreTests).
  private nonisolated(unsafe) var count = CancelledTaskCount()

  init() {}

  /// A unit whose task runs was cancelled; called on the store's isolation, before the task
  /// is cancelled.
  @usableFromInline
  func unitCancelled() {
    lock.withLock { count.unitCancelled() }
  }

  /// The task of a cancelled unit ended; `true` when the caller must wake the engine (see
  /// ``CancelledTaskCount/afterTaskEnded(_:)``).
  @usableFromInline
  func taskEnded() -> Bool {
    lock.withLock { count.taskEnded() }
  }

  /// Whether no task of a cancelled unit runs (see
  /// ``CancelledTaskCount/afterAsking(_:wake:)``).
  @usableFromInline
  func noneRunning(wakingWhenNone wake: Bool) -> Bool {
    lock.withLock { count.noneRunning(wakingWhenNone: wake) }
  }
}
