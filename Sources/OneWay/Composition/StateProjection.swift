/// How a composition operator reaches a child's state inside its parent's state, in place.
///
/// Applying a key path goes through the runtime's key-path interpreter on every action, which
/// made each level of composition cost a large part of a root send. Most child
/// states are stored properties, which `MemoryLayout.offset(of:)` turns into a fixed offset at
/// creation; the projection then reaches the child at that offset, and falls back to the key
/// path for any other path (a computed property, a class's property, an optional chain).
@usableFromInline
struct StateProjection<Root, Value>: Sendable {
  // Inlinable: every action of a composed feature reaches its child's state through it.

  @usableFromInline let keyPath: WritableKeyPath<Root, Value> & Sendable
  /// The child's offset in the parent's inline storage, or `nil` to go through `keyPath`.
  @usableFromInline let offset: Int?

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    // A zero-sized parent has no storage to point into.
    offset = MemoryLayout<Root>.size == 0 ? nil : MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the child's state inside `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    // Safe: `offset(of:)` is non-nil only when a `Value` is stored inline at that offset of a
    // `Root` (how its documentation forms such a pointer), and the pointer is used only within
    // this exclusive access to `root`.
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(
        &bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset)
          .assumingMemoryBound(to: Value.self).pointee
      )
    }
  }

  /// Runs `reducer` on the value inside `root`.
  ///
  /// The reducer is borrowed, never copied: reached through a closure that captured it, every
  /// level of a composed reducer copied its whole child reducer (a retain and a release of each
  /// closure and key path inside it) on every send.
  @inlinable @inline(__always)
  func reduce<R: Reducer>(
    _ root: inout Root,
    with reducer: borrowing R,
    action: R.Action
  ) -> AnyEffect<R.Action> where R.State == Value {
    guard let offset else { return reduceThroughKeyPath(&root, with: reducer, action: action) }
    return Self.reduce(&root, at: offset, with: reducer, action: action)
  }

  /// Runs `reducer` on the value inside `root`, reached through the key path.
  ///
  /// Out of line: the levels of a nested feature are inlined into one function, and with this
  /// path inlined too, each level held a second copy of every level below it (the copies of the
  /// innermost doubling with each level), for a path that stored properties never take.
  @inlinable @inline(never)
  func reduceThroughKeyPath<R: Reducer>(
    _ root: inout Root,
    with reducer: borrowing R,
    action: R.Action
  ) -> AnyEffect<R.Action> where R.State == Value {
    reducer.reduce(state: &root[keyPath: keyPath], action: action)
  }

  /// Runs `reducer` on the `Value` stored at `offset` in the root that `base` points to.
  ///
  /// Reached without a closure: `&root` becomes a pointer for the duration of this call, and the
  /// reducer stays borrowed (a closure can capture a borrowed value only by copying it).
  @inlinable @inline(__always)
  static func reduce<R: Reducer>(
    _ base: UnsafeMutablePointer<Root>,
    at offset: Int,
    with reducer: borrowing R,
    action: R.Action
  ) -> AnyEffect<R.Action> where R.State == Value {
    // Safe: `offset(of:)` is non-nil only when a `Value` is stored inline at that offset of a
    // `Root`, and `base` points to a `Root` that is exclusively accessed during this call.
    reducer.reduce(
      state: &UnsafeMutableRawPointer(base).advanced(by: offset)
        .assumingMemoryBound(to: Value.self).pointee,
      action: action
    )
  }

  /// Runs `reducer` on the value inside `root`, which the caller checked is present (`ifLet`).
  @inlinable
  func reducePresent<R: Reducer>(
    _ root: inout Root,
    with reducer: borrowing R,
    action: R.Action
  ) -> AnyEffect<R.Action> where Value == R.State? {
    guard let offset else { return reducer.reduce(state: &root[keyPath: keyPath]!, action: action) }
    return Self.reducePresent(&root, at: offset, with: reducer, action: action)
  }

  /// ``reduce(_:at:with:action:)`` for an optional value the caller checked is present.
  @inlinable
  static func reducePresent<R: Reducer>(
    _ base: UnsafeMutablePointer<Root>,
    at offset: Int,
    with reducer: borrowing R,
    action: R.Action
  ) -> AnyEffect<R.Action> where Value == R.State? {
    // Safe: as in ``reduce(_:at:with:action:)``.
    reducer.reduce(
      state: &UnsafeMutableRawPointer(base).advanced(by: offset)
        .assumingMemoryBound(to: Value.self).pointee!,
      action: action
    )
  }

  /// The child's state inside `root`.
  @inlinable
  func get(_ root: inout Root) -> Value {
    modify(&root) { $0 }
  }
}
