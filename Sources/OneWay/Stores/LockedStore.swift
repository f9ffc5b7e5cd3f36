/// A synchronous store behind a lock, for code outside this package: ``LockedStoreEngine``,
/// the front door under `Way` and Swidux's store, through the `LockedStores` SPI.
///
/// The benchmarks, a package of their own, measure the lock-isolated store with it. Every
/// member forwards to the engine's, inlined, so it costs what the front door costs.
///
/// ```swift
/// @_spi(LockedStores) import OneWay
///
/// let store = LockedStore(reducer: CounterReducer(), state: .init(number: 0))
/// store.send(.increment)  // reduced, with what its synchronous effects derive, on return
/// print(store.state.number)  // 1
/// ```
@_spi(LockedStores)
public struct LockedStore<R: Reducer>: Sendable where R.Action: Sendable, R.State: Sendable {
  @usableFromInline let engine: LockedStoreEngine<R>

  /// Creates a store that starts from `state`, and starts `reducer`'s `bind()` effect.
  public init<C: Clock<Duration>>(reducer: R, state: R.State, clock: C = ContinuousClock()) {
    engine = LockedStoreEngine(reducer: reducer, state: state, clock: clock)
  }

  /// Reduces `action`, and everything its synchronous effects derive from it, before it
  /// returns, from any thread.
  @inlinable
  public func send(_ action: R.Action) {
    engine.send(action)
  }

  /// The current state.
  @inlinable
  public var state: R.State { engine.state }

  /// Whether no action is being reduced and no effect is in flight.
  public var isIdle: Bool { engine.isIdle }

  /// Cancels every effect in flight, drops the queued actions and restarts `bind()`.
  public func reset() {
    engine.reset()
  }

  /// Calls `onChange` with the value at `keyPath` at once, then after every reduce that
  /// changed it, until the subscription ends.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<R.State, Value> & Sendable,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    engine.subscribe(keyPath, onChange)
  }

  /// Returns once the store is idle, or once the calling task is cancelled.
  public func waitUntilIdle() async {
    await engine.waitUntilIdle()
  }
}
