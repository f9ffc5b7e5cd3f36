#if Combine
/// What watches a way's states: the relay behind `publisher` and the `objectWillChange`
/// publisher, both made when first asked for.
///
/// Everything here runs while holding the way's lock, except ``claimMisuseReport()``, which has
/// a lock of its own so that a misused way can report from any thread.
final class WayObservation<State>: @unchecked Sendable {
  // Read and written only while holding the way's lock.
  var isRegistered = false
  private var relay: StateRelay<State>?
  private var willChange: ObservableObjectPublisher?
  // Read and written only while holding `reportLock`.
  private let reportLock = EngineLock()
  private var misuseReported = false

  /// The relay of the way's publisher, made on first use with the current state.
  func relay(current: State, lock: EngineLock) -> StateRelay<State> {
    if let relay { return relay }
    let made = StateRelay(lock: lock, current: current)
    relay = made
    return made
  }

  /// The way's `objectWillChange`, made on first use.
  func objectWillChange() -> ObservableObjectPublisher {
    if let willChange { return willChange }
    let made = ObservableObjectPublisher()
    willChange = made
    return made
  }

  /// Tells SwiftUI about a committed change, then the publisher's subscribers about the state
  /// after a reduce, changed or not (W3: as in OneWay 1.3, `publisher.map(\.number)` repeats an
  /// equal number; `publisher.number` removes the repeats itself).
  func didReduce(to state: State, changed: Bool) {
    if changed {
      willChange?.send()
      relay?.publish(state)
    } else {
      relay?.publishUnchanged(state)
    }
  }

  /// Completes the publisher's subscriptions: the way is gone.
  func finish() {
    relay?.finish()
  }

  /// `true` the first time a misuse is reported, so that a release build prints it once.
  func claimMisuseReport() -> Bool {
    reportLock.withLock {
      defer { misuseReported = true }
      return !misuseReported
    }
  }
}
#endif
