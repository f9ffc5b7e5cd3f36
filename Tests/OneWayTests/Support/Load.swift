import Clocks

@testable import OneWay

/// The stress harness of rule E7: runs a test's body round after round while other tasks keep
/// every thread of the cooperative pool busy, so that a task the store starts late is not
/// rescued by an idle machine. Its assertions never depend on time: the clocks are test
/// clocks, and a round checks what has started when `send` returns, before it advances them.
enum Load {
  /// How many rounds each test runs.
  static let rounds = 20

  /// Runs `body` `rounds` times, on the caller's isolation, while `spinners` tasks saturate
  /// the cooperative pool.
  static func run(
    rounds: Int = Load.rounds,
    spinners: Int = 4,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (_ round: Int) async throws -> Void
  ) async rethrows {
    let load = (0..<spinners).map { _ in
      // Below the tests' priority, or they would starve them: the pool runs the highest first.
      Task.detached(priority: .low) {
        while !Task.isCancelled {
          spin(for: .microseconds(200))
          await Task.yield()
        }
      }
    }
    defer { for task in load { task.cancel() } }
    for round in 0..<rounds {
      await jitter()
      try await body(round)
    }
  }

  /// Yields a random number of times, from none to three: injected around task starts, so
  /// that the order in which the pool runs the test's task and the effects' varies.
  static func jitter(isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<Int.random(in: 0...3) { await Task.yield() }
  }

  /// Keeps the calling thread busy for `duration`, without suspending.
  private static func spin(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    while clock.now < end {}
  }
}

/// A test clock that counts the sleeps registered on it, at once, from any thread: a test
/// reads the count as soon as `send` returns, without waiting for anything.
final class CountingClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant
  typealias Duration = Swift.Duration

  let base = TestClock()
  private let sleeps = Locked(0)

  /// How many sleeps have begun so far.
  var sleepsBegun: Int { sleeps.current }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // The test clock registers the sleep under its lock before it suspends, so counting it
    // here, first, counts a sleep that a later `advance` wakes.
    sleeps.withLock { $0 += 1 }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
