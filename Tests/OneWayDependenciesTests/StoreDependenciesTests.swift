#if Dependencies
import Clocks
import Dependencies
import OneWay
import OneWayTesting
import Testing

@testable import OneWayDependencies

/// K1: a store captures the dependencies in force where it is made; every reduce and effect
/// of the store, and of its child stores, runs with them, whoever sends.
@Suite("Dependencies: stores capture them (K1)")
struct StoreDependenciesTests {
  @Test func K1_aStoreMadeInsideWithDependenciesKeepsThemWhoeverSends() async {
    let store = withDependencies {
      $0.label = .named("store")
    } operation: {
      Store(reducer: Reader(), state: Reader.State())
    }
    // Sent from a task whose own values differ, and from a detached task.
    await withDependencies {
      $0.label = .named("sender")
    } operation: {
      await store.send(.read)
      await store.send(.single)
    }
    await Task.detached { await store.send(.read) }.value
    await store.expect(\.seen.count, 3)
    #expect(await store.state.seen.sorted() == ["reduce store", "reduce store", "single store"])
  }

  @Test func K1_theStoresOwnWithDependenciesArgument() async {
    let store = Store(reducer: Reader(), state: Reader.State()) {
      $0.label = .named("argument")
    }
    await store.send(.read)
    await store.send(.single)
    await store.expect(\.seen.count, 2)
    #expect(await store.state.seen.sorted() == ["reduce argument", "single argument"])
  }

  @MainActor @Test func K1_aViewStoreOnTheMainActor() async {
    let store = ViewStore(reducer: Reader(), state: Reader.State()) {
      $0.label = .named("view store")
    }
    store.send(.read)
    store.send(.single)
    await store.expect(\.seen.count, 2)
    #expect(store.state.seen.sorted() == ["reduce view store", "single view store"])
  }

  @Test func K1_aChildStoreReducesAndRunsEffectsWithItsRootsValues() async {
    let root = Store(reducer: Parent(), state: Parent.State()) {
      $0.label = .named("root")
    }
    let child: Store<Reader, ContinuousClock> = await root.scope(
      state: \.sibling,
      action: Parent.Action.sibling
    )
    await withDependencies {
      $0.label = .named("sender")
    } operation: {
      await child.send(.read)
      await child.send(.single)
    }
    await child.expect(\.seen.count, 2)
    #expect(await child.state.seen.sorted() == ["reduce root", "single root"])
  }

  @Test func K1_theReducerIsMadeWithTheValues() async {
    // A reducer reads a dependency into a stored property when it is made: made inside the
    // store's initialiser, with the store's values.
    struct Made: Reducer {
      struct State: Equatable, Sendable { var made = "" }
      enum Action: Equatable, Sendable { case show }
      let madeWith = labelInForce()
      func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
        state.made = madeWith
        return .none
      }
    }
    let store = Store(reducer: Made(), state: Made.State()) { $0.label = .named("made") }
    await store.send(.show)
    #expect(await store.state.made == "made")
  }
}
#endif
