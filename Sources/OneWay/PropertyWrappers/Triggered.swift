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
///
/// The wrapper itself is only its value: `==` and hashing compare values, printing and
/// reflection show the value, and `Codable` encodes the value alone, so tests, logs, diffs and
/// round trips see exactly what the state holds. What makes an assignment count is the store:
/// each assignment through `wrappedValue` (or in-place mutation of it) is counted on the
/// current thread, and a store that sees the count move while its reducer runs treats that
/// reduce as a change, even when the new state equals the old one. So an assignment counts
/// when the reducer makes it synchronously, which is how reducers work; an assignment made on
/// another thread (a `DispatchQueue.sync` to another queue inside the reducer) is not seen, and
/// any `@Triggered` assignment the reducer makes counts, even one to a local copy it discards.
@propertyWrapper
public struct Triggered<Value> {
  private var value: Value
  /// How many times this property was assigned, so that a view store can tell which of the
  /// properties read through it were assigned an equal value (V4); not part of the value.
  private var assignments: UInt64 = 0

  /// Wraps an initial value; creating a value is not an assignment.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The value; each assignment or in-place mutation counts as a change for the store that is
  /// reducing on this thread.
  public var wrappedValue: Value {
    get {
      TriggeredAssignments.reportRead(assignments)
      return value
    }
    set {
      value = newValue
      assignments &+= 1
      TriggeredAssignments.count()
    }
    _modify {
      yield &value
      assignments &+= 1
      TriggeredAssignments.count()
    }
  }
}

extension Triggered: Equatable where Value: Equatable {
  /// Equal when the values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value
  }
}

extension Triggered: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

extension Triggered: Sendable where Value: Sendable {}

extension Triggered: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: value)
  }
}

extension Triggered: CustomDebugStringConvertible {
  /// The value's debug description: how the value prints inside a state.
  public var debugDescription: String {
    String(reflecting: value)
  }
}

extension Triggered: CustomReflectable {
  /// The value's mirror, so that `dump` and reflection-based tools show the value.
  public var customMirror: Mirror {
    Mirror(reflecting: value)
  }
}

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

/// OneWay 2.x's name for ``Triggered``.
@available(*, deprecated, renamed: "Triggered")
public typealias Sensitive = Triggered
