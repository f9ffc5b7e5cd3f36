/// A point in time on some clock, fixed when an effect starts, that a task can wait for.
///
/// Fixing the instant when the store starts the effect (not when its task first runs) makes
/// time-based effects deterministic under a test clock: advancing the clock past the deadline
/// releases the wait whether the task had started waiting yet or not.
struct Deadline: Sendable {
  let wait: @Sendable () async throws -> Void

  init<C: Clock<Duration>>(after duration: Duration, on clock: C) {
    let instant = clock.now.advanced(by: duration)
    wait = { try await clock.sleep(until: instant, tolerance: nil) }
  }
}
