import Benchmark
import BenchmarkFixtures
import Foundation
import OneWay

// Each scenario is measured next to its hand-written baseline in the same run; names start
// with the scenario number so that `Scripts/report.py` can pair them. Times are per inner
// iteration (package-benchmark's scaled output, marked `*`).
//
// Scenarios 1-7 are below; 8 (key-path subscriptions), 9 (a lock-isolated store), 10 (large
// states), 11 (composition: Scope and child stores) and 14 (history on) have a file each, 12
// (the default store with a large state) and 13 (properties read through a view store) share
// one; all are registered at the end.
//
// ONEWAY_BENCHMARK_SMOKE=1 runs every benchmark for one iteration without warm-up: a check
// that each scenario works, not a measurement.

/// Whether this is the smoke run of `Scripts/smoke.sh`.
let isSmokeRun = ProcessInfo.processInfo.environment["ONEWAY_BENCHMARK_SMOKE"] != nil

/// The configuration of one benchmark: full runs sample for `seconds`, smoke runs once.
func configuration(
  _ scalingFactor: BenchmarkScalingFactor,
  seconds: Int = 2,
  metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]
) -> Benchmark.Configuration {
  .init(
    metrics: metrics,
    timeUnits: .nanoseconds,
    warmupIterations: isSmokeRun ? 0 : 3,
    scalingFactor: scalingFactor,
    maxDuration: isSmokeRun ? .milliseconds(1) : .seconds(seconds),
    maxIterations: isSmokeRun ? 1 : 1_000_000
  )
}

