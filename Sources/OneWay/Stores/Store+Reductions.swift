extension Store {
  /// Adds an observer of every action the store reduces, called on the store's actor inside
  /// the `send` that reduced it (the engine's channel of reductions); for the products that
  /// build on every store, such as persistence.
  package func observeReductions(_ observer: @escaping (Reduction<Action, State>) -> Void) {
    engine.observeReductions(observer)
  }
}
