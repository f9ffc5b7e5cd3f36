#if Dependencies
import Clocks
import Dependencies
import OneWay
import OneWayTesting
import Testing

/// K2: an effect runs with the dependencies in force when its action was reduced, whichever
/// task runs its work and however late. K3: a reducer modifier's change reaches the reducer,
/// its children and their effects, and nothing else.
@Suite("Dependencies: effects keep them, modifiers scope them (K2, K3)")
struct EffectDependenciesTests {
  /// A test store of `Reader` whose label is "store"; its sends are made from a task whose
  /// label differs.
  func readerStore(clock: TestClock<Duration>) -> TestStore<Reader, TestClock<Duration>> {
    TestStore(reducer: Reader(), state: Reader.State(), clock: clock) {
      $0.label = .named("store")
    }
  }

  func fromSender(_ body: () async -> Void) async {
    await withDependencies {
      $0.label = .named("sender")
    } operation: {
      await body()
    }
  }

  @Test func K2_everyKindOfEffectRunsWithTheStoresValues() async {
    let store = readerStore(clock: TestClock())
    await fromSender {
      await store.send(.single)
      await store.receive(.got("single store")) { $0.seen = ["single store"] }
      await store.send(.concat)
      await store.receive(.got("concat 1 store")) { $0.seen.append("concat 1 store") }
      await store.receive(.got("concat 2 store")) { $0.seen.append("concat 2 store") }
      await store.send(.merge)
      await store.receive(.got("merge store")) { $0.seen.append("merge store") }
      await store.send(.sequence)
      await store.receive(.got("sequence store")) { $0.seen.append("sequence store") }
      await store.send(.create)
      await store.receive(.got("create store")) { $0.seen.append("create store") }
      await store.send(.stream)
      await store.receive(.got("stream store")) { $0.seen.append("stream store") }
    }
    await store.finish()
  }

  @Test func K2_aDebouncedEffectRunsWithTheValuesOfItsReduceAfterTheDelay() async {
    let clock = TestClock()
    let store = readerStore(clock: clock)
    await fromSender { await store.send(.debounced) }
    // The clock is advanced from a task with other values again.
    await withDependencies {
      $0.label = .named("advancer")
    } operation: {
      await clock.advance(by: .milliseconds(300))
    }
    await store.receive(.got("debounced store")) { $0.seen = ["debounced store"] }
    await fromSender { await store.send(.throttled) }
    await store.receive(.got("throttled store")) { $0.seen.append("throttled store") }
    await clock.advance(by: .milliseconds(300))
    await store.finish()
  }

  @Test func K2_K3_aParentsOverrideReachesAChildsEffectAfterADebounce() async {
    let clock = TestClock()
    let store = TestStore(reducer: Parent(), state: Parent.State(), clock: clock) {
      $0.label = .named("root")
    }
    // One at a time: the two readers debounce under the same identifier.
    await store.send(.overridden(.debounced))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.overridden(.got("debounced override"))) {
      $0.overridden.seen = ["debounced override"]
    }
    await store.send(.sibling(.debounced))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.sibling(.got("debounced root"))) {
      $0.sibling.seen = ["debounced root"]
    }
    await store.finish()
  }

  @Test func K2_aChildStoresDebouncedEffect() async {
    let clock = TestClock()
    let root = Store(reducer: Parent(), state: Parent.State(), clock: clock) {
      $0.label = .named("root")
    }
    let child: Store<Reader, TestClock<Duration>> = await root.scope(
      state: \.overridden,
      action: Parent.Action.overridden
    )
    await fromSender { await child.send(.debounced) }
    await clock.advance(by: .milliseconds(300))
    await child.expect(\.seen, ["debounced override"])
  }

  @Test func K3_anOverrideReachesTheReducerAndItsEffectsButNotItsSiblingOrParent() async {
    let store = TestStore(reducer: Parent(), state: Parent.State()) {
      $0.label = .named("root")
    }
    await store.send(.overridden(.read)) { $0.overridden.seen = ["reduce override"] }
    await store.send(.sibling(.read)) { $0.sibling.seen = ["reduce root"] }
    await store.send(.read) { $0.seen = ["parent root"] }
    await store.send(.overridden(.single))
    await store.receive(.overridden(.got("single override"))) {
      $0.overridden.seen.append("single override")
    }
    await store.send(.sibling(.single))
    await store.receive(.sibling(.got("single root"))) {
      $0.sibling.seen.append("single root")
    }
    await store.finish()
  }

  @Test func K3_transformDependencyChangesTheValueInForce() async {
    let reader = Reader().transformDependency(\.label) { label in
      let name = label.name()
      label = .named("\(name), transformed")
    }
    let store = TestStore(reducer: reader, state: Reader.State()) {
      $0.label = .named("store")
    }
    await store.send(.read) { $0.seen = ["reduce store, transformed"] }
    await store.send(.single)
    await store.receive(.got("single store, transformed")) {
      $0.seen.append("single store, transformed")
    }
    await store.finish()
  }
}
#endif
