import Clocks
import Testing

@testable import OneWay

/// Rule M2 for an optional child: `ifLet` runs the child only while its state is present and
/// cancels its effects when the state becomes `nil`.
@Suite struct CompositionIfLetTests {
  @Test func m2TheChildRunsOnlyWhileItsStateIsPresent() async {
    let store = Store(reducer: listReducer(), state: ListState())
    await store.send(.detail(.increment))
    #expect(await store.state.detail == nil)
    #expect(await store.state.log == ["detail increment count nil"])
    await store.send(.present(7))
    await store.send(.detail(.echo("x")))
    let state = await store.state
    #expect(state.detail?.echoed == ["x", "x!"])
    #expect(state.log.last == "detail echoed(\"x!\") count 0")
  }

  @Test func m2c2TheChildsEffectsAreCancelledWhenItsStateBecomesNil() async {
    let gate = Gate()
    let store = Store(reducer: listReducer(gate: gate), state: ListState())
    await store.send(.present(1))
    await store.send(.detail(.load))
    await store.send(.dismiss)
    await store.send(.present(2))
    await gate.open()
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state.detail == Row.State(id: 2))
    #expect(!state.log.contains { $0.contains("loaded") })
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m2t2ADismissedChildsPendingDebounceNeverFires() async {
    let clock = TestClock()
    let store = Store(reducer: listReducer(), state: ListState(), clock: clock)
    await store.send(.present(1))
    await store.send(.detail(.increment))
    await clock.advance(by: .milliseconds(100))
    await store.send(.dismiss)
    await clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(!(await store.state.log.contains { $0.contains("saved") }))
  }

  @Test func m2c2AChildDismissedInResponseToItsOwnActionDropsTheEffectsThatActionStarted() async {
    let store = Store(reducer: listReducer(), state: ListState())
    await store.send(.present(1))
    await store.send(.removeOn(.echo("close")))
    await store.send(.detail(.echo("close")))
    let state = await store.state
    #expect(state.detail == nil)
    #expect(state.log == ["detail echo(\"close\") count 0"])
    await store.waitUntilIdle()
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m2ThePresentChildsEffectsKeepRunningWhileItStays() async {
    let gate = Gate()
    let store = Store(reducer: listReducer(gate: gate), state: ListState())
    await store.send(.present(1))
    await store.send(.detail(.load))
    await store.send(.detail(.echo("still here")))
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.detail?.loaded == ["row 1"])
  }
}
