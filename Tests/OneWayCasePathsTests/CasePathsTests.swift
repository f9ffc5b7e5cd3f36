#if CasePathsMacro
import OneWay
import OneWayCasePaths
import OneWayTesting
import Testing

/// Rule M5: with OneWayCasePaths, every operator takes a case key path instead of embed and
/// extract closures, and reduces as the closure form does.
@Suite struct CasePathsTests {
  struct Counter: Reducer {
    @CasePathable
    enum Action: Sendable, Equatable {
      case increment
      case save
      case saved(Int)
    }
    struct State: Sendable, Equatable, Identifiable {
      var id = 0
      var count = 0
      var saved = 0
    }
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .save:
        return .just(.saved(state.count))
      case .saved(let value):
        state.saved = value
        return .none
      }
    }
  }

  struct App: Reducer {
    @CasePathable
    enum Action: Sendable, Equatable {
      case counter(Counter.Action)
      case detail(Counter.Action)
      case row(id: Int, action: Counter.Action)
      case showDetail
      case dismiss
      case removeRow(Int)
      case addRow(Int)
    }
    struct State: Sendable, Equatable {
      var counter = Counter.State()
      var detail: Counter.State?
      var rows = [Counter.State(id: 1), Counter.State(id: 2)]
      var log: [String] = []
    }

    var body: some Reducer<Action, State> {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Reduce { state, action in
        switch action {
        case .showDetail: state.detail = Counter.State(id: 9)
        case .dismiss: state.detail = nil
        case .removeRow(let id): state.rows.removeAll { $0.id == id }
        case .addRow(let id): state.rows.append(Counter.State(id: id))
        case .row(let id, .saved): state.log.append("row \(id) saved")
        case .counter, .detail, .row: break
        }
        return .none
      }
      .ifLet(\.detail, action: \.detail) { Counter() }
      .forEach(\.rows, action: \.row) { Counter() }
    }
  }

  @Test func m5EveryOperatorTakesACaseKeyPath() async {
    let store = Store(reducer: App(), state: App.State())
    await store.send(.counter(.increment))
    await store.send(.showDetail)
    await store.send(.detail(.increment))
    await store.send(.detail(.save))
    await store.send(.row(id: 2, action: .increment))
    await store.send(.row(id: 2, action: .save))
    let state = await store.state
    #expect(state.counter.count == 1)
    #expect(state.detail == Counter.State(id: 9, count: 1, saved: 1))
    #expect(state.rows.map(\.saved) == [0, 1])
    #expect(state.log == ["row 2 saved"])
  }

  @Test func m5AChildStoreTakesACaseKeyPath() async {
    let app = Store(reducer: App(), state: App.State())
    let counter: Store<Counter, ContinuousClock> = await app.scope(
      state: \.counter,
      action: \.counter
    )
    await counter.send(.increment)
    #expect(await app.state.counter.count == 1)
    await app.send(.showDetail)
    let detail: Store<Counter, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: \.detail
    )
    await detail?.send(.increment)
    #expect(await app.state.detail?.count == 1)
    let rows: [Store<Counter, ContinuousClock>] = await app.scope(state: \.rows, action: \.row)
    await rows[1].send(.increment)
    #expect(await app.state.rows.map(\.count) == [0, 1])
    let untyped = await app.scope(state: \.counter, action: \.counter)
    await untyped.send(.increment)
    #expect(await untyped.state.count == 2)
  }

  @Test @MainActor func m5AViewStoreChildTakesACaseKeyPath() {
    let app = ViewStore(reducer: App(), state: App.State())
    let counter = app.scope(state: \.counter, action: \.counter)
    counter.send(.increment)
    #expect(app.state.counter.count == 1)
    let rows: [ViewStore<Counter, ContinuousClock>] = app.scope(state: \.rows, action: \.row)
    rows[0].send(.increment)
    #expect(app.state.rows.map(\.count) == [1, 0])
  }

  @Test func m5TestStoreReceivesByCaseKeyPath() async {
    let store = TestStore(reducer: App(), state: App.State())
    await store.send(.row(id: 1, action: .increment)) { $0.rows[0].count = 1 }
    await store.send(.row(id: 1, action: .save))
    await store.receive(\.row) {
      $0.rows[0].saved = 1
      $0.log = ["row 1 saved"]
    }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.save))
    await store.receive(\.counter.saved) { $0.counter.saved = 1 }
    await store.finish()
  }

  @Test func m4m5AnOptionalChildWithoutAnAnnotationGivesAnOptionalStore() async {
    let app = Store(reducer: App(), state: App.State())
    #expect(await app.scope(state: \.detail, action: \.detail) == nil)
    await app.send(.showDetail)
    // `if let` compiles only on an optional: the case key path to an optional child never
    // gives a store of the optional.
    let detail = await app.scope(state: \.detail, action: \.detail)
    typealias CounterStore = Store<ChildFeature<Counter.Action, Counter.State>, ContinuousClock>
    #expect(type(of: detail) == CounterStore?.self)
    if let detail { await detail.send(.increment) }
    #expect(await app.state.detail?.count == 1)
    let rows = await app.scope(state: \.rows, action: \.row)
    #expect(type(of: rows) == [CounterStore].self)
    await rows[0].send(.increment)
    #expect(await app.state.rows.map(\.count) == [1, 0])
  }

  @Test @MainActor func m4m5AViewStoreOfAnOptionalOrACollectionNeedsNoAnnotation() {
    let app = ViewStore(reducer: App(), state: App.State())
    app.send(.showDetail)
    let detail = app.scope(state: \.detail, action: \.detail)
    detail?.send(.increment)
    #expect(app.state.detail?.count == 1)
    let rows = app.scope(state: \.rows, action: \.row)
    rows[1].send(.increment)
    #expect(app.state.rows.map(\.count) == [0, 1])
  }

  @Test func m4AnEndedCasePathChildStaysEnded() async {
    let app = Store(reducer: App(), state: App.State())
    await app.send(.showDetail)
    let detail: Store<Counter, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: \.detail
    )
    let rows: [Store<Counter, ContinuousClock>] = await app.scope(state: \.rows, action: \.row)
    await app.send(.dismiss)
    await app.send(.showDetail)
    await app.send(.removeRow(2))
    await app.send(.addRow(2))
    let refused = await expectingMisuses {
      await detail?.send(.increment)
      await rows[1].send(.increment)
    }
    #expect(refused.count == 2)
    #expect(await app.state.detail == Counter.State(id: 9), "the new presentation is untouched")
    #expect(await app.state.rows.map(\.count) == [0, 0], "and so is the row added again")
    let again: Store<Counter, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: \.detail
    )
    await again?.send(.increment)
    #expect(await app.state.detail?.count == 1)
  }

  @Test @MainActor func m4AnEndedCasePathViewStoreChildStaysEnded() async {
    let app = ViewStore(reducer: App(), state: App.State())
    app.send(.showDetail)
    let detail = app.scope(state: \.detail, action: \.detail)
    app.send(.dismiss)
    app.send(.showDetail)
    let refused = await expectingMisuses {
      detail?.send(.increment)
    }
    #expect(refused.first?.contains("send(increment)") == true)
    #expect(app.state.detail == Counter.State(id: 9))
  }
}
#endif
