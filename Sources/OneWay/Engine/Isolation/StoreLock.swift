/// The lock of the synchronous class stores, for code outside this package that measures
/// against it: the benchmarks' hand-written baselines of ``LockedStoreEngine``.
///
/// The same recursive ``EngineLock`` that ``LockedStoreEngine`` takes, so that a baseline pays
/// for the same lock and the comparison shows only what the engine adds.
@_spi(LockedStores)
public struct StoreLock: Sendable {
  @usableFromInline let lock = EngineLock()

  /// Creates a lock, free.
  public init() {}

  /// Runs `body` holding the lock.
  @inlinable
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock(body)
  }
}
