import Clocks
import Testing

@testable import OneWay

/// Rule M2 for a collection of children: `forEach` keeps each element's effects apart and
/// cancels them when the element is removed.
@Suite struct CompositionForEachTests {
  private func rows(_ ids: Int...) -> ListState {
    ListState(rows: ids.map { Row.State(id: $0) })
  }

  @Test func m2AnElementActionReachesItsElementThenTheParent() async {
    let store = Store(reducer: listReducer(), state: rows(1, 2))
    await store.send(.row(id: 2, action: .echo("hi")))
    let state = await store.state
    #expect(state.rows[1].echoed == ["hi", "hi!"])
    #expect(state.rows[0].echoed == [])
    // The parent sees each action after the element reduced it, with the element's id.
    #expect(
      state.log == [
        "row 2 echo(\"hi\") count 0",
        "row 2 echoed(\"hi\") count 0",
        "row 2 echoed(\"hi!\") count 0",
      ]
    )
    await store.send(.row(id: 1, action: .increment))
    #expect(await store.state.log.last == "row 1 increment count 1")
  }

  @Test func m2a2AnElementsSynchronousEffectsAreReducedWithinTheSameSend() async {
    let store = Store(reducer: listReducer(), state: rows(1))
    await store.send(.row(id: 1, action: .echo("x")))
    #expect(await store.state.rows[0].echoed == ["x", "x!"])
    #expect(await store.isIdle)
  }

  @Test func m2AnActionForAMissingElementReachesOnlyTheParent() async {
    let store = Store(reducer: listReducer(), state: rows(1))
    await store.send(.row(id: 9, action: .echo("x")))
    let state = await store.state
    #expect(state.rows == [Row.State(id: 1)])
    #expect(state.log == ["row 9 echo(\"x\") count absent"])
  }

  @Test func m2t2AnElementRemovedWhileItsDebounceIsPendingNeverFires() async {
    let clock = TestClock()
    let store = Store(reducer: listReducer(), state: rows(1, 2), clock: clock)
    await store.send(.row(id: 1, action: .increment))
    await store.send(.row(id: 2, action: .increment))
    await clock.advance(by: .milliseconds(200))
    await store.send(.remove(2))
    await clock.advance(by: .milliseconds(200))
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state.rows.map(\.id) == [1])
    #expect(state.rows[0].saved == [1])
    #expect(!state.log.contains { $0.hasPrefix("row 2 saved") })
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m2t2TwoElementsDebouncingUnderTheSameIdentifierDoNotRestartEachOther() async {
    let clock = TestClock()
    let store = Store(reducer: listReducer(), state: rows(1, 2), clock: clock)
    await store.send(.row(id: 1, action: .increment))
    await clock.advance(by: .milliseconds(100))
    await store.send(.row(id: 2, action: .increment))
    for await _ in store.states { break }  // the first loop takes the backlog (O7)
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    // Row 1's save is due at 300 ms whatever row 2 did at 100 ms. (Time is moved past each
    // deadline, never onto it: a wait that starts late on a test clock already at its
    // deadline would wait for the next advance.)
    await clock.advance(by: .milliseconds(201))
    let atRowOnesDueTime = await states.next()
    #expect(atRowOnesDueTime?.rows.map(\.saved) == [[1], []])
    await clock.advance(by: .milliseconds(100))
    #expect(await states.next()?.rows.map(\.saved) == [[1], [1]])
  }

  @Test func m2c1TwoElementsWithTheSameEffectIdentifierDoNotCancelEachOther() async {
    let gate = Gate()
    let store = Store(reducer: listReducer(gate: gate), state: rows(1, 2))
    await store.send(.row(id: 1, action: .load))
    await store.send(.row(id: 2, action: .load))
    await store.send(.row(id: 1, action: .cancelLoad))
    await gate.open()
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state.rows[0].loaded == [])
    #expect(state.rows[1].loaded == ["row 2"])
  }

  @Test func m2t3TwoElementsThrottlingUnderTheSameIdentifierHaveTheirOwnWindows() async {
    let clock = TestClock()
    let store = Store(reducer: listReducer(), state: rows(1, 2), clock: clock)
    await store.send(.row(id: 1, action: .tap(1)))
    await store.send(.row(id: 2, action: .tap(1)))
    await store.send(.row(id: 1, action: .tap(2)))
    let state = await store.state
    #expect(state.rows[0].tapped == [1])
    #expect(state.rows[1].tapped == [1])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
    await store.send(.row(id: 2, action: .tap(3)))
    #expect(await store.state.rows[1].tapped == [1, 3])
  }

  @Test func m2c2RemovingAnElementCancelsItsRunningEffects() async {
    let gate = Gate()
    let store = Store(reducer: listReducer(gate: gate), state: rows(1, 2))
    await store.send(.row(id: 1, action: .load))
    await store.send(.row(id: 2, action: .load))
    await store.send(.remove(1))
    await gate.open()
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state.rows.map(\.loaded) == [["row 2"]])
    #expect(!state.log.contains { $0.hasPrefix("row 1 loaded") })
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m2c2AnElementRemovedByTheParentDropsTheSynchronousEffectsItJustStarted() async {
    let store = Store(reducer: listReducer(), state: rows(1, 2))
    await store.send(.removeOn(.echo("bye")))
    await store.send(.row(id: 1, action: .echo("bye")))
    let state = await store.state
    #expect(state.rows.map(\.id) == [2])
    #expect(state.log == ["row 1 echo(\"bye\") count 0"])
    await store.waitUntilIdle()
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m2AnElementAddedAgainAfterRemovalStartsAfresh() async {
    let gate = Gate()
    let store = Store(reducer: listReducer(gate: gate), state: rows(1))
    await store.send(.row(id: 1, action: .load))
    await store.send(.remove(1))
    await store.send(.add(1))
    await store.send(.row(id: 1, action: .load))
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.rows[0].loaded == ["row 1"])
  }

  @Test func m2c1NestedCollectionsKeepTheElementsOfEveryLevelApart() async {
    // Two boards hold rows with the same ids; every row loads under "load".
    struct Board: Sendable, Equatable, Identifiable {
      var id: String
      var list = ListState()
    }
    enum BoardsAction: Sendable, Equatable {
      case board(id: String, action: ListAction)
    }
    let gate = Gate()
    let boards = EmptyReducer<BoardsAction, [Board]>()
      .forEach(
        \.self,
        action: BoardsAction.board,
        extract: { if case .board(let id, let action) = $0 { (id, action) } else { nil } }
      ) {
        Scope(
          state: \Board.list,
          action: { $0 },
          extract: { $0 }
        ) {
          listReducer(gate: gate)
        }
      }
    let store = Store(
      reducer: boards,
      state: [Board(id: "a", list: rows(1, 2)), Board(id: "b", list: rows(1, 2))]
    )
    for board in ["a", "b"] {
      for row in [1, 2] {
        await store.send(.board(id: board, action: .row(id: row, action: .load)))
      }
    }
    await store.send(.board(id: "b", action: .row(id: 1, action: .cancelLoad)))
    await store.send(.board(id: "a", action: .remove(2)))
    await gate.open()
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state[0].list.rows.map(\.loaded) == [["row 1"]])
    #expect(state[1].list.rows.map(\.loaded) == [[], ["row 2"]])
  }
}
