import Testing

@testable import OneWay

/// Rule M5: a reducer declared with a `body` built by `ReducerBuilder` reduces as the same
/// reducer written by hand, and reducers without a body (OneWay 3.x's) compile unchanged.
@Suite struct CompositionBodyTests {
  enum AppAction: Sendable, Equatable {
    case counter(CountingReducer.Action)
    case detail(CountingReducer.Action)
    case showDetail
    case log(String)
  }

  struct AppState: Sendable, Equatable {
    var counter = CountingReducer.State(number: 0)
    var detail: CountingReducer.State?
    var log: [String] = []
  }

  static func core(state: inout AppState, action: AppAction) -> AnyEffect<AppAction> {
    switch action {
    case .counter(.increment): state.log.append("counter \(state.counter.number)")
    case .showDetail: state.detail = CountingReducer.State(number: 10)
    case .detail(.decrement): state.detail = nil
    case .log(let text): state.log.append(text)
    case .counter, .detail: break
    }
    return .none
  }

  /// The feature as a body.
  struct WithBody: Reducer {
    typealias Action = AppAction
    typealias State = AppState

    var body: some Reducer<Action, State> {
      Scope(
        state: \.counter,
        action: Action.counter,
        extract: { if case .counter(let action) = $0 { action } else { nil } }
      ) {
        CountingReducer()
      }
      Reduce(CompositionBodyTests.core)
        .ifLet(
          \.detail,
          action: Action.detail,
          extract: { if case .detail(let action) = $0 { action } else { nil } }
        ) {
          CountingReducer()
        }
    }
  }

  /// The same feature, `reduce` written by hand.
  struct ByHand: Reducer {
    typealias Action = AppAction
    typealias State = AppState

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      var effects = EffectMerger<Action>()
      if case .counter(let action) = action {
        effects.append(
          CountingReducer().reduce(state: &state.counter, action: action).map(Action.counter)
        )
      }
      if case .detail(let action) = action, state.detail != nil {
        effects.append(
          CountingReducer().reduce(state: &state.detail!, action: action).map(Action.detail)
        )
      }
      effects.append(CompositionBodyTests.core(state: &state, action: action))
      return effects.merged
    }
  }

  static let script: [AppAction] = [
    .counter(.increment), .counter(.twice), .log("a"), .showDetail, .detail(.twice),
    .detail(.decrement), .detail(.increment), .counter(.decrement),
  ]

  @Test func m5ABodyReducesAsTheSameReducerWrittenByHand() async {
    let withBody = Store(reducer: WithBody(), state: AppState())
    let byHand = Store(reducer: ByHand(), state: AppState())
    for action in Self.script {
      await withBody.send(action)
      await byHand.send(action)
      #expect(await withBody.state == byHand.state, "after \(action)")
    }
    #expect(await withBody.state.counter.number == 2)
    #expect(await withBody.isIdle)
  }

  @Test @MainActor func m5ABodyReducesAsTheSameReducerWrittenByHandInAViewStore() {
    let withBody = ViewStore(reducer: WithBody(), state: AppState())
    let byHand = ViewStore(reducer: ByHand(), state: AppState())
    for action in Self.script {
      withBody.send(action)
      byHand.send(action)
      #expect(withBody.state == byHand.state, "after \(action)")
    }
  }

  /// A body's `if`, `if`-`else`, and an empty body.
  struct Conditional: Reducer {
    typealias Action = AppAction
    typealias State = AppState
    let logs: Bool
    let upper: Bool

    var body: some Reducer<Action, State> {
      if logs {
        Reduce { state, action in
          if case .log(let text) = action { state.log.append(text) }
          return .none
        }
      }
      if upper {
        Reduce { state, action in
          if case .log(let text) = action { state.log.append(text.uppercased()) }
          return .none
        }
      } else {
        EmptyReducer()
      }
    }
  }

  @Test func m5ABodyChoosesItsReducersByWhatTheReducerStores() async {
    for (logs, upper, expected) in [
      (true, true, ["x", "X"]), (true, false, ["x"]), (false, true, ["X"]), (false, false, []),
    ] {
      let store = Store(reducer: Conditional(logs: logs, upper: upper), state: AppState())
      await store.send(.log("x"))
      #expect(await store.state.log == expected)
    }
  }

  /// A body's `bind()` is the merge of its reducers'.
  @Test func m5ABodyStartsTheBindOfItsReducers() async {
    struct Binding: Reducer {
      typealias Action = AppAction
      typealias State = AppState
      var body: some Reducer<Action, State> {
        Reduce(CompositionBodyTests.core)
        ClosureReducer<Action, State>(bind: { .just(.log("bound")) }) { _, _ in .none }
      }
    }
    let store = Store(reducer: Binding(), state: AppState())
    await store.waitUntilIdle()
    #expect(await store.state.log == ["bound"])
  }

  /// OneWay 3.x's reducers: no body, a `body` of another type, a reducer stored as `body`
  /// and forwarded to by hand. Compiling is the test.
  struct ThreeXNoBody: Reducer {
    enum Action: Sendable { case tap }
    struct State: Sendable, Equatable { var taps = 0 }
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      state.taps += 1
      return .none
    }
  }

  struct ThreeXOtherBody: Reducer {
    typealias Action = ThreeXNoBody.Action
    typealias State = ThreeXNoBody.State
    let body = "not a reducer"
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> { .none }
  }

  struct ThreeXStoredBody: Reducer {
    typealias Action = ThreeXNoBody.Action
    typealias State = ThreeXNoBody.State
    let body = CombineReducers<Action, State>(ThreeXNoBody(), ThreeXNoBody())
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      body.reduce(state: &state, action: action)
    }
  }

  @Test func m5ReducersWithoutABodyCompileAndReduceUnchanged() async {
    let store = Store(reducer: ThreeXStoredBody(), state: ThreeXNoBody.State())
    await store.send(.tap)
    #expect(await store.state.taps == 2)
    var state = ThreeXNoBody.State()
    _ = ThreeXOtherBody().reduce(state: &state, action: .tap)
    _ = ThreeXNoBody().reduce(state: &state, action: .tap)
    #expect(state.taps == 1)
  }
}
