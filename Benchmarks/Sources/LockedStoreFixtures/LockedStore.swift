import OneWayEngineCopy

// Scenario 9 needs a synchronous store behind a lock. OneWay has no public one: the test
// target's `LockedStore` (Tests/OneWayTests/Support/LockedStore.swift) is built from the
// engine's `package` API, which a separate package such as this one cannot see (`package`
// access stops at SwiftPM's package boundary, and SwiftPM's own `-package-name` comes after any
// flag a manifest adds). So this package compiles OneWay's sources a second time, as its own
// module `OneWayEngineCopy` (Sources/OneWayEngineCopy is a link to ../../Sources/OneWay), and
// this store is built on that copy's package API: the same engine code, reached the same way
// as from the test target. Nothing else here may import that copy, or its types would clash
// with OneWay's.

/// A synchronous class store behind a lock, built from the engine's package API, as the
/// future `Way` and Swidux stores will be: the test target's `LockedStore`, less what the
/// benchmarks do not use (`states`, `withEngine`).
package final class LockedStore<R: Reducer>: Sendable
where R.Action: Sendable, R.State: Sendable {
  private let lock = EngineLock()
  // Used only while holding `lock`, which is the engine's isolation.
  private nonisolated(unsafe) let engine: StoreEngine<R>
  private let link: EngineLink<R>

  package init<C: Clock<Duration>>(reducer: R, state: R.State, clock: C = ContinuousClock()) {
    engine = StoreEngine(reducer: reducer, state: state, clock: clock, isolation: .lock(lock))
    link = engine.link
    lock.withLock { engine.bind() }
  }

  /// Reduces `action` and everything its synchronous effects derive from it before it
  /// returns, from any thread.
  package func send(_ action: R.Action) {
    lock.withLock { engine.send(action) }
  }

  package var state: R.State { lock.withLock { engine.state } }

  package var isIdle: Bool { lock.withLock { engine.isIdle } }

  package func reset() {
    lock.withLock { engine.reset() }
  }

  package func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<R.State, Value> & Sendable,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    lock.withLock { engine.subscribe(keyPath, onChange) }
  }

  package func waitUntilIdle() async {
    await StoreEngine.waitUntilIdle(link)
  }
}

/// The reducer of scenario 9: `CounterReducer`'s `.increment`, against the copy's `Reducer`.
package struct LockedCounterReducer: Reducer {
  package enum Action: Sendable {
    case increment
  }

  package struct State: Sendable, Equatable {
    package var count = 0

    package init() {}
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    }
  }
}

/// The store of scenario 9.
package typealias LockedCounterStore = LockedStore<LockedCounterReducer>

/// Scenario 9: a locked store whose state has been sent one action.
package func makeLockedCounterStore() -> LockedCounterStore {
  let store = LockedStore(reducer: LockedCounterReducer(), state: LockedCounterReducer.State())
  store.send(.increment)
  return store
}

/// Scenario 9: `iterations` sends to `store` from the calling thread.
package func sendToLockedStore(_ store: LockedCounterStore, _ iterations: Range<Int>) {
  for _ in iterations { store.send(.increment) }
  keepLocked(store.state.count)
}

/// The hand-written reference for `LockedStore.send`: the same reducer called on a class's
/// state under the same kind of lock (the engine's recursive `EngineLock`), with no
/// queue, no effect handling and no change detection.
package final class BareLockedReducer: Sendable {
  private let lock = EngineLock()
  private let reducer = LockedCounterReducer()
  // Read and written only while holding `lock`.
  private nonisolated(unsafe) var state = LockedCounterReducer.State()

  package init() {}

  package func send(_ action: LockedCounterReducer.Action) {
    lock.withLock {
      let effect = reducer.reduce(state: &state, action: action)
      withExtendedLifetime(effect) {}
    }
  }

  package var count: Int { lock.withLock { state.count } }
}

/// Scenario 9's baseline: `iterations` locked reduces from the calling thread.
package func sendToBareLockedReducer(_ bare: BareLockedReducer, _ iterations: Range<Int>) {
  for _ in iterations { bare.send(.increment) }
  keepLocked(bare.count)
}

/// Keeps the optimizer from discarding `value`.
@inline(never)
func keepLocked<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
