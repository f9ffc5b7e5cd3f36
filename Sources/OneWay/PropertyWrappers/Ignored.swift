/// A property wrapper for a field that never takes part in equality, so changing it alone
/// emits no state.
///
/// ```swift
/// struct State: Sendable, Equatable {
///   var number: Int
///   @Ignored var lastTapLocation: Point  // changes reach no observer on their own
/// }
/// ```
///
/// The store still keeps every change of the field (reading the state shows it); it only does
/// not announce a change of it alone. Printing, reflection and `Codable` show the value. Because
/// equality skips the field, anything that checks states with `==` cannot check it: in
/// OneWayTesting, `TestStore` never fails on an `@Ignored` field (an assertion may set it to
/// anything, or leave it out), and `expect(\.field, value)` on the field itself compares the
/// value, since the key path reaches past the wrapper.
@propertyWrapper
public struct Ignored<Value> {
  /// The value, invisible to `==` and to hashing.
  public var wrappedValue: Value

  /// Wraps an initial value.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Ignored: Equatable {
  /// Always equal: the field does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    true
  }
}

extension Ignored: Hashable {
  /// Hashes nothing, consistently with `==`.
  public func hash(into hasher: inout Hasher) {}
}

extension Ignored: Sendable where Value: Sendable {}

extension Ignored: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: wrappedValue)
  }
}

extension Ignored: CustomDebugStringConvertible {
  /// The value's debug description: how the value prints inside a state.
  public var debugDescription: String {
    String(reflecting: wrappedValue)
  }
}

extension Ignored: CustomReflectable {
  /// The value's mirror, so that `dump` and reflection-based tools show the value.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension Ignored: Encodable where Value: Encodable {
  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension Ignored: Decodable where Value: Decodable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(Value.self))
  }
}

/// OneWay 2.x's name for ``Ignored``.
@available(*, deprecated, renamed: "Ignored")
public typealias Insensitive = Ignored
