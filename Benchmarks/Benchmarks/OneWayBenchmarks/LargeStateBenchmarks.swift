import Benchmark
import BenchmarkFixtures
import OneWay

/// 10. A state holding a large array, one append per action, with and without a `states`
/// loop. Each sample times `appendsPerSample` sends (the tool's figure is per sample) after
/// as many untimed ones: a fresh process's first copies of a large array are dominated by
/// glibc's `mmap`/`munmap`, not by the store.
func largeStateBenchmarks() {
  for size in [1_000, 10_000, 100_000] {
    for observed in [false, true] {
      let label = observed ? "observed by a states loop" : "unobserved"
      Benchmark(
        "B10 Store.send(.append), [Int] of \(size), \(label), per \(appendsPerSample)",
        configuration: configuration(.one)
      ) { benchmark in
        let fixture = await LargeStateStore.make(size: size, observed: observed)
        await fixture.append(appendsPerSample)
        await fixture.restore()
        benchmark.startMeasurement()
        await fixture.append(appendsPerSample)
        benchmark.stopMeasurement()
        await fixture.tearDown()
      }
    }

    Benchmark(
      "B10 baseline: bare actor, in-place append, [Int] of \(size), per \(appendsPerSample)",
      configuration: configuration(.one)
    ) { benchmark in
      let bare = LargeStateBareActor(size: size)
      for _ in 0..<appendsPerSample { await bare.appendInPlace() }
      await bare.restore(size: size)
      benchmark.startMeasurement()
      for _ in 0..<appendsPerSample { await bare.appendInPlace() }
      benchmark.stopMeasurement()
    }

    Benchmark(
      "B10 baseline: bare actor, copy and compare, [Int] of \(size), per \(appendsPerSample)",
      configuration: configuration(.one)
    ) { benchmark in
      let bare = LargeStateBareActor(size: size)
      for _ in 0..<appendsPerSample { await bare.appendCopyAndCompare() }
      await bare.restore(size: size)
      benchmark.startMeasurement()
      for _ in 0..<appendsPerSample { await bare.appendCopyAndCompare() }
      benchmark.stopMeasurement()
    }
  }
}
