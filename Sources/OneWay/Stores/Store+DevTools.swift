/// What OneWayDevTools needs from a `Store`: its engine, on the store's actor.
///
/// Usable from inlinable code: OneWayDevTools adds its observer of reductions from an inlinable
/// function, so that recording a reduction is specialized for the client's action and state.
extension Store {
  /// Runs `body` with the store's engine on the store's actor.
  @usableFromInline
  package func withDevToolsEngine<T: Sendable>(_ body: @Sendable (StoreEngine<R>) -> T) -> T {
    body(engine)
  }

  /// Whether the store is a child store (M3), whose actions its root reduces.
  @usableFromInline
  package nonisolated var isChildStore: Bool { parent != nil }
}

/// What OneWayDevTools needs from a `ViewStore`: its engine, on the main actor.
///
/// Usable from inlinable code, for the same reason as the `Store`'s.
extension ViewStore {
  /// The store's engine.
  @usableFromInline
  package var devToolsEngine: StoreEngine<R> { engine }

  /// Whether the store is a child store (M3), whose actions its root reduces.
  @usableFromInline
  package nonisolated var isChildStore: Bool { parent != nil }
}
