import OneWay

@testable import OneWay

/// A synchronous class store behind a lock, built in the test target from the engine's
/// package API: it proves that a new kind of store is a thin front door, and runs the
/// engine's contract from many threads.
final class LockedStore<R: Reducer>: Sendable where R.Action: Sendable, R.State: Sendable {
  private let lock = EngineLock()
  // Used only while holding `lock`, which is the engine's isolation.
  private nonisolated(unsafe) let engine: StoreEngine<R>
  private let link: EngineLink<R>

  init<C: Clock<Duration>>(reducer: R, state: R.State, clock: C = ContinuousClock()) {
    engine = StoreEngine(reducer: reducer, state: state, clock: clock, isolation: .lock(lock))
    link = engine.link
    lock.withLock { engine.bind() }
  }

  /// Reduces `action` and everything its synchronous effects derive from it before it
  /// returns, from any thread.
  func send(_ action: R.Action) {
    lock.withLock { engine.send(action) }
  }

  var state: R.State { lock.withLock { engine.state } }

  var isIdle: Bool { lock.withLock { engine.isIdle } }

  var states: AsyncStateSequence<R.State> { AsyncStateSequence(source: link) }

  func reset() {
    lock.withLock { engine.reset() }
  }

  func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<R.State, Value> & Sendable,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    lock.withLock { engine.subscribe(keyPath, onChange) }
  }

  func waitUntilIdle() async {
    await StoreEngine.waitUntilIdle(link)
  }

  func withEngine<T>(_ body: (StoreEngine<R>) -> T) -> T {
    lock.withLock { body(engine) }
  }
}
