/// A point in time on some clock, fixed when an effect starts, that a task can wait for.
///
/// Fixing the instant when the store reduces the action that starts the effect (not when its
/// task first runs) makes time-based effects deterministic under a test clock, however late
/// the task runs (E7): advancing the clock onto or past the deadline releases the wait whether
/// the task had started waiting yet or not, and the store itself can tell that a deadline has
/// passed (``isReached``) before the task that waits for it has woken.
struct Deadline: Sendable {
  // One existential, not closures: a clock and its instant fit its inline buffer (a test
  // clock is a reference, an instant two words), so a deadline is made without allocating.
  private let point: any DeadlinePoint

  init<C: Clock<Duration>>(after duration: Duration, on clock: C) {
    point = ClockDeadline(clock: clock, instant: clock.now.advanced(by: duration))
  }

  private init(point: any DeadlinePoint) {
    self.point = point
  }

  /// Waits until the deadline; throws if the task is cancelled first.
  func wait() async throws {
    try await point.wait()
  }

  /// Whether the clock has reached the deadline.
  var isReached: Bool { point.isReached }

  /// The deadline `duration` later on the same clock.
  func advanced(_ duration: Duration) -> Deadline {
    Deadline(point: point.advanced(duration))
  }
}

private protocol DeadlinePoint: Sendable {
  func wait() async throws
  var isReached: Bool { get }
  func advanced(_ duration: Duration) -> any DeadlinePoint
}

private struct ClockDeadline<C: Clock<Duration>>: DeadlinePoint {
  let clock: C
  let instant: C.Instant

  func wait() async throws {
    // A deadline already reached is not waited for: a test clock advanced exactly onto it
    // before this task began to wait would otherwise hold it until the next advance.
    try Task.checkCancellation()
    if isReached { return }
    try await clock.sleep(until: instant, tolerance: nil)
  }

  var isReached: Bool { clock.now >= instant }

  func advanced(_ duration: Duration) -> any DeadlinePoint {
    ClockDeadline(clock: clock, instant: instant.advanced(by: duration))
  }
}
