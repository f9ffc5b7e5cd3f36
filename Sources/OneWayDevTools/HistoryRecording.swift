import Foundation
import OneWay

// Inlinable: turning history on adds an observer to the store's channel of reductions, and that
// observer runs in the reduce of every send from then on. Built in the client's module, it is
// specialized for the client's action and state; built here, it would look up the generic
// types of its entry and ring and copy every value through their witnesses at each send. What
// is not on that path (the checks, making the storage) stays out of line.

extension Store {
  /// Starts recording the store's history, and returns the dev tools that show it and travel
  /// in it. Call it once per store; history costs nothing until then.
  ///
  /// - Parameters:
  ///   - capacity: The most entries the history keeps; older ones leave it.
  ///   - clock: The clock that stamps each entry (a test clock in tests, so that a recording's
  ///     times replay exactly).
  /// - Returns: The store's dev tools.
  @inlinable
  public func devTools(
    capacity: Int = 1000,
    clock: some Clock<Duration> = ContinuousClock()
  ) -> DevTools<Action, State> {
    DevTools.recording(storeChanges, capacity: capacity, clock: clock)
  }
}

extension ViewStore {
  /// Starts recording the store's history, and returns the dev tools that show it and travel
  /// in it. Call it once per store; history costs nothing until then.
  ///
  /// - Parameters:
  ///   - capacity: The most entries the history keeps; older ones leave it.
  ///   - clock: The clock that stamps each entry.
  /// - Returns: The store's dev tools.
  @inlinable
  public func devTools(
    capacity: Int = 1000,
    clock: some Clock<Duration> = ContinuousClock()
  ) -> DevTools<Action, State> {
    DevTools.recording(storeChanges, capacity: capacity, clock: clock)
  }
}

extension ChangeReporting where ReportedAction: Sendable, ReportedState: Sendable {
  /// Starts recording the history of the store (OneWayCombine's `Way` or `NSWay`, or Swidux's
  /// `Store` seen through `reportingActions(_:)`), and returns the dev tools that show it and
  /// travel in it. Call it once per store; history costs nothing until then.
  ///
  /// The dev tools use the store from their own tasks, behind its lock: while they travel, a
  /// way's publisher and a Swidux store's subscribers are told on the thread of the task that
  /// jumped or resumed.
  ///
  /// - Parameters:
  ///   - capacity: The most entries the history keeps; older ones leave it.
  ///   - clock: The clock that stamps each entry.
  /// - Returns: The store's dev tools.
  @inlinable
  public func devTools(
    capacity: Int = 1000,
    clock: some Clock<Duration> = ContinuousClock()
  ) -> DevTools<ReportedAction, ReportedState> {
    DevTools.recording(storeChanges, capacity: capacity, clock: clock)
  }
}

extension ChangeReporting where ReportedAction == Never, ReportedState: Sendable {
  /// A Swidux store's changes carry no actions, which a history needs: name the type of the
  /// actions to record with `reportingActions(_:)`.
  @available(
    *,
    unavailable,
    message: "name the actions to record: store.reportingActions(AppAction.self).devTools()"
  )
  public func devTools(
    capacity: Int = 1000,
    clock: some Clock<Duration> = ContinuousClock()
  ) -> DevTools<Never, ReportedState> {
    fatalError()
  }
}

extension DevTools {
  /// The dev tools of the store whose changes are `changes`, called on the store's isolation:
  /// from now on, every reduction of the store is recorded. The one implementation behind
  /// every front door's `devTools(capacity:clock:)`.
  @inlinable
  static func recording(
    _ changes: StoreChanges<Action, State>,
    capacity: Int,
    clock: some Clock<Duration>
  ) -> DevTools<Action, State> {
    var made: DevTools?
    let stamp = HistoryStamp(clock)
    withHandle(of: changes) { handle, access in
      let devTools = DevTools(handle, access: access, capacity: capacity)
      handle.observe(devTools.storage.recorder(stamp: stamp))
      made = devTools
    }
    return made!
  }

  /// Calls `body` with the handle and access of the store whose changes are `changes`, on the
  /// store's isolation.
  @usableFromInline
  static func withHandle(
    of changes: StoreChanges<Action, State>,
    _ body: (StoreHandle<Action, State>, StoreAccess<Action, State>) -> Void
  ) {
    guard let control = changes.control else {
      preconditionFailure("The store reports no actions, which a history needs.")
    }
    precondition(
      !control.access.isChildStore,
      "Record the history of a root store: a child's actions reduce there."
    )
    control.withHandle { body($0, control.access) }
  }

