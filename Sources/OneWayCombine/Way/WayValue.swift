#if Combine
/// A way's action or state, which OneWay 1.x never required to be `Sendable`, carried through
/// the engine as a `Sendable` value: it holds no lock, and relies on the way's.
///
/// The engine requires `Sendable` actions and states because an actor store hands them across
/// isolation domains. A way's engine is isolated by the way's lock instead: every read and
/// write of its state and queue, every reduce, and every emission of a side way happens while
/// holding that lock, so the engine never touches one of these values from two threads at
/// once. What user code does with a value outside the way is the user's business, as it was in
/// 1.x.
@usableFromInline
struct WayValue<Value>: @unchecked Sendable {
  // @unchecked: only moved while holding the way's lock (see above); tested under the thread
  // sanitizer by `w2EightThreadsSendTenThousandActionsEach`.
  @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

extension WayValue: Equatable where Value: Equatable {
  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value
  }
}
#endif
