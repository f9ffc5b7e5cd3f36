import Clocks
import Testing

@testable import OneWay

/// Rules T1–T3: debounce and throttle on the store's clock.
@Suite struct TimeTests {
  enum Action: Sendable, Equatable {
    case search(String)
    case tap(Int)
    case result(String)
    case tapped(Int)
  }

  private func store(
    clock: TestClock<Duration>,
    latest: Bool = false,
    effectClock: TestClock<Duration>? = nil
  ) -> Store<ClosureReducer<Action, Log<String>>, TestClock<Duration>> {
    Store(
      reducer: ClosureReducer<Action, Log<String>> { state, action in
        switch action {
        case .search(let query):
          let effect = AnyEffect<Action>.single { .result(query) }
          if let effectClock {
            return effect.debounce(id: "search", for: .milliseconds(300), clock: effectClock)
          }
          return effect.debounce(id: "search", for: .milliseconds(300))
        case .tap(let value):
          return .just(.tapped(value)).throttle(id: "tap", for: .seconds(1), latest: latest)
        case .result(let query):
          state.entries.append(query)
        case .tapped(let value):
          state.entries.append("tap \(value)")
        }
        return .none
      },
      state: Log<String>(),
      clock: clock
    )
  }

  @Test func t1TheDefaultClockIsContinuous() {
    let store = Store(reducer: CountingReducer(), state: CountingReducer.State(number: 0))
    let _: Store<CountingReducer, ContinuousClock> = store
    #expect(store.initialState.number == 0)
  }

