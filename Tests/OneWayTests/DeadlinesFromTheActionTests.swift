import Testing

@testable import OneWay

/// Rule E7's deadlines: taken from the store's clock when the action is reduced, so a task
/// that wakes late never stretches a debounce wait or a throttle window. A ``LaggingClock``
/// moves its time without waking the tasks that wait on it, as a loaded machine leaves them
/// asleep for a while after a test clock's advance.
@Suite struct DeadlinesFromTheActionTests {
  typealias LaggingStore = Store<ClosureReducer<StartOnTimeTests.Action, Log<String>>, LaggingClock>

  private func store(
    clock: LaggingClock,
    _ effect: @escaping @Sendable (Int) -> AnyEffect<StartOnTimeTests.Action>
  ) -> LaggingStore {
    Store(
      reducer: ClosureReducer<StartOnTimeTests.Action, Log<String>> { state, action in
        switch action {
        case .done(let entry):
          state.entries.append(entry)
          return .none
        case .tap(let value):
          return effect(value)
        case .start:
          return .none
        }
      },
      state: Log<String>(),
      clock: clock
    )
  }

  @Test func e7ADebounceWaitThatHasEndedIsNotCancelledByTheNextAction() async {
    // OneWay 3.0.0's `StoreTests/deboouncedSequence()` shape: the next debounced action comes
    // 10 s after the first one's wait ended, before its task has woken.
    await Load.run { _ in
      let clock = LaggingClock()
      let store = store(clock: clock) { value in
        .just(.done("\(value)")).debounce(id: "search", for: .seconds(100))
      }
      await store.send(.tap(1))
      clock.move(by: .seconds(110))
      await store.send(.tap(2))
      clock.wakeDue()
      clock.move(by: .seconds(100))
      clock.wakeDue()
      await store.waitUntilIdle()
      // Replaced by the second, the first wait would never have run its effect.
      #expect(await store.state.entries == ["1", "2"])
    }
  }

  @Test func e7ADebounceWaitStillRunningIsReplacedByTheNextAction() async {
    await Load.run { _ in
      let clock = LaggingClock()
      let store = store(clock: clock) { value in
        .just(.done("\(value)")).debounce(id: "search", for: .seconds(100))
      }
      await store.send(.tap(1))
      clock.move(by: .seconds(99))
      await store.send(.tap(2))
      clock.move(by: .seconds(100))
      clock.wakeDue()
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["2"])
    }
  }

  @Test func e7AThrottleWindowThatHasEndedAdmitsTheNextActionBeforeItsTimerWakes() async {
    // Five taps into a 1 s window, the clock 2 s on, the timer not woken yet: a tap runs.
    await Load.run { _ in
      let clock = LaggingClock()
      let store = store(clock: clock) { value in
        .just(.done("\(value)")).throttle(id: "tap", for: .seconds(1))
      }
      for value in 1...5 { await store.send(.tap(value)) }
      clock.move(by: .seconds(2))
      await store.send(.tap(6))
      #expect(await store.state.entries == ["1", "6"])
      clock.move(by: .seconds(1))
      clock.wakeDue()
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["1", "6"])
    }
  }

  @Test func e7AnEndedWindowsTrailingRunGoesFirstAndOpensTheNextWindowWhereItEnded() async {
    await Load.run { _ in
      let clock = LaggingClock()
      let store = store(clock: clock) { value in
        .just(.done("\(value)")).throttle(id: "tap", for: .seconds(1), latest: true)
      }
      await store.send(.tap(1))
      await store.send(.tap(2))
      // At 1.5 s: the first window ended at 1 s with "2" pending, which ran then and opened a
      // window until 2 s, so "3" waits for that window's end.
      clock.move(by: .milliseconds(1_500))
      await store.send(.tap(3))
      #expect(await store.state.entries == ["1", "2"])
      clock.move(by: .milliseconds(500))
      clock.wakeDue()
      clock.move(by: .seconds(1))
      clock.wakeDue()
      await store.waitUntilIdle()
      // Had the first window stayed open, "3" would have replaced "2" as its trailing run.
      #expect(await store.state.entries == ["1", "2", "3"])
    }
  }
}
