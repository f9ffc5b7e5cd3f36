@testable import OneWay

/// A clock whose time moves without waking its sleepers: ``move(by:)`` stands for a test
/// clock's advance on a machine so loaded that the tasks it woke have not run yet, and
/// ``wakeDue()`` for the moment they run at last. A store that took a deadline when it reduced
/// the action can tell that the deadline has passed in between; one that waits for its tasks
/// to say so cannot.
final class LaggingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let state = Locked(State())

  var now: Instant { state.current.now }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let sleeps = state.withLock { state in
          guard !Task.isCancelled, state.now < deadline else { return false }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return true
        }
        if sleeps { return }
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          continuation.resume()
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the time on, waking nobody.
  func move(by duration: Duration) {
    state.withLock { $0.now = $0.now.advanced(by: duration) }
  }

  /// Wakes the sleepers whose deadline has passed.
  func wakeDue() {
    let due = state.withLock { state in
      let due = state.sleepers.filter { $0.deadline <= state.now }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