let benchmarks: @Sendable () -> Void = {
  // MARK: 1. Store.send from a non-isolated task

  Benchmark("B1 Store.send, reducer returns .none", configuration: configuration(.kilo)) {
    benchmark in
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    await store.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await store.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(await store.state.count)
  }

  Benchmark("B1 baseline: bare actor hop", configuration: configuration(.kilo)) { benchmark in
    let actor = BareActor()
    await actor.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await actor.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(await actor.count)
  }

  // MARK: 2. ViewStore.send on the main actor

  // One main-actor hop per sample, amortized over a million sends.
  Benchmark("B2 ViewStore.send, main actor", configuration: configuration(.mega, seconds: 4)) {
    benchmark in
    await sendToViewStore(benchmark.scaledIterations)
  }

  // The same sends, each followed by a read of `state`, as a view does: from the first read
  // on, every change goes through Observation's registrar.
  Benchmark(
    "B2 ViewStore.send + state read, main actor",
    configuration: configuration(.mega, seconds: 4)
  ) { benchmark in
    await sendToViewStoreReadingState(benchmark.scaledIterations)
  }

  // The same sends to a view store built with `withoutStatesBacklog()`: no copy of the state
  // kept for a first `states` loop (O7), so the reducer changes the state in place.
  Benchmark(
    "B2 ViewStore.send without the O7 backlog, main actor",
    configuration: configuration(.mega, seconds: 4)
  ) { benchmark in
    await sendToViewStoreWithoutBacklog(benchmark.scaledIterations)
  }

  Benchmark("B2 baseline: direct @inline(never) reduce", configuration: configuration(.mega)) {
    benchmark in
    await reduceDirectly(benchmark.scaledIterations)
  }

  // MARK: 3. Synchronous effect chain

  // `.chain` reduces 9 actions per send, `.shortChain` 5.
  let chains: [(CounterReducer.Action, Int)] = [
    (.chain, chainLength), (.shortChain, shortChainLength),
  ]
  for (action, length) in chains {
    Benchmark(
      "B3 Store.send, .concat/.merge of \(length) .just (\(length + 1) reduced actions)",
      configuration: configuration(.kilo)
    ) { benchmark in
      let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
      await store.send(.increment)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { await store.send(action) }
      benchmark.stopMeasurement()
      blackHole(await store.state.count)
    }
  }

  // MARK: 4. Asynchronous round trip

  Benchmark("B4 Store round trip: .single -> reduced reply", configuration: configuration(.kilo)) {
    benchmark in
    let signal = Signal()
    let store = Store(reducer: CounterReducer(signal: signal), state: CounterReducer.State())
    await store.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      await store.send(.request)
      await signal.wait()
    }
    benchmark.stopMeasurement()
    blackHole(await store.state.count)
  }

  Benchmark(
    "B4 baseline: bare request hop + Task + reply hop + signal",
    configuration: configuration(.kilo)
  ) { benchmark in
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    await actor.request()
    await signal.wait()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      await actor.request()
      await signal.wait()
    }
    benchmark.stopMeasurement()
    blackHole(await actor.count)
  }

  Benchmark("B4 baseline: bare Task + actor hop", configuration: configuration(.kilo)) {
    benchmark in
    let actor = BareActor()
    await actor.send(.increment)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      await Task { await actor.send(.increment) }.value
    }
    benchmark.stopMeasurement()
    blackHole(await actor.count)
  }

  // MARK: 5. Cancellation churn

  Benchmark(
    "B5 Store: start and cancel 10,000 cancellable effects",
    configuration: configuration(.one, seconds: 4)
  ) { benchmark in
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    await store.send(.increment)
    benchmark.startMeasurement()
    // Each start cancels the one before (cancelInFlight); the last is cancelled by id.
    for _ in 0..<10_000 { await store.send(.startLongRunning) }
    await store.send(.stopLongRunning)
    await waitUntilIdle(store)
    benchmark.stopMeasurement()
  }

  Benchmark(
    "B5 baseline: start and cancel 10,000 bare Tasks",
    configuration: configuration(.one, seconds: 4)
  ) { benchmark in
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(10_000)
    benchmark.startMeasurement()
    await startAndCancelBareTasks(10_000, keeping: &tasks)
    benchmark.stopMeasurement()
  }

  // MARK: 6. Fan-out

  for subscribers in [1, 10, 100, 1_000] {
    let scalingFactor: BenchmarkScalingFactor = subscribers >= 1_000 ? .one : .kilo
    Benchmark(
      "B6 Store fan-out to \(subscribers) states subscribers",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      let fanOut = await StoreFanOut.make(subscribers: subscribers)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { await fanOut.round() }
      benchmark.stopMeasurement()
      await fanOut.tearDown()
    }

    Benchmark(
      "B6 baseline: fan-out to \(subscribers) bare AsyncStreams",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      var fanOut = await BareFanOut.make(subscribers: subscribers)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { await fanOut.round() }
      benchmark.stopMeasurement()
      await fanOut.tearDown()
    }
  }

  // MARK: 7. Memory

  // Bytes still allocated after making 1,000 idle stores and letting their start-up task run,
  // per store (memoryLeakedBytes is scaled by the inner 1,000).
  let memoryMetrics: [BenchmarkMetric] = [.memoryLeakedBytes, .mallocFreeDelta, .mallocCountTotal]
  Benchmark(
    "B7 idle Store: retained bytes",
    configuration: configuration(.kilo, metrics: memoryMetrics)
  ) { benchmark in
    var stores: [Store<CounterReducer, ContinuousClock>] = []
    stores.reserveCapacity(benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      stores.append(Store(reducer: CounterReducer(), state: CounterReducer.State()))
    }
    for store in stores { blackHole(await store.isIdle) }
    try? await Task.sleep(for: .milliseconds(5))
    benchmark.stopMeasurement()
    blackHole(stores)
  }

  Benchmark(
    "B7 baseline: idle bare actor: retained bytes",
    configuration: configuration(.kilo, metrics: memoryMetrics)
  ) { benchmark in
    var actors: [BareActor] = []
    actors.reserveCapacity(benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { actors.append(BareActor()) }
    for actor in actors { blackHole(await actor.count) }
    try? await Task.sleep(for: .milliseconds(5))
    benchmark.stopMeasurement()
    blackHole(actors)
  }

  Benchmark(
    "B7 idle ViewStore: retained bytes",
    configuration: configuration(.kilo, metrics: memoryMetrics)
  ) { benchmark in
    let count = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    let stores = await makeViewStores(count)
    benchmark.stopMeasurement()
    await MainActor.run { blackHole(stores) }
  }

  subscriptionBenchmarks()
  lockedStoreBenchmarks()
  largeStateBenchmarks()
  defaultStoreBenchmarks()
  observedPropertyBenchmarks()
  observationCallsBenchmark()
  scopeBenchmarks()
  historyBenchmarks()
  childStoreBenchmarks()
}
