import Foundation

/// A value that closures called on any thread can share: every access holds a lock.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  var current: Value { withLock { $0 } }
}

extension Locked where Value: RangeReplaceableCollection {
  func append(_ element: Value.Element) {
    withLock { $0.append(element) }
  }
}

/// An object whose deinit a test can watch through a weak reference.
final class Canary: Sendable {}
