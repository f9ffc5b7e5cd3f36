/// A property wrapper that keeps a large value behind a reference while keeping value
/// semantics: copies share the storage until one of them is changed.
///
/// Use it for big or recursive values in a state, so that copying the state (which a store
/// does on every reduce) stays cheap:
///
/// ```swift
/// struct State: Sendable, Equatable {
///   @CopyOnWrite var catalog: Catalog
///   @CopyOnWrite var parent: Node?  // recursive value types need indirection
/// }
/// ```
@propertyWrapper
public struct CopyOnWrite<Value> {
  final class Storage {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  var storage: Storage

  /// Wraps an initial value.
  public init(wrappedValue: Value) {
    storage = Storage(wrappedValue)
  }

  /// The value; changing it copies the storage only when another copy shares it.
  public var wrappedValue: Value {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage(storage.value)
      }
      yield &storage.value
    }
  }
}

extension CopyOnWrite: Equatable where Value: Equatable {
  /// Equal when the copies share storage or hold equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
  }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.value)
  }
}

// Storage is written only through `wrappedValue`, and only after making sure this copy is its
// sole owner, so a storage shared between threads is only ever read.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}

extension CopyOnWrite: CustomStringConvertible {
  /// The value's description, never the storage's.
  public var description: String {
    String(describing: storage.value)
  }
}

extension CopyOnWrite: CustomDebugStringConvertible {
  /// The value's debug description: how the value prints inside a state.
  public var debugDescription: String {
    String(reflecting: storage.value)
  }
}

extension CopyOnWrite: CustomReflectable {
  /// The value's mirror, so that `dump` and reflection-based tools show the value, never the
  /// storage.
  public var customMirror: Mirror {
    Mirror(reflecting: storage.value)
  }
}

extension CopyOnWrite: Encodable where Value: Encodable {
  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storage.value)
  }
}

extension CopyOnWrite: Decodable where Value: Decodable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(Value.self))
  }
}

/// OneWay 2.x's name for ``CopyOnWrite``.
@available(*, deprecated, renamed: "CopyOnWrite")
public typealias Heap = CopyOnWrite
