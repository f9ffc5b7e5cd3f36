/// The front door of every synchronous class store: OneWay's engine behind the lock that is its
/// isolation, entered from any thread.
///
/// OneWayCombine's `Way`, Swidux's `Store`, the test target's locked store and the benchmarks'
/// are each this value and what their own API adds. Every entry point takes the lock, uses the
/// engine and releases the lock before it returns; the lock is recursive, so a `send` from
/// inside a reduce, a synchronous effect or a subscription closure finds the engine busy and is
/// queued (rule A5), never reduced recursively and never a deadlock.
///
/// ```swift
/// let store = LockedStoreEngine(reducer: CounterReducer(), state: .init(number: 0))
/// store.send(.increment)  // reduced, with what its synchronous effects derive, on return
/// print(store.state.number)  // 1
/// ```
///
/// A value of two references (the lock and the engine), so that a class that stores it reaches
/// both without an extra load; the engine lives as long as the last copy.
///
/// `package`, so that a way's `send`, inlined into the app, can use it; code outside this
/// package (the benchmarks) reaches it through ``LockedStore``, its `LockedStores` SPI.
@usableFromInline
package struct LockedStoreEngine<R: Reducer>: @unchecked Sendable
where R.Action: Sendable, R.State: Sendable {
  // @unchecked: the engine is used only while holding `lock`, its isolation (`.lock(lock)`),
  // and everything it calls (the reducer, synchronous effects, subscriptions) runs under it.
  // Tested from eight threads under the thread sanitizer (LockedStoreTests, Way's and Swidux's
  // suites).
  /// The engine's isolation; the stores built on this one share it with what they add (a
  /// way's publisher, Swidux's middleware chain and subscription tokens).
  @usableFromInline package let lock: EngineLock
  @usableFromInline let engine: StoreEngine<R>

  /// Creates a store engine that starts from `state`, and starts `reducer`'s `bind()` effect.
  ///
  /// - Parameters:
  ///   - reducer: The reducer of every action.
  ///   - state: The state to start from.
  ///   - clock: The clock of debounce, throttle and the store's sleeps.
  package init<C: Clock<Duration>>(reducer: R, state: R.State, clock: C = ContinuousClock()) {
    self.init(unstarted: reducer, state: state, clock: clock)
    start(keepingStatesBacklog: true)
  }

  /// Creates the engine and its lock without starting `bind()`: for a store whose reducer can
  /// reach the store only once the store's initialiser has run (a way). Call
  /// ``start(keepingStatesBacklog:)`` then, before the store is shared.
  package init<C: Clock<Duration>>(unstarted reducer: R, state: R.State, clock: C) {
    let lock = EngineLock()
    self.lock = lock
    engine = StoreEngine(reducer: reducer, state: state, clock: clock, isolation: .lock(lock))
  }

  /// Starts `bind()`'s effect (L4). A store that offers no `states` loops passes `false`: it
  /// keeps no backlog for a first loop (O7), so while nothing observes it the engine reduces
  /// in place.
  package func start(keepingStatesBacklog: Bool) {
    withEngine { engine in
      if !keepingStatesBacklog { engine.discardStatesBacklog() }
      engine.bind()
    }
  }

  /// Reduces `action`, and everything its synchronous effects derive from it, before it
  /// returns (A2), from any thread.
  @inlinable
  package func send(_ action: R.Action) {
    withEngine { $0.send(action) }
  }

  /// The current state.
  @inlinable
  package var state: R.State {
    withEngine { $0.state }
  }

  /// Whether no action is being reduced and no effect is in flight (L2).
  package var isIdle: Bool {
    withEngine { $0.isIdle }
  }

  /// Cancels every effect in flight, drops the queued actions and restarts `bind()`; the state
  /// stays as it is (A6).
  package func reset() {
    withEngine { $0.reset() }
  }

  /// Calls `onChange` with the value at `keyPath` at once, then after every reduce that
  /// changed it, under the lock (S1, S2), until the subscription ends (S3).
  @inlinable
  package func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<R.State, Value> & Sendable,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    withEngine { $0.subscribe(keyPath, onChange) }
  }

  /// The store's states, for `for await` loops (O1).
  package var states: AsyncStateSequence<R.State> {
    AsyncStateSequence(source: withEngine { $0.link })
  }

  /// Returns once the store is idle, or once the calling task is cancelled.
  package func waitUntilIdle() async {
    await StoreEngine.waitUntilIdle(withEngine { $0.link })
  }

  /// Runs `body` with the engine, holding the lock: for what a store adds to this front door.
  ///
  /// Always inlined, so that the caller takes and releases the lock itself and `body` is not a
  /// closure at run time: a `send` pays for the lock and the engine's own `send`, nothing more.
  /// Nothing in the engine throws, and `body` may not either, so the lock is always released.
  @inlinable @inline(__always)
  package func withEngine<T>(_ body: (StoreEngine<R>) -> T) -> T {
    lock.lock()
    let result = body(engine)
    lock.unlock()
    return result
  }
}
