import Testing

@testable import OneWay

/// Reducer modifiers in the role of middleware: `filter`, `willReduce`, `didReduce`,
/// `onChange`.
@Suite struct CompositionObservingTests {
  /// Appends each action; `"echo x"` emits `"x"` synchronously.
  private func core() -> ClosureReducer<String, Log<String>> {
    ClosureReducer { state, action in
      state.entries.append(action)
      if action.hasPrefix("echo ") { return .just(String(action.dropFirst(5))) }
      return .none
    }
  }

  @Test func filterDropsActionsBeforeTheyAreReduced() async {
    let store = Store(
      reducer: core().filter { state, action in
        !action.hasPrefix("secret") && state.entries.count < 4
      },
      state: Log<String>()
    )
    await store.send("a")
    await store.send("secret")
    await store.send("echo secret b")  // reduced, but its echo is dropped
    await store.send("echo c")
    await store.send("d")  // four entries already
    #expect(await store.state.entries == ["a", "echo secret b", "echo c", "c"])
  }

  @Test func willReduceSeesEachActionWithTheStateBeforeAndItsEffectComesFirst() async {
    let store = Store(
      reducer: core().willReduce { action, state in
        action.hasPrefix("echo ") ? .just("before \(state.entries.count)") : .none
      },
      state: Log<String>()
    )
    await store.send("echo x")
    #expect(await store.state.entries == ["echo x", "before 0", "x"])
  }

  @Test func didReduceSeesEachActionWithTheOldAndTheNewStateAndItsEffectComesAfter() async {
    let seen = Locked<[String]>([])
    let store = Store(
      reducer: core().didReduce { action, oldState, newState in
        seen.withLock {
          $0.append("\(action): \(oldState.entries.count) -> \(newState.entries.count)")
        }
        return action.hasPrefix("echo ") ? .just("after") : .none
      },
      state: Log<String>()
    )
    await store.send("echo x")
    #expect(await store.state.entries == ["echo x", "x", "after"])
    #expect(seen.withLock { $0 } == ["echo x: 0 -> 1", "x: 1 -> 2", "after: 2 -> 3"])
  }

  @Test func onChangeRunsOnlyWhenTheValueChanged() async {
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        if action != "same" { state.entries.append(action) }
        return .none
      }
      .onChange(of: \.entries.count) { oldValue, newValue in
        newValue > 3 ? .none : .just("changed \(oldValue) -> \(newValue)")
      },
      state: Log<String>()
    )
    await store.send("same")
    #expect(await store.state.entries == [])
    await store.send("a")
    #expect(
      await store.state.entries == ["a", "changed 0 -> 1", "changed 1 -> 2", "changed 2 -> 3"]
    )
  }

  @Test func modifiersApplyFromTheOutsideIn() async {
    let order = Locked<[String]>([])
    let store = Store(
      reducer: core()
        .filter { _, action in action != "dropped" }
        .willReduce { action, _ in
          order.withLock { $0.append("inner \(action)") }
          return .none
        }
        .willReduce { action, _ in
          order.withLock { $0.append("outer \(action)") }
          return .none
        },
      state: Log<String>()
    )
    await store.send("dropped")
    await store.send("kept")
    #expect(
      order.withLock { $0 } == ["outer dropped", "inner dropped", "outer kept", "inner kept"]
    )
    #expect(await store.state.entries == ["kept"])
  }
}