  @Test func t1DebounceWaitsOnTheStoresClockOnly() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let clock = TestClock()
      let store = store(clock: clock)
      await store.send(.search("a"))
      #expect(await store.isIdle == false)
      await clock.advance(by: .milliseconds(301))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["a"])
    }
  }

  @Test func t1ACallThatNamesAClockWaitsOnThatClock() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let storeClock = TestClock()
      let effectClock = TestClock()
      let store = store(clock: storeClock, effectClock: effectClock)
      await store.send(.search("a"))
      await storeClock.advance(by: .seconds(10))
      #expect(await store.state.entries == [])
      #expect(await store.isIdle == false)
      await effectClock.advance(by: .milliseconds(301))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["a"])
    }
  }

  @Test func t2EachNewDebouncedEffectRestartsTheWait() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let clock = TestClock()
      let store = store(clock: clock)
      await store.send(.search("s"))
      await clock.advance(by: .milliseconds(200))
      await store.send(.search("sw"))
      await clock.advance(by: .milliseconds(200))
      await store.send(.search("swi"))
      await clock.advance(by: .milliseconds(299))
      #expect(await store.state.entries == [])
      await clock.advance(by: .milliseconds(2))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["swi"])
    }
  }

  @Test func t2ANewDebouncedEffectCancelsTheOneAlreadyRunning() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let clock = TestClock()
      let gate = Gate()
      let started = Counter()
      let store = Store(
        reducer: ClosureReducer<Action, Log<String>> { state, action in
          switch action {
          case .search(let query):
            return .single {
              await started.increment()
              if query == "slow" { await gate.wait() }
              return .result(query)
            }
            .debounce(id: "search", for: .milliseconds(300))
          case .result(let query):
            state.entries.append(query)
          default:
            break
          }
          return .none
        },
        state: Log<String>(),
        clock: clock
      )
      await store.send(.search("slow"))
      await clock.advance(by: .milliseconds(301))
      await started.wait(until: 1)
      await store.send(.search("fast"))
      await gate.open()
      await clock.advance(by: .milliseconds(301))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["fast"])
    }
  }

  @Test func t3TheFirstEffectOfAWindowRunsAtOnceAndTheOthersAreDropped() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let clock = TestClock()
      let store = store(clock: clock)
      await store.send(.tap(1))
      #expect(await store.state.entries == ["tap 1"])
      await store.send(.tap(2))
      await store.send(.tap(3))
      #expect(await store.isIdle == false, "the window's timer is in flight")
      await clock.advance(by: .milliseconds(1_001))
      await store.waitUntilIdle()
      await store.send(.tap(4))
      #expect(await store.state.entries == ["tap 1", "tap 4"])
      await clock.advance(by: .milliseconds(1_001))
      await store.waitUntilIdle()
    }
  }

  @Test func t3LatestRunsTheMostRecentAtTheEndOfTheWindowAndOpensANewOne() async {
    // Under the stress harness (E7): rounds while other tasks keep the pool busy.
    await Load.run(rounds: 5) { _ in
      let clock = TestClock()
      let store = store(clock: clock, latest: true)
      var states = store.states.makeAsyncIterator()
      _ = await states.next()
      await store.send(.tap(1))
      await store.send(.tap(2))
      await store.send(.tap(3))
      #expect(await states.next()?.entries == ["tap 1"])
      await clock.advance(by: .milliseconds(1_001))
      // The trailing run of the window is the most recent effect.
      #expect(await states.next()?.entries == ["tap 1", "tap 3"])
      // It opened a new window: an effect sent now waits for that window's end.
      await store.send(.tap(4))
      #expect(await store.state.entries == ["tap 1", "tap 3"])
      // The new window started where the first one ended, at 1 s, so it ends at 2 s.
      await clock.advance(by: .milliseconds(998))
      #expect(await store.state.entries == ["tap 1", "tap 3"])
      await clock.advance(by: .milliseconds(2))
      #expect(await states.next()?.entries == ["tap 1", "tap 3", "tap 4"])
      await clock.advance(by: .milliseconds(1_001))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["tap 1", "tap 3", "tap 4"])
    }
  }

  @Test func t3PendingTrailingRunsKeepTheStoreBusyAndResetCancelsThem() async {
    let clock = TestClock()
    let store = store(clock: clock, latest: true)
    await store.send(.tap(1))
    await store.send(.tap(2))
    #expect(await store.isIdle == false)
    await store.reset()
    await clock.advance(by: .seconds(5))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["tap 1"])
  }

  /// A store whose taps are throttled under "t" and registered under "c".
  private func outerStore(
    clock: TestClock<Duration>,
    latest: Bool,
    cancelInFlight: Bool = false,
    nested: Counter? = nil
  ) -> Store<ClosureReducer<Action, Log<String>>, TestClock<Duration>> {
    Store(
      reducer: ClosureReducer<Action, Log<String>> { state, action in
        switch action {
        case .tap(let value):
          let throttled = AnyEffect<Action>.just(.tapped(value))
            .throttle(id: "t", for: .seconds(1), latest: latest)
          if let admitted = nested {
            // Inside a running effect; the last step tells the test the throttle has decided.
            return .concat(
              .sequence { _ in },
              throttled,
              .sequence { _ in await admitted.increment() }
            )
          }
          return throttled.cancellable("c", cancelInFlight: cancelInFlight)
        case .search:
          return .cancel("c")
        case .tapped(let value):
          state.entries.append("tap \(value)")
        default:
          break
        }
        return .none
      },
      state: Log<String>(),
      clock: clock
    )
  }

  @Test func e4t3CancellingAnOuterIdentifierClosesTheThrottleWindow() async {
    let clock = TestClock()
    let store = outerStore(clock: clock, latest: false)
    await store.send(.tap(1))
    await store.send(.search("cancel"))
    await store.waitUntilIdle()
    await store.send(.tap(2))
    #expect(await store.state.entries == ["tap 1", "tap 2"])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
  }

  @Test func e4t3CancelInFlightOfAnOuterIdentifierDropsTheWindowAndItsTrailingRun() async {
    let clock = TestClock()
    let store = outerStore(clock: clock, latest: true, cancelInFlight: true)
    await store.send(.tap(1))
    await store.send(.tap(2))
    // The second tap cancelled the first one's window (and its timer), then opened its own.
    #expect(await store.state.entries == ["tap 1", "tap 2"])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["tap 1", "tap 2"])
  }

  @Test func t3ANestedThrottleRunsItsTrailingEffectAfterItsParentFinished() async {
    let clock = TestClock()
    let admitted = Counter()
    let store = outerStore(clock: clock, latest: true, nested: admitted)
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    await store.send(.tap(1))
    #expect(await states.next()?.entries == ["tap 1"])
    await store.send(.tap(2))
    await admitted.wait(until: 2)
    await store.send(.tap(3))
    await admitted.wait(until: 3)
    await clock.advance(by: .milliseconds(1_001))
    #expect(await states.next()?.entries == ["tap 1", "tap 3"])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["tap 1", "tap 3"])
  }

  @Test func throttleWindowsAdmitOneRunPerWindow() {
    var windows = ThrottleWindows<String>()
    let id = AnyEffectID("tap")
    let timer = EffectToken(serial: 1, slot: 0)
    #expect(windows.admit(id, latest: true, run: "a") == .runNow)
    windows.open(id, timer: timer, end: Deadline(after: .seconds(1), on: TestClock()))
    #expect(windows.admit(id, latest: false, run: "b") == .dropped)
    #expect(windows.admit(id, latest: true, run: "c") == .deferred)
    #expect(windows.admit(id, latest: true, run: "d") == .deferred)
    #expect(windows.close(id, timer: EffectToken(serial: 2, slot: 0)) == nil)
    #expect(windows.close(id, timer: timer) == "d")
    #expect(windows.isEmpty)
  }

  @Test func aThrottleWindowLivesNoLongerThanItsTimer() {
    var windows = ThrottleWindows<String>()
    let id = AnyEffectID("tap")
    windows.open(
      id,
      timer: EffectToken(serial: 7, slot: 0),
      end: Deadline(after: .seconds(1), on: TestClock())
    )
    windows.close(timedBy: EffectToken(serial: 8, slot: 0))
    #expect(windows.admit(id, latest: false, run: "a") == .dropped)
    windows.close(timedBy: EffectToken(serial: 7, slot: 0))
    #expect(windows.admit(id, latest: false, run: "b") == .runNow)
  }
}
