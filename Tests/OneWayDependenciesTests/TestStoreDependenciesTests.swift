#if Dependencies
import Clocks
import Dependencies
import OneWay
import OneWayTesting
import Testing

/// K4: in a `TestStore`, dependencies default to their test values, a dependency without
/// one fails the test and names it (I1), and test stores never see each other's values.
@Suite("Dependencies: test stores (K4)")
struct TestStoreDependenciesTests {
  @Test func K4_aTestStoreUsesTestValuesByDefault() async {
    let store = TestStore(reducer: Reader(), state: Reader.State()) { _ in }
    await store.send(.read) { $0.seen = ["reduce test"] }
    await store.send(.single)
    await store.receive(.got("single test")) { $0.seen.append("single test") }
    await store.finish()
  }

  @Test func K4_aDependencyWithoutATestValueFailsTheTestAndNamesIt() async {
    let store = TestStore(reducer: Reader(), state: Reader.State()) { _ in }
    await withKnownIssue {
      await store.send(.usesLiveOnly) { $0.seen = ["live only"] }
    } matching: { issue in
      String(describing: issue).contains("LiveOnlyClient")
    }
  }

  @Test(arguments: 0..<40)
  func K4_testStoresInParallelTestsKeepTheirOwnValues(run: Int) async {
    let store = TestStore(reducer: Reader(), state: Reader.State()) {
      $0.label = .named("run \(run)")
    }
    await store.send(.read) { $0.seen = ["reduce run \(run)"] }
    await store.send(.single)
    await store.receive(.got("single run \(run)")) { $0.seen.append("single run \(run)") }
    await store.finish()
  }

  @Test func theStoresClockIsTheClockDependency() async {
    struct Sleeper: Reducer {
      struct State: Equatable, Sendable { var woke = false }
      enum Action: Equatable, Sendable { case sleep, woke }
      func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
        switch action {
        case .sleep:
          return .single {
            @Dependency(\.continuousClock) var clock
            try? await clock.sleep(for: .seconds(1))
            return .woke
          }
        case .woke:
          state.woke = true
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(reducer: Sleeper(), state: Sleeper.State(), clock: clock) { _ in }
    await store.send(.sleep)
    await clock.advance(by: .seconds(1))
    await store.receive(.woke) { $0.woke = true }
    await store.finish()
  }
}
#endif
