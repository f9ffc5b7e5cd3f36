import Clocks
import OneWayTesting
import Testing

@testable import OneWay

/// Rule E7: when `send` returns, every effect it started has run up to its first suspension,
/// and debounce and throttle deadlines are taken when the action is reduced. Every test runs
/// under the stress harness (``Load``): what it checks right after a `send` holds however late
/// the cooperative pool would have run a task it merely enqueued.
@Suite struct StartOnTimeTests {
  enum Action: Sendable, Equatable {
    case start
    case tap(Int)
    case done(String)
  }

  typealias TimedStore = Store<ClosureReducer<Action, Log<String>>, CountingClock>

  private func store(
    clock: CountingClock,
    _ effect: @escaping @Sendable (Action) -> AnyEffect<Action>
  ) -> TimedStore {
    Store(
      reducer: ClosureReducer<Action, Log<String>> { state, action in
        if case .done(let entry) = action {
          state.entries.append(entry)
          return .none
        }
        return effect(action)
      },
      state: Log<String>(),
      clock: clock
    )
  }

  /// Sends `.start`, checks that `sleeps` sleeps have begun at once, then advances the clock
  /// past them and checks what the store reduced.
  private func expectStartedOnTime(
    sleeps: Int,
    advance: Duration = .seconds(201),
    entries: [String],
    inAnyOrder: Bool = false,
    _ effect: @escaping @Sendable (CountingClock) -> AnyEffect<Action>
  ) async {
    await Load.run { _ in
      let clock = CountingClock()
      let store = store(clock: clock) { _ in effect(clock) }
      await store.send(.start)
      // Checked before anything else runs: a missing sleep would never wake.
      guard clock.sleepsBegun == sleeps else {
        Issue.record("\(clock.sleepsBegun) sleeps had begun when send returned, not \(sleeps)")
        return
      }
      await Load.jitter()
      await clock.advance(by: advance)
      await store.waitUntilIdle()
      // Tasks woken by one advance reach the store in any order.
      let reduced = await store.state.entries
      #expect(inAnyOrder ? reduced.sorted() == entries.sorted() : reduced == entries)
    }
  }

  @Test func e7ASingleThatBeginsWithASleepHasRegisteredItWhenSendReturns() async {
    // OneWay 3.0.0's `StoreTests/cancel()` shape: a 200 s sleep, then one 201 s advance.
    await expectStartedOnTime(sleeps: 1, entries: ["Success"]) { clock in
      .single {
        try? await clock.sleep(for: .seconds(200))
        return .done("Success")
      }
    }
  }

  @Test func e7ASequenceThatBeginsWithASleepHasRegisteredItWhenSendReturns() async {
    await expectStartedOnTime(sleeps: 1, entries: ["a", "b"]) { clock in
      .sequence { send in
        try? await clock.sleep(for: .seconds(200))
        send(.done("a"))
        send(.done("b"))
      }
    }
  }

