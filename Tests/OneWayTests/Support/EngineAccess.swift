@testable import OneWay

extension Store {
  /// Runs `body` with the store's engine, on the store's actor.
  func withEngine<T: Sendable>(_ body: (StoreEngine<R>) -> T) -> T {
    body(engine)
  }

  /// Whether the store's effects left nothing behind: no registered unit, and no task of a
  /// cancelled unit still running; `nil` for a store that never ran an effect (it has no book).
  func leftBehindByEffects() -> (registryIsEmpty: Bool?, noCancelledTaskRuns: Bool?) {
    let scheduler = engine.scheduler
    guard let cancelledTasks = scheduler.cancelledTasks else { return (nil, nil) }
    return (scheduler.registry.isEmpty, cancelledTasks.noneRunning(wakingWhenNone: false))
  }
}
