import Clocks
import OneWay
import Testing

@testable import OneWayTesting

/// Rule M3 with the testing module: a child feature is tested alone with `TestStore`, as before
/// child stores existed, and `expect` (X1) on a child store waits for its root.
@Suite("TestStore and expect with child stores (M3)")
struct StoreScopeTestStoreTests {
  enum AppAction: Sendable, Equatable {
    case counter(Counter.Action)
    case other
  }

  struct AppState: Sendable, Equatable {
    var counter = Counter.State()
    var others = 0
  }

  struct AppCore: Reducer {
    func reduce(state: inout AppState, action: AppAction) -> AnyEffect<AppAction> {
      if case .other = action { state.others += 1 }
      return .none
    }
  }

  static func app() -> Scope<AppCore, Counter> {
    AppCore().scope(
      state: \.counter,
      action: AppAction.counter,
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    ) {
      Counter()
    }
  }

  @Test func m3AChildFeatureIsTestedAloneWithTestStore() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.increment) { $0.count = 1 }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func m3X1ExpectOnAChildStoreWaitsForTheEffectsInItsRoot() async {
    let parent = Store(reducer: Self.app(), state: AppState())
    let child: Store<Counter, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    await child.send(.increment)
    await child.send(.incrementTwiceLater)
    await child.expect(\.count, 3)
    await child.send(.fetch)
    await child.expect(\.text, "ok")
    await parent.expect(\.counter.text, "ok")
  }

  @MainActor
  @Test func m3X1ExpectOnAChildViewStoreWaitsForTheTestClock() async {
    let clock = TestClock()
    let parent = ViewStore(reducer: Self.app(), state: AppState(), clock: clock)
    let child: ViewStore<Counter, TestClock<Duration>> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    child.send(.debouncedIncrement)
    async let advanced: Void = clock.advance(by: .milliseconds(301))
    await child.expect(\.count, 1, timeout: 30)
    await advanced
    #expect(parent.state.counter.count == 1)
  }
}
