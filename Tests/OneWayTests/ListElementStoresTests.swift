import Clocks
import Observation
import OneWayTesting
import Testing

@testable import OneWay

/// Rules M4, V4 and M2 for a list kept in an `IdentifiedList`: a store per row, told only of its
/// own row's changes; a list view that observes only the ids; `forEach` that finds a row by id
/// and still cancels a removed row's effects.
@Suite struct ListElementStoresTests {
  struct Row: Reducer {
    struct State: Sendable, Equatable, Identifiable {
      var id: Int
      var title: String
      var saved = 0
    }

    enum Action: Sendable {
      case rename(String)
      case save
      case saved
    }

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .rename(let title):
        state.title = title
        return .none
      case .save:
        return .single { .saved }.debounce(id: "save", for: .seconds(1))
      case .saved:
        state.saved += 1
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Sendable, Equatable {
      var rows: IdentifiedList<Row.State>
    }

    enum Action: Sendable {
      case row(id: Int, action: Row.Action)
      case remove(Int)
      case prepend(Row.State)
      case renameEvery(String)
    }

    let composed = Reduce<Action, State> { state, action in
      switch action {
      case .row: break
      case .remove(let id): state.rows.remove(id: id)
      case .prepend(let row): state.rows.insert(row, at: 0)
      case .renameEvery(let title):
        for index in state.rows.indices { state.rows[index].title = title }
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

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      composed.reduce(state: &state, action: action)
    }
  }

  static func rows(_ count: Int) -> List.State {
    List.State(
      rows: IdentifiedList(
        uniqueElements: (0..<count).map { Row.State(id: $0, title: "row \($0)") }
      )
    )
  }

  @Test @MainActor func v4AChangeOfOneRowOf1000TellsThatRowsObserverAndNoOther() {
    let store = ViewStore(reducer: List(), state: Self.rows(1000))
    let list = ViewObserver { _ = store.scope(state: \.rows, action: List.Action.row) }
    let rows = store.scope(state: \.rows, action: List.Action.row)
    let observers = rows.map { row in ViewObserver { _ = row.title } }

    rows[500].send(.rename("five hundred"))

    #expect(observers.map(\.fired).reduce(0, +) == 1)
    #expect(observers[500].fired == 1)
    #expect(list.fired == 0, "the list's view reads the ids, which did not change")
    #expect(rows[500].title == "five hundred")
    #expect(store.rows[500].title == "five hundred")
  }

  @Test @MainActor func v4TheListsViewIsToldWhenRowsComeOrGo() {
    let store = ViewStore(reducer: List(), state: Self.rows(10))
    let list = ViewObserver { _ = store.scope(state: \.rows, action: List.Action.row) }
    store.send(.prepend(Row.State(id: 99, title: "new")))
    #expect(list.fired == 1)
    store.send(.remove(3))
    #expect(list.fired == 2)
    store.send(.row(id: 4, action: .rename("four")))
    #expect(list.fired == 2)
  }

  @Test @MainActor func m4EachRowStoreSeesItsOwnRowAfterRowsMove() {
    let store = ViewStore(reducer: List(), state: Self.rows(100))
    let rows = store.scope(state: \.rows, action: List.Action.row)
    store.send(.prepend(Row.State(id: 1000, title: "first")))
    store.send(.renameEvery("same"))
    rows[7].send(.rename("seven"))
    #expect(rows.map(\.state.id) == Array(0..<100), "a row store keeps its element's id")
    #expect(rows[7].title == "seven")
    #expect(rows[8].title == "same")
    #expect(store.rows[id: 7]?.title == "seven")
    let again = store.scope(state: \.rows, action: List.Action.row)
    #expect(again.count == 101)
    #expect(again[8] === rows[7], "the same id gives the same store")
  }

  @Test @MainActor func m4ARemovedRowsStoreRefusesItsSends() async {
    let store = ViewStore(reducer: List(), state: Self.rows(3))
    let rows = store.scope(state: \.rows, action: List.Action.row)
    store.send(.remove(1))
    let refused = await expectingMisuses {
      rows[1].send(.rename("gone"))
    }
    #expect(rows[1].title == "row 1", "it keeps its last state")
    #expect(store.rows.map(\.title) == ["row 0", "row 2"])
    #expect(refused.count == 1)
    #expect(refused.first?.contains("of element 1") == true)
  }

  @Test @MainActor func m4ARowStoreStaysEndedWhenItsIdComesBack() async {
    let store = ViewStore(reducer: List(), state: Self.rows(3))
    let rows = store.scope(state: \.rows, action: List.Action.row)
    store.send(.remove(1))
    store.send(.prepend(Row.State(id: 1, title: "back")))
    let refused = await expectingMisuses {
      rows[1].send(.rename("stale"))
    }
    #expect(store.rows[id: 1]?.title == "back", "the new row is untouched")
    #expect(rows[1].title == "row 1", "the ended store keeps its last state")
    #expect(refused.count == 1)
    #expect(refused.first?.contains("of element 1") == true)
    let again = store.scope(state: \.rows, action: List.Action.row)
    #expect(again[0] !== rows[1], "the id that came back has a new store")
    #expect(again[1] === rows[0] && again[2] === rows[2])
    again[0].send(.rename("renamed"))
    #expect(store.rows[id: 1]?.title == "renamed")
    #expect(again[0].title == "renamed")
    #expect(rows[1].title == "row 1")
  }

  @Test func m4RowStoresOfAnActorStoreFollowTheirRows() async {
    let store = Store(reducer: List(), state: Self.rows(2000))
    let rows = await store.scope(state: \.rows, action: List.Action.row)
    await rows[1999].send(.rename("last"))
    await store.send(.remove(0))
    await rows[1].send(.rename("one"))
    #expect(await rows[1999].state.title == "last")
    #expect(await rows[1].state.title == "one")
    #expect(await store.state.rows.first?.title == "one")
  }

  @Test func m2ARemovedRowsPendingDebounceNeverFires() async {
    let clock = TestClock()
    let store = Store(reducer: List(), state: Self.rows(3), clock: clock)
    await store.send(.row(id: 1, action: .save))
    await store.send(.row(id: 2, action: .save))
    await store.send(.remove(2))
    await clock.advance(by: .seconds(2))
    await store.waitUntilIdle()
    let rows = await store.state.rows
    #expect(rows[id: 1]?.saved == 1)
    #expect(rows[id: 2] == nil)
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }
}
