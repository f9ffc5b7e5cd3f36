import Clocks
import Observation
import OneWayTesting
import Testing

@testable import OneWay

/// Rule M4: child stores of an optional child and of a collection's elements, and child stores
/// made without naming the child's reducer.
@Suite(.serialized) struct StoreScopeChildrenTests {
  struct Row: Sendable, Equatable, Identifiable {
    var id: Int
    var count = 0
  }

  enum RowAction: Sendable, Equatable {
    case increment
    case save
    case saved
  }

  struct RowFeature: Reducer {
    typealias Action = RowAction
    typealias State = Row
    func reduce(state: inout Row, action: RowAction) -> AnyEffect<RowAction> {
      switch action {
      case .increment: state.count += 1
      case .saved: state.count += 100
      case .save:
        return .just(.saved).debounce(id: "save", for: .milliseconds(50))
      }
      return .none
    }
  }

  enum AppAction: Sendable, Equatable {
    case row(id: Int, action: RowAction)
    case detail(RowAction)
    case remove(Int)
    case add(Row)
    case dismiss
    case present(Row)
    case other
  }

  struct AppState: Sendable, Equatable {
    var rows: [Row] = [Row(id: 1), Row(id: 2), Row(id: 3)]
    var detail: Row? = Row(id: 9)
    var other = 0
    var savedRows: [Int] = []
  }

  static func app() -> some Reducer<AppAction, AppState> {
    Reduce<AppAction, AppState> { state, action in
      switch action {
      case .remove(let id): state.rows.removeAll { $0.id == id }
      case .add(let row): state.rows.append(row)
      case .dismiss: state.detail = nil
      case .present(let row): state.detail = row
      case .other: state.other += 1
      case .row(let id, .saved): state.savedRows.append(id)
      case .row, .detail: break
      }
      return .none
    }
    .forEach(
      \.rows,
      action: AppAction.row,
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    ) { RowFeature() }
    .ifLet(
      \.detail,
      action: AppAction.detail,
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    ) { RowFeature() }
  }

  @Test func m4AnOptionalChildStoreComesAndGoesWithItsState() async {
    let app = Store(reducer: Self.app(), state: AppState())
    let detail: Store<RowFeature, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    #expect(detail != nil)
    await detail?.send(.increment)
    #expect(await app.state.detail?.count == 1)
    #expect(await detail?.state.count == 1)
    await app.send(.dismiss)
    let refused = await expectingMisuses {
      await detail?.send(.increment)
    }
    #expect(await app.state.detail == nil)
    #expect(await detail?.state.count == 1)
    #expect(refused.count == 1)
    #expect(refused.first?.contains("Store<RowFeature") == true)
    #expect(refused.first?.contains("increment") == true)
    let none: Store<RowFeature, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    #expect(none == nil)
  }

  @Test func m4ADismissedChildStoreNeverDrivesTheNextPresentation() async {
    let app = Store(reducer: Self.app(), state: AppState())
    let first: Store<RowFeature, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    await app.send(.dismiss)
    await app.send(.present(Row(id: 10)))
    let refused = await expectingMisuses {
      await first?.send(.increment)
    }
    #expect(await app.state.detail == Row(id: 10), "the new child is untouched")
    #expect(await first?.state == Row(id: 9), "the ended store keeps its last state")
    #expect(refused.count == 1)
    #expect(refused.first?.contains("Store<RowFeature") == true)
    #expect(refused.first?.contains("send(increment)") == true)
    #expect(refused.first?.contains("\\AppState.detail became nil") == true)
    let second: Store<RowFeature, ContinuousClock>? = await app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    #expect(second !== first, "scoping again gives a new store")
    await second?.send(.increment)
    #expect(await app.state.detail == Row(id: 10, count: 1))
    #expect(await second?.state == Row(id: 10, count: 1))
    #expect(await first?.state == Row(id: 9), "and the old one stays ended")
  }

