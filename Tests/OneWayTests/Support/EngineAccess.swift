@testable import OneWay

extension Store {
  /// Runs `body` with the store's engine, on the store's actor.
  func withEngine<T: Sendable>(_ body: (StoreEngine<R>) -> T) -> T {
    body(engine)
  }
}