  /// The dev tools of a store, recording nothing yet.
  @usableFromInline
  convenience init(
    _ handle: StoreHandle<Action, State>,
    access: StoreAccess<Action, State>,
    capacity: Int
  ) {
    self.init(
      storage: HistoryStorage(capacity: capacity, base: handle.state()),
      store: access
    )
  }
}

/// The time since a history began, on its clock: what stamps each entry.
///
/// A value of a fixed layout that the recorder holds, rather than a closure or a value generic
/// over the clock: the standard library's clocks have no layout known to a client, so a stamp
/// holding one of their instants would look up its own layout at every recording.
@usableFromInline
struct HistoryStamp: Sendable {
  /// When the history began on `CLOCK_BOOTTIME`, for the default `ContinuousClock` on Linux.
  @usableFromInline let bootStart: Int64
  /// The time since the history began on any other clock.
  @usableFromInline let read: (@Sendable () -> Duration)?

  /// A stamp that starts now on `clock`.
  ///
  /// On Linux, the default `ContinuousClock` is read with `clock_gettime` on the clock it reads
  /// (`CLOCK_BOOTTIME`), in whole nanoseconds: `ContinuousClock.now` and `duration(to:)` build
  /// and subtract `Duration`s in 128-bit arithmetic, which cost more than the reading itself,
  /// at every recorded action. Any other clock (a test clock) is read as it is.
  @inlinable
  init<C: Clock<Duration>>(_ clock: C) {
    #if canImport(Glibc)
    if clock is ContinuousClock {
      bootStart = Self.bootTime()
      read = nil
      return
    }
    #endif
    let start = clock.now
    bootStart = 0
    read = { start.duration(to: clock.now) }
  }

  /// The time since the history began.
  @inlinable
  func elapsed() -> Duration {
    #if canImport(Glibc)
    guard let read else { return .nanoseconds(Self.bootTime() &- bootStart) }
    return read()
    #else
    return read!()
    #endif
  }

  #if canImport(Glibc)
  /// Nanoseconds on `CLOCK_BOOTTIME`, the clock of `ContinuousClock` on Linux.
  @inlinable
  static func bootTime() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_BOOTTIME, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }
  #endif
}

/// A history and the travel bookkeeping, behind a lock: written on the store's isolation, read
/// from anywhere (an inspector's server, a test).
// Safe: every access to `value` goes through `lock` (see `withLock` and `recorder`).
@usableFromInline
final class HistoryStorage<Action: Sendable, State: Sendable>: @unchecked Sendable {
  @usableFromInline
  struct Value {
    @usableFromInline var ring: HistoryRing<Action, State>
    var travelled: Int?
  }

  // The engine's lock: its uncontended path is inlined into the recorder, where `NSLock` is a
  // call to a pthread mutex at each recording.
  @usableFromInline let lock = EngineLock()
  // Only touched under `lock`, so the lock orders every access; a dynamic exclusivity check
  // would only add to each recording.
  @exclusivity(unchecked) @usableFromInline var value: Value

  init(capacity: Int, base: State) {
    value = Value(ring: HistoryRing(capacity: capacity, base: base), travelled: nil)
  }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }

  /// The observer of the store's channel of reductions that records each reduction, stamped
  /// by `stamp`; called on the store's isolation.
  ///
  /// One closure that reads the clock, takes the lock and appends, all compiled into it for
  /// the client's types (see the top of this file).
  @inlinable
  func recorder(stamp: HistoryStamp) -> @Sendable (Reduction<Action, State>) -> Void {
    { [self] reduction in
      let time = stamp.elapsed()
      lock.lock()
      value.ring.append(
        action: reduction.action,
        origin: ActionOrigin(reduction.origin),
        state: reduction.state,
        time: time
      )
      lock.unlock()
    }
  }
}

extension ActionOrigin {
  @inlinable
  init(_ origin: ReductionOrigin) {
    switch origin {
    case .send: self = .send
    case .effect: self = .effect
    case .bind: self = .bind
    }
  }
}
