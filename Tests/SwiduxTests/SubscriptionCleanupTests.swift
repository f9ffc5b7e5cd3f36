import Testing

@testable import OneWay
@testable import Swidux

/// What the engine behind a Swidux store keeps of ended subscriptions (S3, D2).
@Suite struct SubscriptionCleanupTests {
  struct Counter {
    var count = 0
  }

  struct Increment: Swidux.Action {}

  @Test func s3d2TheStoreKeepsNothingOfOneHundredThousandDroppedTokens() {
    let store = Swidux.Store(
      initialState: Counter(),
      reducer: Swidux.Reducer<Counter> { state, _ in state.count += 1 }
    )
    for _ in 0..<100_000 {
      _ = store.subscribe(\.count) { _ in }
    }
    store.dispatch(Increment())
    let kept = store.core.front.withEngine { $0.broadcaster?.subscribers.count ?? 0 }
    #expect(kept == 0)
  }
}
