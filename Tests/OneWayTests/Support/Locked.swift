import Foundation

/// A value guarded by a lock, for test doubles touched from several threads.
final class Locked<Value>: @unchecked Sendable {
  // Every access to `value` holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.withLock { body(&value) }
  }
}
