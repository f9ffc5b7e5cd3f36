/// How a subscription reads its value from the application state, called by the closure that
/// a Swidux store gives the engine's `subscribe(reading:_:)`.
///
/// It is made once, when the subscription is, so that each notification only reads: at the
/// value's offset in the state when the key path is made of stored properties alone (most
/// are), through the key path otherwise. Readers are equal only to themselves.
class ValueReader<Value>: Hashable, @unchecked Sendable {
  // @unchecked: immutable once made, and used by the engine only under the store's lock.

  /// The value at the subscription's key path of the state in `storage`.
  func read(_ storage: any StateStorage) -> Value {
    preconditionFailure("ValueReader is abstract")
  }

  static func == (lhs: ValueReader, rhs: ValueReader) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A reader of the value at a key path of an application state of type `AppState`.
final class KeyPathValueReader<AppState, Value>: ValueReader<Value>, @unchecked Sendable {
  // @unchecked: as its superclass.
  let keyPath: KeyPath<AppState, Value>
  /// Where the value is in the state, when the key path is made of stored properties alone.
  let offset: Int?

  init(_ keyPath: KeyPath<AppState, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<AppState>.offset(of: keyPath)
  }

  override func read(_ storage: any StateStorage) -> Value {
    // The engine's state holds the storage of this store, whose state is an `AppState`.
    let pointer = unsafeDowncast(storage as AnyObject, to: AppStateStorage<AppState>.self).pointer
    guard let offset else { return pointer.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
  }
}
