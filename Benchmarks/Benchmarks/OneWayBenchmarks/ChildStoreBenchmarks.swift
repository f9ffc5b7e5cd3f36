import Benchmark
import BenchmarkFixtures
import OneWay

/// 14. Case key paths: scenario 11's send through 5 levels of `Scope`, each level embedding its
/// child with a case key path (OneWayCasePaths, CasePaths trait) instead of an action case and an `extract`
/// closure; compared with scenario 11's rows of the same store.
///
/// 15. Element stores: a send to one row's store of a list whose every row has a store, with
/// 100 rows and with 10,000; the 10,000-row send is compared with the 100-row one.
func childStoreBenchmarks() {
  Benchmark(
    "B14 Store.send through 5 levels of Scope, case key paths",
    configuration: configuration(.kilo)
  ) { benchmark in
    let store = Store(reducer: CaseScopeLevel5(), state: CaseScopeLevel5.State())
    let increment = CaseScopeLevel5.increment
    await store.send(increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await store.send(increment) }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "B14 ViewStore.send through 5 levels of Scope, case key paths, main actor",
    configuration: configuration(.kilo)
  ) { benchmark in
    let sample = MainActorSample(benchmark: benchmark)
    await MainActor.run {
      let stores = ScopedViewStoreSends.throughCaseScope()
      sample.benchmark.startMeasurement()
      stores.send(sample.benchmark.scaledIterations)
      sample.benchmark.stopMeasurement()
    }
  }

  for rows in [100, 10_000] {
    Benchmark(
      "B15 row ViewStore.send, \(rows) row stores, main actor",
      configuration: configuration(.kilo)
    ) { benchmark in
      let sample = MainActorSample(benchmark: benchmark)
      await MainActor.run {
        let stores = RowFixtures.rowStores(rows)
        sample.benchmark.startMeasurement()
        stores.send(sample.benchmark.scaledIterations)
        sample.benchmark.stopMeasurement()
      }
    }
  }

  for rows in [1_000, 100_000] {
    Benchmark(
      "B17 observed row ViewStore.send, \(rows) rows, main actor",
      configuration: configuration(.kilo, seconds: 4)
    ) { benchmark in
      let sample = MainActorSample(benchmark: benchmark)
      await MainActor.run {
        let stores = RowFixtures.observedRows(rows)
        sample.benchmark.startMeasurement()
        stores.send(sample.benchmark.scaledIterations)
        sample.benchmark.stopMeasurement()
      }
    }
  }
}

/// The lists of scenarios 15 and 17, made once per size and kept for every sample: making
/// 100,000 row stores and their observers takes far longer than the sends that are timed.
@MainActor
enum RowFixtures {
  private static var rowStoreSends: [Int: RowStoreSends] = [:]
  private static var observedRowSends: [Int: ObservedRowSends] = [:]

  static func rowStores(_ rows: Int) -> RowStoreSends {
    if let made = rowStoreSends[rows] { return made }
    let made = RowStoreSends(rows: rows)
    rowStoreSends[rows] = made
    return made
  }

  static func observedRows(_ rows: Int) -> ObservedRowSends {
    if let made = observedRowSends[rows] { return made }
    let made = ObservedRowSends(rows: rows)
    observedRowSends[rows] = made
    return made
  }
}
