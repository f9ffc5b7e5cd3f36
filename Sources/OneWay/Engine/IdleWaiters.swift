/// The tasks waiting for a store to become idle.
@usableFromInline
struct IdleWaiters {
  @usableFromInline var continuations: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private var lastID: UInt64 = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { continuations.isEmpty }

  mutating func reserveID() -> UInt64 {
    lastID += 1
    return lastID
  }

  mutating func add(_ id: UInt64, _ continuation: CheckedContinuation<Void, Never>) {
    continuations[id] = continuation
  }

  mutating func resume(_ id: UInt64) {
    continuations.removeValue(forKey: id)?.resume()
  }

  mutating func resumeAll() {
    let waiting = continuations.values
    continuations.removeAll()
    for continuation in waiting { continuation.resume() }
  }
}
