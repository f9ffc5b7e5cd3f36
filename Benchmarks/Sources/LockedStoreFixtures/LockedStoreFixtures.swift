@_spi(LockedStores) import OneWay

// Scenario 9 needs a synchronous store behind a lock: OneWay's `LockedStoreEngine`, the front
// door under `Way` and Swidux's store, which the library offers to this separate package as
// `LockedStore`, its `LockedStores` SPI (`package` access stops at SwiftPM's package boundary).

/// The reducer of scenario 9: `CounterReducer`'s `.increment`.
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
/// state under the same kind of lock (the engine's recursive lock, as `StoreLock`),
/// with no queue, no effect handling and no change detection.
package final class BareLockedReducer: Sendable {
  private let lock = StoreLock()
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
