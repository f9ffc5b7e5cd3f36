import Testing

@_spi(LockedStores) @testable import OneWay

/// The lock of the synchronous class stores on its own: recursive on one thread (A5's
/// re-entrant sends), exclusive across threads. Run under the thread sanitizer in CI.
@Suite struct EngineLockTests {
  /// A counter that only the lock guards.
  final class Guarded: @unchecked Sendable {
    // Read and written only while holding `lock`.
    let lock = EngineLock()
    var count = 0
  }

  @Test func a5TheLockTakenAgainOnItsThreadNestsAndIsReleasedByTheOutermostUnlock() async {
    let guarded = Guarded()
    let result = guarded.lock.withLock {
      guarded.lock.withLock { guarded.lock.withLock { guarded.count += 1 } }
      return guarded.count
    }
    #expect(result == 1)
    // Released: another thread can take it.
    await onThreads(1) { _ in guarded.lock.withLock { guarded.count += 1 } }
    #expect(guarded.lock.withLock { guarded.count } == 2)
  }

  @Test func a1EightThreadsNestingTheLockNeverOverlap() async {
    let guarded = Guarded()
    await onThreads(8) { _ in
      for _ in 0..<10_000 {
        guarded.lock.lock()
        let before = guarded.count
        guarded.lock.withLock { guarded.count = before + 1 }
        guarded.count += 1
        guarded.lock.unlock()
      }
    }
    #expect(guarded.lock.withLock { guarded.count } == 8 * 10_000 * 2)
  }

  @Test func a1SixtyFourLocksContendedFromFourThreadsEachStayExclusive() async {
    // More locks than the parking lot has slots: locks that share a slot wake each other's
    // waiters, which must check their own lock again and wait on.
    let guarded = (0..<64).map { _ in Guarded() }
    await onThreads(4) { thread in
      for round in 0..<2_000 {
        let lock = guarded[(round &* 7 &+ thread) % guarded.count]
        lock.lock.withLock {
          let before = lock.count
          lock.count = before + 1
        }
      }
    }
    let total = guarded.reduce(0) { sum, lock in sum + lock.lock.withLock { lock.count } }
    #expect(total == 4 * 2_000)
  }

  @Test func a1ALockedValueChangedFromEightThreadsLosesNoChange() async {
    let counts = Locked<[Int]>([])
    await onThreads(8) { thread in
      for _ in 0..<1_000 { counts.append(thread) }
    }
    #expect(counts.current.count == 8 * 1_000)
    #expect(counts.withLock { $0.filter { $0 == 3 }.count } == 1_000)
  }

  @Test func a1TheSPIsLockedStoreAndStoreLockTakenFromEightThreadsLoseNothing() async {
    // What the benchmarks reach through `@_spi(LockedStores)`: the front door and its lock.
    let store = LockedStore(
      reducer: ClosureReducer<Int, Int> { state, action in
        state += action
        return .none
      },
      state: 0
    )
    final class Total: @unchecked Sendable {
      // Read and written only while holding `lock`.
      let lock = StoreLock()
      var value = 0
    }
    let total = Total()
    await onThreads(8) { _ in
      for _ in 0..<1_000 {
        store.send(1)
        total.lock.withLock { total.value += 1 }
      }
    }
    #expect(store.state == 8 * 1_000)
    #expect(total.lock.withLock { total.value } == 8 * 1_000)
    #expect(store.isIdle)
  }
}
