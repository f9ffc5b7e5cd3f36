import Benchmark
import Foundation
import Swidux

// Swidux's store on OneWay's engine, each scenario next to its baseline in the same run
// (`Scripts/swidux_report.py` pairs them by name). Times are per dispatch (package-benchmark's
// scaled output). ONEWAY_BENCHMARK_SMOKE=1 runs each once, as `Scripts/smoke.sh` does.

/// Whether this is the smoke run of `Scripts/smoke.sh`.
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

/// The application state: a counter that every dispatch changes, and a field it never does.
struct Counter: Sendable {
  var count = 0
  var unchanged = 0
}

/// The only action.
struct Increment: Action {}

/// Adds one to the count.
let counterReducer = Reducer<Counter> { state, _ in state.count &+= 1 }

/// What the subscribers of the "changed" scenario add each value to.
final class Sink: @unchecked Sendable {
  // @unchecked: written only by subscribers, which the store calls under its lock.
  var total = 0
}

let benchmarks: @Sendable () -> Void = {
  // MARK: Dispatch

  Benchmark("Swidux dispatch, no subscribers", configuration: configuration(.mega)) {
    benchmark in
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let action = Increment()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.dispatch(action) }
    benchmark.stopMeasurement()
    blackHole(store.getState().count)
  }

  Benchmark("Swidux baseline: bare locked reduce", configuration: configuration(.mega)) {
    benchmark in
    let store = BareLockedStore(initialState: Counter(), reducer: counterReducer)
    let action = Increment()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.dispatch(action) }
    benchmark.stopMeasurement()
    blackHole(store.getState().count)
  }

  // MARK: Notifying subscribers

  for subscribers in [1, 10, 100, 1_000] {
    let scalingFactor: BenchmarkScalingFactor = subscribers >= 100 ? .kilo : .mega

    // The subscribers observe a field that the dispatch does not change: each costs one read
    // of its value and one comparison.
    Benchmark(
      "Swidux dispatch, \(subscribers) subscribers, value unchanged",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      let store = Store(initialState: Counter(), reducer: counterReducer)
      let tokens = (0..<subscribers).map { _ in store.subscribe(\.unchanged) { _ in } }
      let action = Increment()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.dispatch(action) }
      benchmark.stopMeasurement()
      blackHole(tokens)
    }

    // The subscribers observe the count, which every dispatch changes: each is called.
    Benchmark(
      "Swidux dispatch, \(subscribers) subscribers, value changed",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      let store = Store(initialState: Counter(), reducer: counterReducer)
      let sink = Sink()
      let tokens = (0..<subscribers).map { _ in
        store.subscribe(\.count) { sink.total &+= $0 }
      }
      let action = Increment()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.dispatch(action) }
      benchmark.stopMeasurement()
      blackHole(tokens)
      blackHole(sink.total)
    }

    Benchmark(
      "Swidux baseline: bare locked reduce, \(subscribers) subscribers, value unchanged",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      let store = BareLockedStore(initialState: Counter(), reducer: counterReducer)
      for _ in 0..<subscribers { store.subscribe(\.unchanged) { _ in } }
      let action = Increment()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.dispatch(action) }
      benchmark.stopMeasurement()
      blackHole(store.getState().count)
    }

    Benchmark(
      "Swidux baseline: bare locked reduce, \(subscribers) subscribers, value changed",
      configuration: configuration(scalingFactor)
    ) { benchmark in
      let store = BareLockedStore(initialState: Counter(), reducer: counterReducer)
      let sink = Sink()
      for _ in 0..<subscribers { store.subscribe(\.count) { sink.total &+= $0 } }
      let action = Increment()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { store.dispatch(action) }
      benchmark.stopMeasurement()
      blackHole(sink.total)
    }
  }
}
