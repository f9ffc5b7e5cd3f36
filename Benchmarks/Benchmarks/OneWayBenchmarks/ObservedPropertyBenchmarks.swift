import Benchmark
import BenchmarkFixtures
import OneWay

/// 12. The default store, as the README builds it, with a 100,000-element array and nobody
/// observing it: after 100 sends it keeps no backlog (O7) and appends in place.
func defaultStoreBenchmarks() {
  let size = 100_000
  Benchmark(
    "B12 Store.send(.append), default store, [Int] of \(size), after 100 sends, per \(appendsPerSample)",
    configuration: configuration(.one)
  ) { benchmark in
    let fixture = await LargeStateStore.makeDefault(size: size, warmUp: 100)
    await fixture.restore()
    benchmark.startMeasurement()
    await fixture.append(appendsPerSample)
    benchmark.stopMeasurement()
    await fixture.tearDown()
  }

  Benchmark(
    "B12 baseline: bare actor, in-place append, [Int] of \(size), per \(appendsPerSample)",
    configuration: configuration(.one)
  ) { benchmark in
    let bare = LargeStateBareActor(size: size)
    for _ in 0..<appendsPerSample { await bare.appendInPlace() }
    await bare.restore(size: size)
    benchmark.startMeasurement()
    for _ in 0..<appendsPerSample { await bare.appendInPlace() }
    benchmark.stopMeasurement()
  }
}

/// 13. A view-store send with 1, 10 and 100 properties read through its dynamic members (V4),
/// none of them changed or the first one changed, against the same reduce and as many
/// comparisons through the same key paths.
func observedPropertyBenchmarks() {
  for count in [1, 10, 100] {
    for (change, action) in [
      ("none changed", TrackedReducer.Action.changeUnread),
      ("one changed", TrackedReducer.Action.changeRead),
    ] {
      Benchmark(
        "B13 ViewStore.send, \(count) properties read, \(change)",
        configuration: configuration(.kilo)
      ) { benchmark in
        let sample = MainActorSample(benchmark: benchmark)
        await MainActor.run {
          let fixture = TrackedPropertiesStore(count: count)
          sample.benchmark.startMeasurement()
          fixture.send(action, sample.benchmark.scaledIterations)
          sample.benchmark.stopMeasurement()
        }
      }

      Benchmark(
        "B13 baseline: reduce + \(count) key-path comparisons, \(change)",
        configuration: configuration(.kilo)
      ) { benchmark in
        let sample = MainActorSample(benchmark: benchmark)
        await MainActor.run {
          let fixture = BareTrackedComparisons(count: count)
          sample.benchmark.startMeasurement()
          fixture.send(action, sample.benchmark.scaledIterations)
          sample.benchmark.stopMeasurement()
        }
      }
    }
  }
}

/// 13, for reference: what Observation itself costs the row where one property is read and
/// changed, on top of its baseline (see `BareObservationCalls`).
func observationCallsBenchmark() {
  Benchmark(
    "B13 reference: reduce + 1 key-path comparison + Observation's willSet, didSet, access",
    configuration: configuration(.kilo)
  ) { benchmark in
    let sample = MainActorSample(benchmark: benchmark)
    await MainActor.run {
      let fixture = BareObservationCalls()
      sample.benchmark.startMeasurement()
      fixture.send(sample.benchmark.scaledIterations)
      sample.benchmark.stopMeasurement()
    }
  }
}
