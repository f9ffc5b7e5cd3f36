import Benchmark
import BenchmarkFixtures
import OneWay
import OneWayDevTools

// MARK: 14. Store.send with history on (OneWayDevTools), against the same send with it off

/// Scenario 14: scenario 1's send to a store whose history is on (a ring of 1,000 entries, full
/// after the warm-up, so each send also replaces the oldest entry), next to the same send to a
/// store whose history is off, in the same run.
func historyBenchmarks() {
  Benchmark("B16 Store.send, history on", configuration: configuration(.kilo)) { benchmark in
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    let devTools = await store.devTools()
    await store.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await store.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(await store.state.count)
    blackHole(devTools.capacity)
  }

  Benchmark("B16 baseline: Store.send, history off", configuration: configuration(.kilo)) {
    benchmark in
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    await store.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await store.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(await store.state.count)
  }
}
