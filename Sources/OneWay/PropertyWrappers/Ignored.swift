/// A property wrapper for a field that never takes part in equality, so changing it alone
/// emits no state.
///
/// ```swift
/// struct State: Sendable, Equatable {
///   var number: Int
///   @Ignored var lastTapLocation: Point  // changes reach no observer on their own
/// }
/// ```
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
