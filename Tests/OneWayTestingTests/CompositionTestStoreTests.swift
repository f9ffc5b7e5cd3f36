import Clocks
import OneWay
import Testing

@testable import OneWayTesting

/// `TestStore` on a composed feature (exhaustively, through the parent) and on one of its
/// children alone: the same child actions, the same effects, asserted at either level.
@Suite("TestStore: composed features")
struct CompositionTestStoreTests {
  @Test func aComposedFeatureIsTestedExhaustivelyThroughTheParent() async {
    let clock = TestClock()
    let store = TestStore(
      reducer: Shelf(),
      state: Shelf.State(rows: [.init(id: 1), .init(id: 2)]),
      clock: clock
    )
    await store.send(.row(id: 1, action: .increment)) { $0.rows[0].count = 1 }
    // The second row's edit comes 100 ms later, so that its debounce ends after the first
    // row's: ended at the same instant, the two saves are two tasks whose order is the
    // scheduler's, and `receive` asserts an order.
    await clock.advance(by: .milliseconds(100))
    await store.send(.row(id: 2, action: .increment)) { $0.rows[1].count = 1 }
    await clock.advance(by: .milliseconds(201))
    // Each row saved on its own, though both debounce under "save"; the parent counted both.
    // Generous timeouts: they only matter when the suite's stress tests, running in parallel,
    // keep the pool busy (one run in four here took longer than the default 5 s to schedule the
    // saves' tasks).
    await store.receive(.row(id: 1, action: .saved(1)), timeout: 30) {
      $0.rows[0].saved = 1
      $0.saves = 1
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.row(id: 2, action: .saved(1)), timeout: 30) {
      $0.rows[1].saved = 1
      $0.saves = 2
    }
    // A row deleted with a save pending: the parent removes it, the save never comes.
    await store.send(.row(id: 2, action: .increment)) { $0.rows[1].count = 2 }
    await store.send(.row(id: 2, action: .delete)) { $0.rows.remove(at: 1) }
    await clock.advance(by: .seconds(1))
    // The optional detail: its pending save is cancelled when it is closed.
    await store.send(.open(1)) { $0.detail = Row.State(id: 1, count: 1, saved: 1) }
    await store.send(.detail(.increment)) { $0.detail?.count = 2 }
    await store.send(.close) { $0.detail = nil }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aChildFeatureIsTestedAlone() async {
    let clock = TestClock()
    let store = TestStore(reducer: Row(), state: Row.State(id: 1), clock: clock)
    await store.send(.increment) { $0.count = 1 }
    await clock.advance(by: .milliseconds(200))
    await store.send(.increment) { $0.count = 2 }
    await clock.advance(by: .milliseconds(301))
    await store.receive(.saved(2)) { $0.saved = 2 }
    await store.finish()
  }

  @Test func anUnreceivedChildEffectFailsTheComposedTest() async {
    let clock = TestClock()
    let store = TestStore(
      reducer: Shelf(),
      state: Shelf.State(rows: [.init(id: 1)]),
      clock: clock
    )
    // `.saveNow` saves synchronously: `.row(id: 1, action: .saved(0))` is reduced in the send.
    await store.send(.row(id: 1, action: .saveNow))
    await withKnownIssue {
      await store.send(.open(1)) { $0.detail = Row.State(id: 1, count: 0, saved: 0) }
    } matching: { issue in
      message(of: issue).contains("must be received before sending another")
    }
    store.exhaustivity = .off
  }
}

// MARK: - A shelf of rows, and the detail of one

/// One row: a count that is saved 300 ms after its last change.
private struct Row: Reducer {
  struct State: Sendable, Equatable, Identifiable {
    var id: Int
    var count = 0
    var saved: Int?
  }

  enum Action: Sendable, Equatable {
    case increment
    case saveNow
    case saved(Int)
    case delete
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return AnyEffect.just(.saved(state.count)).debounce(id: "save", for: .milliseconds(300))
    case .saveNow:
      return .just(.saved(state.count))
    case .saved(let count):
      state.saved = count
      return .none
    case .delete:
      return .none
    }
  }
}

/// Rows, the detail of one of them, and a count of the saves the parent saw.
private struct Shelf: Reducer {
  struct State: Sendable, Equatable {
    var rows: [Row.State] = []
    var detail: Row.State?
    var saves = 0
  }

  enum Action: Sendable, Equatable {
    case row(id: Int, action: Row.Action)
    case detail(Row.Action)
    case open(Int)
    case close
  }

  let body = ClosureReducer<Action, State> { state, action in
    switch action {
    case .row(_, .saved):
      state.saves += 1
    case .row(let id, .delete):
      state.rows.removeAll { $0.id == id }
    case .open(let id):
      state.detail = state.rows.first { $0.id == id }
    case .close:
      state.detail = nil
    case .row, .detail:
      break
    }
    return .none
  }
  .forEach(
    \.rows,
    action: Action.row,
    extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
  ) {
    Row()
  }
  .ifLet(
    \.detail,
    action: Action.detail,
    extract: { if case .detail(let action) = $0 { action } else { nil } }
  ) {
    Row()
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    body.reduce(state: &state, action: action)
  }
}

/// A reducer assembled from a closure.
private struct ClosureReducer<Action: Sendable, State: Sendable & Equatable>: Reducer {
  let body: @Sendable (inout State, Action) -> AnyEffect<Action>

  init(_ body: @escaping @Sendable (inout State, Action) -> AnyEffect<Action>) {
    self.body = body
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    body(&state, action)
  }
}
