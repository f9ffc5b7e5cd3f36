#if canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A recursive lock: the isolation of the synchronous class stores.
///
/// It is recursive so that user code that runs under it (a reducer, a subscription closure) can
/// send to the same store: the nested `send` takes the lock again on the same thread and finds
/// the engine busy, so the action is queued (rule A5) instead of deadlocking.
///
/// With Glibc, where the standard library's `Atomic` is always available, it is an atomic
/// state word plus the owner's `pthread_self()` in an `Atomic` (a thread takes the lock again
/// when it reads its own identity there): uncontended, one compare-and-exchange to take it and
/// one exchange to release it, and no call into the C library but `pthread_self`, far fewer
/// instructions than a recursive pthread mutex's (see Design/0001). A thread that finds it
/// taken waits on a shared ``ParkingLot``. Every hand-over is an atomic acquire and release,
/// which the thread sanitizer sees (it cannot see the kernel's hand-over of the standard
/// library's `Mutex`, a priority-inheritance futex). Elsewhere (`Atomic` needs macOS 15 and
/// iOS 18) it is a recursive pthread mutex, which a debug build on Linux also takes when
/// ``PortableBranches`` says so, so that CI tests that branch.
@usableFromInline
package final class EngineLock: @unchecked Sendable {
  #if canImport(Glibc)
  // `state` and `owner` are atomic; `depth` is read and written only by the thread that
  // holds the lock (the one `owner` names), and the lock's acquire and release order every
  // access to it.
  /// 0: free; 1: taken; 2: taken, and a thread may be waiting for it.
  @usableFromInline let state = Atomic<UInt32>(0)
  /// The thread that holds the lock (its `pthread_self()`), or 0.
  ///
  /// Only the holder stores its own identity here, and it clears it before releasing the
  /// lock, so a thread reads its own identity exactly when it holds the lock, whatever other
  /// threads do: a relaxed load suffices.
  @usableFromInline let owner = Atomic<pthread_t>(0)
  /// How many times the holder took the lock again on top of its first `lock()`. Only its
  /// holder touches it, between two instructions of its own, so a dynamic exclusivity check,
  /// as dear as the rest of the lock, could never fire.
  @exclusivity(unchecked) @usableFromInline var depth = 0
  #endif
  #if !canImport(Glibc) || DEBUG
  /// The portable branch's mutex: always there on Apple platforms, and with Glibc in a debug
  /// build when ``PortableBranches`` selects it. One code path for both, so that what Linux
  /// tests is what Apple platforms run.
  @usableFromInline let mutex: RecursiveMutex?
  #endif

  package init() {
    #if !canImport(Glibc) || DEBUG
    mutex = PortableBranches.selected ? RecursiveMutex() : nil
    #endif
  }

  #if !canImport(Glibc) || DEBUG
  deinit { mutex?.destroy() }
  #endif

  /// Runs `body` holding the lock.
  @inlinable
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Takes the lock; for a front door's hot path, where ``withLock(_:)``'s generic closure
  /// was not specialized across modules. Pair it with ``unlock()`` on the same thread.
  ///
  /// Inlinable, so that a front door's inlined `send` takes the lock itself rather than
  /// calling a function that does.
  @inlinable
  package func lock() {
    #if !canImport(Glibc) || DEBUG
    if let mutex { return mutex.lock() }
    #endif
    #if canImport(Glibc)
    let thread = pthread_self()
    if owner.load(ordering: .relaxed) == thread {
      depth &+= 1
      return
    }
    if !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      waitForLock()
    }
    owner.store(thread, ordering: .relaxed)
    #endif
  }

  /// Releases the lock taken by ``lock()``.
  @inlinable
  package func unlock() {
    #if !canImport(Glibc) || DEBUG
    if let mutex { return mutex.unlock() }
    #endif
    #if canImport(Glibc)
    if depth != 0 {
      depth &-= 1
      return
    }
    owner.store(0, ordering: .relaxed)
    if state.exchange(0, ordering: .releasing) == 2 {
      wakeWaiters()
    }
    #endif
  }

  #if canImport(Glibc)
  /// Waits until the lock is free and takes it, marked as possibly awaited (2), so that its
  /// release wakes the next waiter.
  @usableFromInline
  @inline(never)
  func waitForLock() {
    ParkingLot.shared.wait(for: self)
  }

  /// Wakes the threads waiting for the lock just released.
  @usableFromInline
  @inline(never)
  func wakeWaiters() {
    ParkingLot.shared.wakeWaiters(of: self)
  }
  #endif
}

/// A recursive pthread mutex: the portable branch of ``EngineLock``.
///
/// Initialised before the lock is shared, destroyed by the lock's `deinit`, and only ever used
/// through pthread's own thread-safe calls in between.
@usableFromInline
struct RecursiveMutex {
  @usableFromInline let pointer: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    pointer = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(pointer, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  @inlinable func lock() { pthread_mutex_lock(pointer) }
  @inlinable func unlock() { pthread_mutex_unlock(pointer) }

  func destroy() {
    pthread_mutex_destroy(pointer)
    pointer.deallocate()
  }
}

#if canImport(Glibc)
/// Where threads wait for a taken ``EngineLock``: a few pthread mutexes and conditions shared
/// by every lock (picked by the lock's address), so that a lock costs no allocation of its
/// own and its fast path calls no pthread function.
final class ParkingLot: @unchecked Sendable {
  // The mutexes and conditions are initialised once, before the lot is shared, never
  // destroyed, and only ever used through pthread's own thread-safe calls.
  private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
  private let conditions: UnsafeMutablePointer<pthread_cond_t>
  private static let slots = 16

  static let shared = ParkingLot()

  private init() {
    mutexes = .allocate(capacity: Self.slots)
    conditions = .allocate(capacity: Self.slots)
    for slot in 0..<Self.slots {
      pthread_mutex_init(mutexes + slot, nil)
      pthread_cond_init(conditions + slot, nil)
    }
  }

  private func slot(of lock: EngineLock) -> Int {
    Int(bitPattern: UInt(bitPattern: ObjectIdentifier(lock).hashValue) >> 4) & (Self.slots - 1)
  }

  /// Takes `lock`, waiting as long as it is taken. Setting the state to 2 and going to
  /// sleep happen under the slot's mutex, which `wakeWaiters(of:)` takes before it signals,
  /// so a release between the two cannot be missed.
  func wait(for lock: EngineLock) {
    let slot = slot(of: lock)
    pthread_mutex_lock(mutexes + slot)
    while lock.state.exchange(2, ordering: .acquiring) != 0 {
      pthread_cond_wait(conditions + slot, mutexes + slot)
    }
    pthread_mutex_unlock(mutexes + slot)
  }

  /// Wakes the threads waiting for `lock` (and for any lock that shares its slot: each
  /// checks its own lock again and waits again if it is still taken).
  func wakeWaiters(of lock: EngineLock) {
    let slot = slot(of: lock)
    pthread_mutex_lock(mutexes + slot)
    pthread_cond_broadcast(conditions + slot)
    pthread_mutex_unlock(mutexes + slot)
  }
}
#endif
