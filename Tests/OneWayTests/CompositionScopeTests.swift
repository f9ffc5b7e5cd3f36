import Testing

@testable import OneWay

/// Rules M1–M2 for embedding a child at a key path (`Scope`, `.scope`) and for running
/// reducers side by side (`CombineReducers`).
@Suite struct CompositionScopeTests {
  enum AppAction: Sendable, Equatable {
    case counter(CountingReducer.Action)
    case other(String)
  }

  struct AppState: Sendable, Equatable {
    var counter = CountingReducer.State(number: 0)
    var log: [String] = []
  }

  static let extractCounter: @Sendable (AppAction) -> CountingReducer.Action? = {
    if case .counter(let action) = $0 { action } else { nil }
  }

  /// Logs every action with the counter's number as the parent sees it.
  static func appCore() -> ClosureReducer<AppAction, AppState> {
    ClosureReducer { state, action in
      state.log.append("\(action) \(state.counter.number)")
      return .none
    }
  }

  @Test func m2ScopeRunsTheChildOnItsStateThenTheParent() async {
    let store = Store(
      reducer: Self.appCore().scope(
        state: \.counter,
        action: AppAction.counter,
        extract: Self.extractCounter
      ) {
        CountingReducer()
      },
      state: AppState()
    )
    await store.send(.counter(.increment))
    await store.send(.other("x"))
    let state = await store.state
    #expect(state.counter.number == 1)
    #expect(
      state.log == ["counter(OneWayTests.CountingReducer.Action.increment) 1", "other(\"x\") 1"]
    )
  }

  @Test func m2a2TheSeedsTwiceThroughAScopeIsReducedWithinTheSameSend() async {
    let store = Store(
      reducer: CombineReducers(
        Scope(state: \AppState.counter, action: AppAction.counter, extract: Self.extractCounter) {
          CountingReducer()
        },
        Self.appCore()
      ),
      state: AppState()
    )
    await store.send(.counter(.twice))
    let state = await store.state
    #expect(state.counter == CountingReducer.State(number: 2, isLoading: false))
    #expect(state.log.count == 5)  // twice, setIsLoading, increment, increment, setIsLoading
    #expect(await store.isIdle)
  }

  @Test func m2ScopeAsAValueAndAsAModifierReduceAlike() async {
    let asValue = Store(
      reducer: CombineReducers(
        Scope(state: \AppState.counter, action: AppAction.counter, extract: Self.extractCounter) {
          CountingReducer()
        },
        Self.appCore()
      ),
      state: AppState()
    )
    let asModifier = Store(
      reducer: Self.appCore().scope(
        state: \.counter,
        action: AppAction.counter,
        extract: Self.extractCounter
      ) {
        CountingReducer()
      },
      state: AppState()
    )
    for action: AppAction in [.counter(.twice), .other("a"), .counter(.decrement)] {
      await asValue.send(action)
      await asModifier.send(action)
    }
    #expect(await asValue.state == asModifier.state)
  }

  @Test func m2l1AScopedChildsBindStartsWithTheParentStore() async {
    let child = ClosureReducer<String, Log<String>>(bind: { .just("bound") }) { state, action in
      state.entries.append(action)
      return .none
    }
    let store = Store(
      reducer: ClosureReducer<AppAction, Log<String>>(bind: { .just(.other("parent bound")) }) {
        state,
        action in
        if case .other(let text) = action { state.entries.append(text) }
        return .none
      }
      .scope(
        state: \.self,
        action: { AppAction.other("child: " + $0) },
        extract: { _ in nil }
      ) {
        child
      },
      state: Log<String>()
    )
    await store.send(.other("first"))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["child: bound", "parent bound", "first"])
  }

  @Test func m2c1TheParentCancelsAScopedChildsEffectByItsIdentifier() async {
    let gate = Gate()
    let store = Store(
      reducer: ClosureReducer<ListAction, ListState> { _, action in
        action == .dismiss ? .cancel("load") : .none
      }
      .scope(
        state: \.detail,
        action: ListAction.detail,
        extract: { if case .detail(let action) = $0 { action } else { nil } }
      ) {
        // The optional is embedded as a plain state: the cancel here is the parent's own.
        ClosureReducer<Row.Action, Row.State?> { state, action in
          Row(gate: gate).reduce(state: &state!, action: action)
        }
      },
      state: ListState(detail: Row.State(id: 1))
    )
    await store.send(.detail(.load))
    await store.send(.dismiss)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.detail?.loaded == [])
  }

  @Test func m2AChildIsReachedInPlaceThroughAnyWritableKeyPath() async {
    // Stored (nested) paths are reached at their offset; a computed path through the key path.
    struct Nested: Sendable, Equatable {
      var app = AppState()
      var computed: CountingReducer.State {
        get { app.counter }
        set { app.counter = newValue }
      }
    }
    struct Empty: Sendable, Equatable {}
    #expect(StateProjection(\Nested.app.counter).offset != nil)
    #expect(StateProjection(\Nested.computed).offset == nil)
    #expect(StateProjection(\Empty.self).offset == nil)
    for path in [\Nested.app.counter, \Nested.computed] as [WritableKeyPath<Nested, _> & Sendable] {
      let store = Store(
        reducer: Scope(state: path, action: AppAction.counter, extract: Self.extractCounter) {
          CountingReducer()
        },
        state: Nested()
      )
      await store.send(.counter(.twice))
      #expect(await store.state.app.counter.number == 2)
    }
    var empty = Empty()
    let effect = Scope(state: \Empty.self, action: { $0 }, extract: { $0 }) {
      ClosureReducer<String, Empty> { _, action in .just(action + "!") }
    }
    .reduce(state: &empty, action: "x")
    #expect(outline(effect) == ["just x!"])
  }

  @Test func m1HandWrittenCompositionWithMapKeepsTheChildsEffects() async {
    let store = Store(
      reducer: ClosureReducer<AppAction, AppState> { state, action in
        switch action {
        case .counter(let action):
          return CountingReducer().reduce(state: &state.counter, action: action)
            .map(AppAction.counter)
        case .other:
          return .none
        }
      },
      state: AppState()
    )
    await store.send(.counter(.twice))
    #expect(await store.state.counter.number == 2)
  }

  // MARK: - Five levels

  @Test func m2a2AFiveLevelDeepComposedSendReducesSynchronouslyInOneSend() async {
    let store = Store(reducer: fiveLevels(), state: fiveLevelState())
    await store.send(fiveLevelTap)
    let state = await store.state
    #expect(leaf(of: state).entries == [1, 2, 3])
    #expect(seenCounts(of: state) == [4, 4, 4, 4, 4])
    #expect(await store.isIdle)
  }

  @MainActor
  @Test func m2a4AFiveLevelDeepComposedSendThroughAViewStoreIsSeenOnTheNextLine() {
    let store = ViewStore(reducer: fiveLevels(), state: fiveLevelState())
    store.send(fiveLevelTap)
    #expect(leaf(of: store.state).entries == [1, 2, 3])
    #expect(seenCounts(of: store.state) == [4, 4, 4, 4, 4])
  }

  // MARK: - CombineReducers

  @Test func combineReducersRunInOrderOnTheSameStateAndMergeTheirEffectsInOrder() async {
    @Sendable func step(_ name: String) -> ClosureReducer<String, Log<String>> {
      ClosureReducer { state, action in
        state.entries.append("\(name) \(action) after \(state.entries.count)")
        return action == "go" ? .just("\(name) echo") : .none
      }
    }
    let store = Store(
      reducer: CombineReducers(step("a"), EmptyReducer(), step("b")),
      state: Log<String>()
    )
    await store.send("go")
    #expect(
      await store.state.entries == [
        "a go after 0", "b go after 1",
        "a a echo after 2", "b a echo after 3",
        "a b echo after 4", "b b echo after 5",
      ]
    )
  }

  @Test func combineReducersMergeTheirBindsInOrder() async {
    let reducers: [any Reducer<String, Log<String>>] = ["x", "y"].map { name in
      ClosureReducer<String, Log<String>>(bind: { .just("bound \(name)") }) { state, action in
        if action.hasSuffix(name) { state.entries.append(action) }
        return .none
      }
    }
    let store = Store(reducer: CombineReducers(reducers), state: Log<String>())
    await store.send("")
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["bound x", "bound y"])
  }

  @Test func a7CombineReducersOfNoEffectReturnNone() {
    var state = Log<String>()
    let reducer = CombineReducers<String, Log<String>>(EmptyReducer(), EmptyReducer())
    #expect(reducer.reduce(state: &state, action: "x").isNone)
    #expect(reducer.bind().isNone)
  }
}

