import Benchmark
import LockedStoreFixtures

/// 9. `send` on a synchronous store behind a lock, from one thread (see
/// Sources/LockedStoreFixtures for how the store reaches the engine).
func lockedStoreBenchmarks() {
  Benchmark("B9 LockedStore.send, reducer returns .none", configuration: configuration(.kilo)) {
    benchmark in
    let store = makeLockedCounterStore()
    benchmark.startMeasurement()
    sendToLockedStore(store, benchmark.scaledIterations)
    benchmark.stopMeasurement()
  }

  Benchmark("B9 baseline: bare locked reduce", configuration: configuration(.kilo)) {
    benchmark in
    let bare = BareLockedReducer()
    bare.send(.increment)
    benchmark.startMeasurement()
    sendToBareLockedReducer(bare, benchmark.scaledIterations)
    benchmark.stopMeasurement()
  }
}
