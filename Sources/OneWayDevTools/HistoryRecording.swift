import Foundation
import OneWay

// Inlinable: turning history on adds an observer to the store's channel of reductions, and that
// observer runs in the reduce of every send from then on. Built in the client's module, it is
// specialized for the client's action, state and clock (which stamps each entry); built here, it
// looked up the generic types of its entry, ring and clock and copied every value through their
// witnesses at each send. What is not on that path (the checks, making the storage, the dev
// tools' access to the store) stays out of line.

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
  ) -> DevTools<R> {
    let devTools = makeDevTools(capacity: capacity)
    let elapsed = HistoryStamp.elapsed(on: clock)
    withDevToolsEngine { [storage = devTools.storage] engine in
      engine.observeReductions { storage.record($0, at: elapsed()) }
    }
    return devTools
  }

  /// The dev tools of this store, recording nothing yet.
  @usableFromInline
  func makeDevTools(capacity: Int) -> DevTools<R> {
    precondition(
      !isChildStore,
      "Record the history of a root store: a child's actions reduce there."
    )
    return DevTools(
      storage: HistoryStorage(capacity: capacity, base: state),
      store: StoreAccess(
        hop: { body in await self.withDevToolsEngine(body) },
        send: { action in await self.send(action) }
      )
    )
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
  ) -> DevTools<R> {
    let devTools = makeDevTools(capacity: capacity)
    let storage = devTools.storage
    let elapsed = HistoryStamp.elapsed(on: clock)
    devToolsEngine.observeReductions { storage.record($0, at: elapsed()) }
    return devTools
  }

  /// The dev tools of this store, recording nothing yet.
  @usableFromInline
  func makeDevTools(capacity: Int) -> DevTools<R> {
    precondition(
      !isChildStore,
      "Record the history of a root store: a child's actions reduce there."
    )
    return DevTools(
      storage: HistoryStorage(capacity: capacity, base: devToolsEngine.state),
      store: StoreAccess(
        hop: { body in await MainActor.run { body(self.devToolsEngine) } },
        send: { action in await self.send(action) }
      )
    )
  }
}

/// The time since a history began, on its clock: what stamps each entry.
@usableFromInline
enum HistoryStamp {
  /// A function that returns the time since now on `clock`.
  ///
  /// On Linux, the default `ContinuousClock` is read with `clock_gettime` on the clock it reads
  /// (`CLOCK_BOOTTIME`), in whole nanoseconds: `ContinuousClock.now` and `duration(to:)` build
  /// and subtract `Duration`s in 128-bit arithmetic, which cost more than the reading itself,
  /// at every recorded action. Any other clock (a test clock) is read as it is.
  ///
  /// Inlinable, with ``bootTime()``: the closure it returns stamps every recorded action, so it
  /// is built in the client's module, for the client's clock (see the top of this file).
  @inlinable
  static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    #if canImport(Glibc)
      if clock is ContinuousClock {
        let start = bootTime()
        return { .nanoseconds(bootTime() &- start) }
      }
    #endif
    let start = clock.now
    return { start.duration(to: clock.now) }
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
// Safe: every access to `value` goes through `lock` (see `withLock` and `record`).
@usableFromInline
final class HistoryStorage<Action: Sendable, State: Sendable>: @unchecked Sendable {
  @usableFromInline
  struct Value {
    @usableFromInline var ring: HistoryRing<Action, State>
    var travelled: Int?
  }

  // The engine's lock: its uncontended path is a few atomic instructions, inlined into
  // `record`, where `NSLock` is a call to a pthread mutex at each recording.
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

  /// Records one reduction, made `time` after the history began; called by the engine's
  /// channel of reductions, on the store's isolation.
  @inlinable
  func record(_ reduction: Reduction<Action, State>, at time: Duration) {
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
