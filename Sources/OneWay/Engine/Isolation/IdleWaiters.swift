/// The tasks waiting for a store to become idle.
@usableFromInline
struct IdleWaiters {
  // Inlinable (`isEmpty`): checked after every drain of a store with effects.

  @usableFromInline var continuations: [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { continuations.isEmpty }

  mutating func add(_ id: ObjectIdentifier, _ continuation: CheckedContinuation<Void, Never>) {
    continuations[id] = continuation
  }

  mutating func remove(_ id: ObjectIdentifier) -> CheckedContinuation<Void, Never>? {
    continuations.removeValue(forKey: id)
  }

  /// Resumes every waiting task; the waiters are taken out of the book first (see
  /// ``EffectScheduler/takeIdleWaiters()``).
  consuming func resumeAll() {
    for continuation in continuations.values { continuation.resume() }
  }
}

/// One task waiting for idleness: its identity, and whether it was cancelled before the
/// engine saw it.
final class IdleWaiterID: Sendable {
  private let lock = EngineLock()
  // Read and written only while holding `lock`.
  private nonisolated(unsafe) var cancelled = false

  var id: ObjectIdentifier { ObjectIdentifier(self) }

  var isCancelled: Bool { lock.withLock { cancelled } }

  func cancel() {
    lock.withLock { cancelled = true }
  }
}
