/// Reads the value at a key path of a state: how a key-path subscription (S1) and a child
/// store (M3) read their value out of every committed state.
///
/// A key path is applied through the runtime's key-path interpreter, which also looks up its
/// types' metadata, on every read; a value that is a stored property of the state (the usual
/// case) is read at its offset instead, found once with `MemoryLayout.offset(of:)`, as the
/// composition operators' `StateProjection` does: the read is most of what an unchanged
/// key-path subscription costs.
@usableFromInline
struct StoredValueReader<Root, Value> {
  // Inlinable: the read of every key-path subscription and child store at every commit, compiled
  // for the client's state and value.

  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// The value's offset in the root's inline storage, or `nil` to go through `keyPath` (a
  /// computed property, a class's property, an optional chain).
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    // A zero-sized root has no storage to point into.
    offset = MemoryLayout<Root>.size == 0 ? nil : MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The value inside `root`.
  @inlinable
  package func read(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    // Safe: `offset(of:)` is non-nil only when a `Value` is stored inline at that offset of a
    // `Root`, and the pointer is used only while `withUnsafeBytes` lends `root`'s bytes.
    return withUnsafeBytes(of: root) { bytes in
      bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset)
        .assumingMemoryBound(to: Value.self).pointee
    }
  }
}

extension StoredValueReader: StateValueReader where Value: Equatable {}