  @Test @MainActor func m4ADismissedViewStoreChildNeverDrivesTheNextPresentation() async {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let first: ViewStore<RowFeature, ContinuousClock>? = app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    app.send(.dismiss)
    app.send(.present(Row(id: 10)))
    let refused = await expectingMisuses {
      first?.send(.increment)
      first?.send(.increment)
    }
    #expect(app.state.detail == Row(id: 10))
    #expect(first?.state == Row(id: 9))
    #expect(refused.count == 2, "every refusal is reported")
    let second: ViewStore<RowFeature, ContinuousClock>? = app.scope(
      state: \.detail,
      action: AppAction.detail
    )
    second?.send(.increment)
    #expect(app.state.detail == Row(id: 10, count: 1))
    #expect(first?.state == Row(id: 9))
  }

  @Test func m4AStoreOfARemovedElementStaysEndedWhenItsIdComesBack() async {
    let app = Store(reducer: Self.app(), state: AppState())
    let rows: [Store<RowFeature, ContinuousClock>] = await app.scope(
      state: \.rows,
      action: AppAction.row
    )
    await app.send(.remove(2))
    await app.send(.add(Row(id: 2, count: 50)))
    let refused = await expectingMisuses {
      await rows[1].send(.increment)
    }
    #expect(await app.state.rows.last == Row(id: 2, count: 50), "the new element is untouched")
    #expect(await rows[1].state == Row(id: 2), "the ended store keeps its last state")
    #expect(refused.count == 1)
    #expect(refused.first?.contains("of element 2") == true)
    let again: [Store<RowFeature, ContinuousClock>] = await app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(again[0] === rows[0] && again[1] === rows[2], "the others keep their stores")
    #expect(again[2] !== rows[1], "the id that came back has a new store")
    await again[2].send(.increment)
    #expect(await app.state.rows.last == Row(id: 2, count: 51))
    #expect(await again[2].state == Row(id: 2, count: 51))
  }

  @Test @MainActor func m4AViewStoreOfARemovedElementStaysEndedWhenItsIdComesBack() async {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    app.send(.remove(2))
    app.send(.add(Row(id: 2, count: 50)))
    await expectingMisuses {
      rows[1].send(.increment)
    }
    #expect(app.state.rows.last == Row(id: 2, count: 50))
    let again: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(again[2] !== rows[1])
    again[2].send(.increment)
    #expect(app.state.rows.last == Row(id: 2, count: 51))
    #expect(rows[1].state == Row(id: 2))
  }

  @Test @MainActor func m4ElementStoresKeepTheirIdentityPerIdAndSeeOnlyTheirElement() {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(rows.map(\.state.id) == [1, 2, 3])
    let again: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(zip(rows, again).allSatisfy { $0 === $1 })
    var seen: [[Int]] = [[], [], []]
    var subscriptions: [StateSubscription] = []
    for (index, row) in rows.enumerated() {
      subscriptions.append(row.subscribe(\.count) { seen[index].append($0) })
    }
    rows[1].send(.increment)
    app.send(.other)
    rows[1].send(.increment)
    #expect(app.state.rows.map(\.count) == [0, 2, 0])
    #expect(rows.map(\.state.count) == [0, 2, 0])
    // Each subscription gets its current value, then only its own row's changes.
    #expect(seen == [[0], [0, 1, 2], [0]])
    _ = subscriptions
  }

  @Test func m4o1ARowsStatesLoopSeesOnlyItsRow() async {
    let app = Store(reducer: Self.app(), state: AppState())
    let rows: [Store<RowFeature, ContinuousClock>] = await app.scope(
      state: \.rows,
      action: AppAction.row
    )
    var states = rows[1].states.makeAsyncIterator()
    await rows[0].send(.increment)
    await app.send(.other)
    await rows[1].send(.increment)
    await rows[2].send(.increment)
    await rows[1].send(.increment)
    var counts: [Int] = []
    for _ in 0..<3 { counts.append(await states.next()?.count ?? -1) }
    #expect(counts == [0, 1, 2], "the row's state when scoped, then its own changes only")
  }

  @Test @MainActor func m4V2ObservationOfARowFiresOnlyForItsRow() {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    let fired = Locked(0)
    func track() {
      withObservationTracking {
        _ = rows[1].state
      } onChange: {
        fired.withLock { $0 += 1 }
      }
    }
    track()
    rows[0].send(.increment)
    rows[2].send(.increment)
    app.send(.other)
    #expect(fired.withLock { $0 } == 0, "changes to other rows and to the parent")
    rows[1].send(.increment)
    #expect(fired.withLock { $0 } == 1)
  }

