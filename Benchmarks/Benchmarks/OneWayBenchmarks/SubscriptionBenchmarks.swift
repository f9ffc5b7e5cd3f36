import Benchmark
import BenchmarkFixtures
import OneWay

/// The benchmark of one sample, handed to the main actor so that the sample is timed there,
/// without the hop onto it.
struct MainActorSample: @unchecked Sendable {
  // The runner's task is suspended in `MainActor.run` while the main actor uses it, so one
  // thread at a time touches the benchmark.
  let benchmark: Benchmark
}

/// 8. Key-path `subscribe` fan-out on a view store (rule S4).
func subscriptionBenchmarks() {
  for subscriptions in [1, 10, 100, 1_000] {
    for (change, action) in [
      ("changed", SubscriptionReducer.Action.changeWatched),
      ("unchanged", SubscriptionReducer.Action.changeOther),
    ] {
      Benchmark(
        "B8 ViewStore.send to \(subscriptions) subscriptions, value \(change)",
        configuration: configuration(.kilo)
      ) { benchmark in
        let sample = MainActorSample(benchmark: benchmark)
        await MainActor.run {
          let fixture = ViewStoreSubscriptions(count: subscriptions)
          sample.benchmark.startMeasurement()
          fixture.send(action, sample.benchmark.scaledIterations)
          sample.benchmark.stopMeasurement()
        }
      }

      Benchmark(
        "B8 baseline: reduce + \(subscriptions) bare closures, value \(change)",
        configuration: configuration(.kilo)
      ) { benchmark in
        let sample = MainActorSample(benchmark: benchmark)
        await MainActor.run {
          let fixture = BareSubscriptions(count: subscriptions)
          sample.benchmark.startMeasurement()
          fixture.send(action, sample.benchmark.scaledIterations)
          sample.benchmark.stopMeasurement()
        }
      }
    }
  }
}
