import OneWay

/// How a subscription reads its value from a store's application state.
///
/// It is made once, when the subscription is, so that each notification only reads: at the
/// value's offset in the state when the key path is made of stored properties alone (most
/// are), through the key path otherwise. It reads the application state that the store's
/// core holds, which is the one the engine's state holds (through an existential that a read
/// would have to open). It is inlinable, as ``Store/subscribe(_:onNext:)`` that makes it, so
/// that the read is compiled for the client's state and value.
@usableFromInline
struct ValueReader<AppState, Value: Equatable>: StateValueReader {
  @usableFromInline let storage: AppStateStorage<AppState>
  @usableFromInline let keyPath: KeyPath<AppState, Value>
  /// Where the value is in the state, when the key path is made of stored properties alone.
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: KeyPath<AppState, Value>, in storage: AppStateStorage<AppState>) {
    self.storage = storage
    self.keyPath = keyPath
    // A zero-sized state has no storage to point into.
    offset = MemoryLayout<AppState>.size == 0 ? nil : MemoryLayout<AppState>.offset(of: keyPath)
  }

  /// The value at the key path of the store's application state.
  @inlinable
  func read(_ state: EngineState) -> Value {
    let pointer = storage.pointer
    guard let offset else { return pointer.pointee[keyPath: keyPath] }
    // Safe: `offset(of:)` is non-nil only when a `Value` is stored inline at that offset of an
    // `AppState`, and `pointer` points to an initialized `AppState` (see `AppStateStorage`).
    return UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
  }
}