// MARK: - A feature five levels deep

/// The innermost feature: a tap emits three actions synchronously.
private struct Leaf: Reducer {
  enum Action: Sendable, Equatable {
    case tap
    case echo(Int)
  }

  func reduce(state: inout Log<Int>, action: Action) -> AnyEffect<Action> {
    switch action {
    case .tap:
      return .concat(.just(.echo(1)), .merge(.just(.echo(2)), .just(.echo(3))))
    case .echo(let value):
      state.entries.append(value)
      return .none
    }
  }
}

/// A feature that embeds another and counts the actions of it that it sees.
private struct Level<Inner: Reducer>: Reducer {
  struct State: Sendable, Equatable {
    var inner: Inner.State
    var seen = 0
  }

  enum Action: Sendable {
    case inner(Inner.Action)
  }

  let inner: Inner

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    ClosureReducer<Action, State> { state, _ in
      state.seen += 1
      return .none
    }
    .scope(
      state: \.inner,
      action: Action.inner,
      extract: { if case .inner(let action) = $0 { action } else { nil } }
    ) {
      inner
    }
    .reduce(state: &state, action: action)
  }
}

private typealias FiveLevels = Level<Level<Level<Level<Level<Leaf>>>>>

private func fiveLevels() -> FiveLevels {
  Level(inner: Level(inner: Level(inner: Level(inner: Level(inner: Leaf())))))
}

private func fiveLevelState() -> FiveLevels.State {
  .init(inner: .init(inner: .init(inner: .init(inner: .init(inner: Log<Int>())))))
}

private let fiveLevelTap = FiveLevels.Action.inner(.inner(.inner(.inner(.inner(.tap)))))

private func leaf(of state: FiveLevels.State) -> Log<Int> {
  state.inner.inner.inner.inner.inner
}

private func seenCounts(of state: FiveLevels.State) -> [Int] {
  [
    state.seen, state.inner.seen, state.inner.inner.seen, state.inner.inner.inner.seen,
    state.inner.inner.inner.inner.seen,
  ]
}
