/// Decides when a coalesced write happens: the first change after a quiet interval is written
/// at once, and later ones at most once per interval, at its end.
///
/// A plain value, told the time by its caller: snapshot writes in snapshot mode and `fsync`s in
/// journal mode (with an interval) both follow it, and its tests need neither tasks nor clocks.
struct WriteCoalescer: Equatable {
  /// What to do after a change.
  enum Decision: Equatable {
    /// Write now.
    case writeNow
    /// Start a timer that ends after the duration, then call ``timerFired(at:)``.
    case schedule(after: Duration)
    /// Nothing: a timer is already running and will write this change too.
    case wait
  }

  /// The shortest time between two writes.
  let interval: Duration
  /// When the last write happened, if one has.
  private(set) var lastWrite: Duration?
  /// Whether a change has not been written yet.
  private(set) var isDirty = false
  /// Whether a timer is running.
  private(set) var isScheduled = false

  init(interval: Duration) {
    self.interval = interval
  }

  /// Records a change at `now` (time since any fixed origin) and says what to do.
  mutating func changed(at now: Duration) -> Decision {
    isDirty = true
    if isScheduled { return .wait }
    if let lastWrite, now - lastWrite < interval {
      isScheduled = true
      return .schedule(after: lastWrite + interval - now)
    }
    isDirty = false
    lastWrite = now
    return .writeNow
  }

  /// The timer ended at `now`: returns whether to write.
  mutating func timerFired(at now: Duration) -> Bool {
    isScheduled = false
    guard isDirty else { return false }
    isDirty = false
    lastWrite = now
    return true
  }

  /// Everything was written at `now`, outside the timer (a flush): returns whether there was
  /// anything to write.
  mutating func flushed(at now: Duration) -> Bool {
    guard isDirty else { return false }
    isDirty = false
    lastWrite = now
    return true
  }
}
