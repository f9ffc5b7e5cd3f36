import Foundation

/// A value that any thread may read and change, one at a time, under a lock.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, later than this package's
/// deployment targets.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
