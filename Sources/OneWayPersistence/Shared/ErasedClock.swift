/// Any `Clock<Duration>` as one type, so that ``SharedStore`` takes the clock of the caller's
/// choice (a test clock) without a second generic parameter.
struct ErasedClock: Clock {
  struct Instant: InstantProtocol {
    /// The time since the clock was erased.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let elapsed: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration, Duration?) async throws -> Void
  let minimumResolution: Duration

  init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleepUntil = { offset, tolerance in
      try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
    }
    minimumResolution = clock.minimumResolution
  }

  var now: Instant { Instant(offset: elapsed()) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await sleepUntil(deadline.offset, tolerance)
  }
}
