/// What `Store` and `ViewStore` do alike, written once: each front door keeps its public
/// signatures and documentation, and calls these on its own isolation (its actor, the main
/// actor) with its own link to a parent when it is a child store (M3). Their child stores are
/// made in `ChildStores/StoreEngine+Scope.swift`.
extension StoreEngine {
  // Inlinable: a front door's `send` and `subscribe` are inlinable, so that they are specialized
  // for the client's reducer and value; these are inlined into them.

  /// A front door's `send`: reduced here, or, for a child store, forwarded to its root through
  /// `parent` (see ``forward(_:through:)``).
  @inlinable @inline(__always)
  func send(_ action: Action, from parent: ParentLink<Action>?) {
    guard let parent else { return send(action) }
    forward(action, through: parent.send)
  }

  /// A front door's `isIdle`: a child store is idle when its root is, since its feature's
  /// effects run there.
  @usableFromInline
  func isIdle(from parent: ParentLink<Action>?) -> Bool {
    parent?.isIdle() ?? isIdle
  }

  /// A main-actor front door's `subscribe`: `onChange` is called on the main actor, where the
  /// engine (isolation `.mainActor`) calls its subscriptions, with nothing to check or hop.
  @MainActor @inlinable
  func subscribeOnMainActor<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> StateSubscription {
    // A function that is not `Sendable` stays on the main actor, where it was made: the engine
    // keeps it and calls it only there.
    let call: (Value) -> Void = onChange
    return subscribe(reading: StoredValueReader(keyPath), call)
  }
}
