import Benchmark
import Foundation
import OneWayCombine
import WayBenchmarkFixtures

// OneWayCombine's `Way`, each scenario next to its hand-written baseline in the same run; names
// start with "W" and the scenario number so that `Scripts/report_way.py` can pair them. Times
// are per inner iteration (package-benchmark's scaled output). ONEWAY_BENCHMARK_SMOKE=1 runs
// each once, as the main suite does.

/// Whether this is a smoke run.
let isSmokeRun = ProcessInfo.processInfo.environment["ONEWAY_BENCHMARK_SMOKE"] != nil

/// The configuration of one benchmark: full runs sample for `seconds`, smoke runs once.
func configuration(_ scalingFactor: BenchmarkScalingFactor, seconds: Int = 2)
  -> Benchmark.Configuration
{
  .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: isSmokeRun ? 0 : 3,
    scalingFactor: scalingFactor,
    maxDuration: isSmokeRun ? .milliseconds(1) : .seconds(seconds),
    maxIterations: isSmokeRun ? 1 : 1_000_000
  )
}

let benchmarks: @Sendable () -> Void = {
  // MARK: BW1. way.send, .current

  Benchmark("BW1 Way.send, .current, reducer returns .none", configuration: configuration(.mega)) {
    benchmark in
    let way = BenchWay(threadOption: .current)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { way.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(way.state.number)
  }

  Benchmark("BW1 baseline: bare @inline(never) reducer call", configuration: configuration(.mega)) {
    benchmark in
    let way = BenchWay(threadOption: .current)
    var state = BenchWay.State()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { keepSideWay(bareReduce(way, &state, .increment)) }
    benchmark.stopMeasurement()
    blackHole(state.number)
  }

  // MARK: BW2. way.send, .threadSafe

  Benchmark("BW2 Way.send, .threadSafe, reducer returns .none", configuration: configuration(.mega))
  { benchmark in
    let way = BenchWay(threadOption: .threadSafe)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { way.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(way.state.number)
  }

  Benchmark("BW2 baseline: bare locked reduce (pthread mutex)", configuration: configuration(.mega))
  {
    benchmark in
    let locked = BareLockedReduce(way: BenchWay(threadOption: .current))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { locked.send(.increment) }
    benchmark.stopMeasurement()
    blackHole(locked.count)
  }

  // MARK: BW3. publisher.number sink fan-out

  for subscribers in [1, 10, 100] {
    Benchmark(
      "BW3 Way publisher.number fan-out to \(subscribers) sinks",
      configuration: configuration(.kilo)
    ) { benchmark in
      let fanOut = WayFanOut(subscribers: subscribers)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { fanOut.round() }
      benchmark.stopMeasurement()
      blackHole(fanOut.received)
    }

    Benchmark(
      "BW3 baseline: CurrentValueSubject fan-out to \(subscribers) sinks",
      configuration: configuration(.kilo)
    ) { benchmark in
      let fanOut = SubjectFanOut(subscribers: subscribers)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { fanOut.round() }
      benchmark.stopMeasurement()
      blackHole(fanOut.received)
    }
  }
}
