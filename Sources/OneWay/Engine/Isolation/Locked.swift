/// A value that any thread may read and change, one at a time, under an ``EngineLock``: for
/// the package's own bookkeeping and its test doubles touched from several threads.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, later than this
/// package's deployment targets.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is read and written only while holding `lock` (tested from several
  // threads under the thread sanitizer by EngineLockTests and the suites that use it).
  private let lock = EngineLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }

  /// A copy of the value.
  package var current: Value { withLock { $0 } }
}

extension Locked where Value: RangeReplaceableCollection {
  /// Appends `element` to the value.
  package func append(_ element: Value.Element) {
    withLock { $0.append(element) }
  }
}
