/// The open throttle windows of a store, one per identifier, with their pending trailing runs.
///
/// A plain value: the store asks it whether a throttled effect runs now, waits for the end of
/// the window (`latest: true`), or is dropped, and tells it when a window's timer fires.
@usableFromInline
struct ThrottleWindows<Run> {
  // Inlinable (`isEmpty`): checked at every cancellation and end of a unit.

  enum Admission: Equatable {
    /// No window is open: run now and open one.
    case runNow
    /// A window is open and the effect replaced the pending trailing run.
    case deferred
    /// A window is open and the effect is dropped.
    case dropped
  }

  @usableFromInline
  struct Window {
    let timer: EffectToken
    let end: Deadline
    var pending: Run?
  }

  @usableFromInline var windows: [AnyEffectID: Window] = [:]

  @inlinable
  var isEmpty: Bool { windows.isEmpty }

  mutating func admit(_ id: AnyEffectID, latest: Bool, run: Run) -> Admission {
    guard var window = windows[id] else { return .runNow }
    guard latest else { return .dropped }
    window.pending = run
    windows[id] = window
    return .deferred
  }

  /// Opens a window, ending at `end`, whose end the unit `timer` will report.
  mutating func open(_ id: AnyEffectID, timer: EffectToken, end: Deadline) {
    windows[id] = Window(timer: timer, end: end, pending: nil)
  }

  /// The window open under `id` whose end the clock has reached, though its timer has not
  /// reported it yet: its timer and its end.
  func reachedEnd(of id: AnyEffectID) -> (timer: EffectToken, end: Deadline)? {
    guard let window = windows[id], window.end.isReached else { return nil }
    return (window.timer, window.end)
  }

  /// Closes the window that `timer` measured and returns its trailing run, if any. A timer
  /// of a window that was closed or replaced in the meantime changes nothing.
  mutating func close(_ id: AnyEffectID, timer: EffectToken) -> Run? {
    guard let window = windows[id], window.timer == timer else { return nil }
    windows[id] = nil
    return window.pending
  }

  /// Closes, dropping its trailing run, the window that `timer` measures, if it is open: a
  /// window lives no longer than its timer, however the timer ends.
  @usableFromInline
  mutating func close(timedBy timer: EffectToken) {
    if let id = windows.first(where: { $0.value.timer == timer })?.key {
      windows[id] = nil
    }
  }

  mutating func removeAll() {
    windows.removeAll()
  }
}
