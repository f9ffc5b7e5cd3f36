import Benchmark
import BenchmarkFixtures
import OneWay

/// 11. Composition (rules M2 and M3): a send through 1 and 5 levels of `Scope` (the counter of
/// scenarios 1 and 2, embedded; it returns `.none`), and a send to the counter's child store 1
/// and 5 levels below its root. `Store` rows are timed as scenario 1's `Store.send` and compared
/// with it; `ViewStore` rows are compared with scenario 2's `ViewStore.send`. The embedded action
/// is read once before the timed loop, as scenario 1 sends a literal, so that the loop does not
/// also time a global's accessor.
func scopeBenchmarks() {
  for levels in [1, 5] {
    let scope = levels == 1 ? "1 level of Scope" : "\(levels) levels of Scope"

    Benchmark("B11 Store.send through \(scope)", configuration: configuration(.kilo)) {
      benchmark in
      if levels == 1 {
        let store = Store(reducer: ScopeLevel1(), state: ScopeLevel1.State())
        let increment = ScopeLevel1.increment
        await store.send(increment)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { await store.send(increment) }
        benchmark.stopMeasurement()
      } else {
        let store = Store(reducer: ScopeLevel5(), state: ScopeLevel5.State())
        let increment = ScopeLevel5.increment
        await store.send(increment)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { await store.send(increment) }
        benchmark.stopMeasurement()
      }
    }

    Benchmark(
      "B11 child Store.send, scoped \(levels) level\(levels == 1 ? "" : "s") down",
      configuration: configuration(.kilo)
    ) { benchmark in
      let store =
        if levels == 1 { await makeChildStore() } else { await makeChildStoreFiveLevelsDown() }
      await store.send(.increment)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { await store.send(.increment) }
      benchmark.stopMeasurement()
      blackHole(await store.state.count)
    }

    // Timed on the main actor, without the hop onto it and the making of the stores (as
    // scenario 8): a five-level send costs too much for scenario 2's million sends a sample.
    Benchmark(
      "B11 ViewStore.send through \(scope), main actor",
      configuration: configuration(.kilo)
    ) { benchmark in
      let sample = MainActorSample(benchmark: benchmark)
      await MainActor.run {
        let stores = ScopedViewStoreSends.throughScope(levels: levels)
        sample.benchmark.startMeasurement()
        stores.send(sample.benchmark.scaledIterations)
        sample.benchmark.stopMeasurement()
      }
    }

    Benchmark(
      "B11 child ViewStore.send, scoped \(levels) level\(levels == 1 ? "" : "s") down, main actor",
      configuration: configuration(.kilo)
    ) { benchmark in
      let sample = MainActorSample(benchmark: benchmark)
      await MainActor.run {
        let stores = ScopedViewStoreSends.toChild(levels: levels)
        sample.benchmark.startMeasurement()
        stores.send(sample.benchmark.scaledIterations)
        sample.benchmark.stopMeasurement()
      }
    }
  }
}
