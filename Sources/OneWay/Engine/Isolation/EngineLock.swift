#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A recursive mutex: the isolation of the synchronous class stores.
///
/// It is recursive so that user code that runs under it (a reducer, a subscription closure) can
/// send to the same store: the nested `send` takes the lock again on the same thread and finds
/// the engine busy, so the action is queued (rule A5) instead of deadlocking.
@usableFromInline
package final class EngineLock: @unchecked Sendable {
  // The mutex is initialised once, before the lock is shared, destroyed in `deinit`, and only
  // ever used through pthread's own thread-safe calls. Visible to inlined code only through
  // `lock()` and `unlock()`.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

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
  /// Inlinable, so that a front door's inlined `send` calls pthread itself rather than two
  /// functions that do.
  @inlinable
  package func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Releases the lock taken by ``lock()``.
  @inlinable
  package func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