  @Test @MainActor func m4ASendToARemovedElementIsRefusedNotMisapplied() async {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    app.send(.remove(2))
    let refused = await expectingMisuses {
      rows[1].send(.increment)
    }
    #expect(app.state.rows == [Row(id: 1), Row(id: 3)])
    #expect(refused.count == 1)
    #expect(refused.first?.contains("element 2") == true)
    #expect(refused.first?.contains("increment") == true)
    // The remaining rows still reach their own elements, at their new indices.
    rows[2].send(.increment)
    #expect(app.state.rows == [Row(id: 1), Row(id: 3, count: 1)])
    let after: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(after.count == 2 && after[0] === rows[0] && after[1] === rows[2])
  }

  @Test @MainActor func m4AnElementStoreIsReleasedWhenNobodyHoldsIt() {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    weak var first: ViewStore<RowFeature, ContinuousClock>?
    do {
      let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
        state: \.rows,
        action: AppAction.row
      )
      first = rows[0]
      #expect(first != nil)
    }
    #expect(first == nil)
    app.send(.remove(1))
    let rows: [ViewStore<RowFeature, ContinuousClock>] = app.scope(
      state: \.rows,
      action: AppAction.row
    )
    #expect(rows.count == 2)
    #expect((app.engine.elementStores.values.first as? ElementStores)?.stores.count == 2)
  }

  @Test func m4m2ARemovedElementsEffectsAreCancelled() async {
    let clock = TestClock()
    let app = Store(reducer: Self.app(), state: AppState(), clock: clock)
    let rows: [Store<RowFeature, TestClock<Duration>>] = await app.scope(
      state: \.rows,
      action: AppAction.row
    )
    await rows[0].send(.save)
    await rows[1].send(.save)
    await app.send(.remove(2))
    await clock.advance(by: .milliseconds(51))
    await app.waitUntilIdle()
    // Row 1's save arrives; row 2's, pending when its element went, never does.
    #expect(await app.state.rows.map(\.count) == [100, 0])
    #expect(await app.state.savedRows == [1])
  }

  @Test func m4AChildStoreNeedsNoTypeAnnotation() async {
    let app = Store(reducer: Self.app(), state: AppState())
    let other = await app.scope(state: \.other, action: { (_: Int) in AppAction.other })
    await other.send(1)
    #expect(await other.state == 1)
    let viewApp = await ViewStore(reducer: Self.app(), state: AppState())
    let viewOther = await viewApp.scope(state: \.other, action: { (_: Int) in AppAction.other })
    await viewOther.send(1)
    #expect(await viewOther.state == 1)
  }

  @Test func m4AnOptionalOrACollectionGivesOptionalOrElementStoresWithoutAnAnnotation() async {
    let app = Store(reducer: Self.app(), state: AppState())
    // An optional state gives an optional store (`if let` does not compile on anything else),
    // never a store of the optional.
    let detail = await app.scope(state: \.detail, action: AppAction.detail)
    #expect(type(of: detail) == Store<ChildFeature<RowAction, Row>, ContinuousClock>?.self)
    if let detail { await detail.send(.increment) }
    #expect(await app.state.detail?.count == 1)
    let rows = await app.scope(state: \.rows, action: AppAction.row)
    #expect(type(of: rows) == [Store<ChildFeature<RowAction, Row>, ContinuousClock>].self)
    await rows[2].send(.increment)
    #expect(await app.state.rows.map(\.count) == [0, 0, 1])
    await app.send(.dismiss)
    #expect(await app.scope(state: \.detail, action: AppAction.detail) == nil)
  }

  @Test @MainActor func m4AViewStoreOfAnOptionalOrACollectionNeedsNoAnnotation() {
    let app = ViewStore(reducer: Self.app(), state: AppState())
    let detail = app.scope(state: \.detail, action: AppAction.detail)
    #expect(type(of: detail) == ViewStore<ChildFeature<RowAction, Row>, ContinuousClock>?.self)
    detail?.send(.increment)
    #expect(app.state.detail?.count == 1)
    let rows = app.scope(state: \.rows, action: AppAction.row)
    #expect(rows.map(\.state.id) == [1, 2, 3])
    rows[0].send(.increment)
    #expect(app.state.rows.map(\.count) == [1, 0, 0])
  }
}
