/// A property wrapper that makes every assignment count as a change, even of an equal value.
///
/// A store emits a state only when it differs from the previous one. Mark a property
/// `@Triggered` when assigning the same value again must still reach observers:
///
/// ```swift
/// struct State: Sendable, Equatable {
///   @Triggered var number: Int
/// }
/// // number <- 10, 10, 20, 20
/// for await state in store.states { print(state.number) }
/// // Prints "10", "10", "20", "20"
/// ```
@propertyWrapper
public struct Triggered<Value> {
  private var value: Value
  /// Counts assignments; 64 bits never wrap around in practice.
  private var generation: UInt64 = 0

  /// Wraps an initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The value; each assignment or in-place mutation makes the wrapper unequal to its past.
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      generation &+= 1
    }
    _modify {
      yield &value
      generation &+= 1
    }
  }
}

extension Triggered: Equatable where Value: Equatable {
  /// Equal when the values are equal and neither was assigned since the other was copied.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.generation == rhs.generation && lhs.value == rhs.value
  }
}

extension Triggered: Hashable where Value: Hashable {
  /// Hashes the value and its assignment count, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(generation)
  }
}

extension Triggered: Sendable where Value: Sendable {}

extension Triggered: Encodable where Value: Encodable {
  /// Encodes the value alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

extension Triggered: Decodable where Value: Decodable {
  /// Decodes the value alone.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(Value.self))
  }
}
