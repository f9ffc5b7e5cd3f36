import Testing

@testable import OneWay

/// Stress tests that must pass every time.
@Suite struct StressTests {
  @Test func e1AThousandStoresDeinitializedWithEffectsInFlightLeaveNothingRunning() async {
    let running = Counter()
    var weakStores: [WeakBox<Store<ClosureReducer<Int, Int>, ContinuousClock>>] = []
    do {
      var stores: [Store<ClosureReducer<Int, Int>, ContinuousClock>] = []
      for _ in 0..<1_000 {
        let store = Store(
          reducer: ClosureReducer<Int, Int> { _, _ in
            .merge(
              .single {
                await running.increment()
                await neverEnding()
                await running.decrement()
                return 0
              },
              .sequence { _ in
                await running.increment()
                await neverEnding()
                await running.decrement()
              }
            )
          },
          state: 0
        )
        await store.send(1)
        stores.append(store)
        weakStores.append(WeakBox(store))
      }
      await running.wait(until: 2_000)
    }
    #expect(weakStores.allSatisfy { $0.value == nil })
    await running.wait(until: 0)
    #expect(await running.value == 0)
  }
}

final class WeakBox<Value: AnyObject & Sendable>: Sendable {
  weak let value: Value?
  init(_ value: Value) { self.value = value }
}