  @Test func e7ACreateHasRunItsBuilderWhenSendReturns() async {
    await Load.run { _ in
      let built = Locked(0)
      let store = store(clock: CountingClock()) { _ in
        .create { continuation in
          built.withLock { $0 += 1 }
          continuation.yield(.done("built"))
          continuation.finish()
        }
      }
      await store.send(.start)
      #expect(built.current == 1)
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["built"])
    }
  }

  @Test func e7TheFirstMemberOfAConcatHasStartedWhenSendReturns() async {
    await expectStartedOnTime(sleeps: 1, advance: .seconds(1), entries: ["first", "second"]) {
      clock in
      .concat(
        .single {
          try? await clock.sleep(for: .seconds(1))
          return .done("first")
        },
        .just(.done("second"))
      )
    }
  }

  @Test func e7EveryMemberOfAMergeHasStartedWhenSendReturns() async {
    await expectStartedOnTime(
      sleeps: 2,
      advance: .seconds(2),
      entries: ["fast", "slow"],
      inAnyOrder: true
    ) {
      clock in
      .merge(
        .single {
          try? await clock.sleep(for: .seconds(2))
          return .done("slow")
        },
        .single {
          try? await clock.sleep(for: .seconds(1))
          return .done("fast")
        }
      )
    }
  }

  @Test func e7AMergeThatBeginsAConcatHasStartedEveryMemberWhenSendReturns() async {
    // OneWay 3.0.0's `EffectTests/concatIncludingMerge()` shape, in a store.
    await expectStartedOnTime(
      sleeps: 2,
      advance: .seconds(2),
      entries: ["1", "2", "3"],
      inAnyOrder: true
    ) {
      clock in
      .concat(
        .merge(
          .single {
            try? await clock.sleep(for: .seconds(2))
            return .done("2")
          },
          .single {
            try? await clock.sleep(for: .seconds(1))
            return .done("1")
          }
        ),
        .just(.done("3"))
      )
    }
  }

  @Test func e7ADebounceWaitIsMeasuredFromTheActionAndHasBegunWhenSendReturns() async {
    await Load.run { _ in
      let clock = CountingClock()
      let store = store(clock: clock) { action in
        guard case .tap(let value) = action else { return .none }
        return .just(.done("\(value)")).debounce(id: "search", for: .milliseconds(300))
      }
      await store.send(.tap(1))
      #expect(clock.sleepsBegun == 1)
      await clock.advance(by: .milliseconds(200))
      await store.send(.tap(2))
      await Load.jitter()
      await clock.advance(by: .milliseconds(299))
      #expect(await store.state.entries == [])
      await clock.advance(by: .milliseconds(1))
      await store.waitUntilIdle()
      #expect(await store.state.entries == ["2"])
    }
  }

  @Test func e7AThrottleWindowIsMeasuredFromTheActionSoALateTimerNeverStretchesIt() async {
    // Five taps into a 1 s window, a 2 s advance, then a tap: it opens a new window and runs.
    await Load.run { _ in
      let clock = CountingClock()
      let store = store(clock: clock) { action in
        guard case .tap(let value) = action else { return .none }
        return .just(.done("\(value)")).throttle(id: "tap", for: .seconds(1))
      }
      for value in 1...5 { await store.send(.tap(value)) }
      #expect(clock.sleepsBegun == 1)
      await Load.jitter()
      await clock.advance(by: .seconds(2))
      await store.waitUntilIdle()
      await store.send(.tap(6))
      #expect(await store.state.entries == ["1", "6"])
      await clock.advance(by: .seconds(1))
      await store.waitUntilIdle()
    }
  }

  @Test func e7AThrottlesTrailingRunHasItsWindowOpenedWhereThePreviousEnded() async {
    await Load.run { _ in
      let clock = CountingClock()
      let store = store(clock: clock) { action in
        guard case .tap(let value) = action else { return .none }
        return .just(.done("\(value)")).throttle(id: "tap", for: .seconds(1), latest: true)
      }
      await store.send(.tap(1))
      await store.send(.tap(2))
      await clock.advance(by: .seconds(1))
      // The trailing run keeps a window open, so the store stays busy: wait for the run only.
      await waitUntil("the trailing run") { await store.state.entries.count >= 2 }
      #expect(await store.state.entries == ["1", "2"])
      // The trailing run opened a window from 1 s to 2 s: a tap at 1.5 s waits for its end.
      await clock.advance(by: .milliseconds(500))
      await store.send(.tap(3))
      #expect(await store.state.entries == ["1", "2"])
      await clock.advance(by: .milliseconds(500))
      await waitUntil("the third run") { await store.state.entries.count >= 3 }
      #expect(await store.state.entries == ["1", "2", "3"])
      await clock.advance(by: .seconds(1))
      await store.waitUntilIdle()
    }
  }

  @Test func e7AChildStoresEffectHasStartedWhenItsSendReturns() async {
    await Load.run { _ in
      let clock = CountingClock()
      let root = Store(
        reducer: ClosureReducer<Action, Log<String>> { state, action in
          switch action {
          case .start:
            return .single {
              try? await clock.sleep(for: .seconds(200))
              return .done("child")
            }
          case .done(let entry):
            state.entries.append(entry)
          case .tap:
            break
          }
          return .none
        },
        state: Log<String>(),
        clock: clock
      )
      let child: Store<ClosureReducer<Action, Log<String>>, CountingClock> = await root.scope(
        state: \.self,
        action: { $0 }
      )
      await child.send(.start)
      guard clock.sleepsBegun == 1 else {
        Issue.record("the child's effect had not begun its sleep when send returned")
        return
      }
      await clock.advance(by: .seconds(201))
      await root.waitUntilIdle()
      #expect(await child.state.entries == ["child"])
    }
  }

  @MainActor
  @Test func e7AViewStoresEffectHasStartedWhenSendReturns() async {
    await Load.run { _ in
      let clock = CountingClock()
      let store = ViewStore(
        reducer: ClosureReducer<Action, Log<String>> { state, action in
          if case .done(let entry) = action {
            state.entries.append(entry)
            return .none
          }
          return .single {
            try? await clock.sleep(for: .seconds(200))
            return .done("view")
          }
        },
        state: Log<String>(),
        clock: clock
      )
      store.send(.start)
      guard clock.sleepsBegun == 1 else {
        Issue.record("the view store's effect had not begun its sleep when send returned")
        return
      }
      await clock.advance(by: .seconds(201))
      await store.waitUntilIdle()
      #expect(store.state.entries == ["view"])
    }
  }

  @Test func e7AnEffectsValuesHaveStartedWhenValuesReturns() async {
    // OneWay 3.0.0's `EffectTests/concatIncludingMerge()` shape, outside any store.
    await Load.run { _ in
      let clock = CountingClock()
      let effect = AnyEffect<Int>.concat(
        .merge(
          .single {
            try? await clock.sleep(for: .seconds(2))
            return 2
          },
          .single {
            try? await clock.sleep(for: .seconds(1))
            return 1
          }
        ),
        .just(3)
      )
      let values = effect.values
      guard clock.sleepsBegun == 2 else {
        Issue.record("\(clock.sleepsBegun) sleeps had begun when values returned, not 2")
        return
      }
      await clock.advance(by: .seconds(2))
      var received: [Int] = []
      for await value in values { received.append(value) }
      // Both members wake with one advance, and emit in either order; the concat's last after.
      #expect(received.sorted() == [1, 2, 3])
      #expect(received.last == 3)
    }
  }
}
