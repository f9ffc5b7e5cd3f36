/// A point in time on some clock, fixed when an effect starts, that a task can wait for.
///
/// Fixing the instant when the store starts the effect (not when its task first runs) makes
/// time-based effects deterministic under a test clock: advancing the clock onto or past the
/// deadline releases the wait whether the task had started waiting yet or not.
struct Deadline: Sendable {
  /// Waits until the deadline; throws if the task is cancelled first.
  let wait: @Sendable () async throws -> Void
  /// The deadline `duration` later on the same clock.
  let advanced: @Sendable (_ duration: Duration) -> Deadline

  init<C: Clock<Duration>>(after duration: Duration, on clock: C) {
    self.init(clock.now.advanced(by: duration), on: clock)
  }

  private init<C: Clock<Duration>>(_ instant: C.Instant, on clock: C) {
    wait = {
      // A deadline already reached is not waited for: a test clock advanced exactly onto it
      // before this task began to wait would otherwise hold it until the next advance.
      try Task.checkCancellation()
      if clock.now >= instant { return }
      try await clock.sleep(until: instant, tolerance: nil)
    }
    advanced = { Deadline(instant.advanced(by: $0), on: clock) }
  }
}
