import Clocks
import Foundation
import OneWay
import OneWayDevTools
import Testing

/// H1: the history, its bounds, origins and diffs.
@Suite("DevTools: history (H1)")
struct HistoryTests {
  @Test func h1RecordsEachActionWithItsOriginAndTheStateAfterIt() async throws {
    let clock = TestClock()
    let store = Store(reducer: Tally(), state: Tally.State(), clock: clock)
    let devTools = await store.devTools(clock: clock)
    await store.send(.counter(.increment))
    await clock.advance(by: .milliseconds(5))
    await store.send(.load)
    await store.waitUntilIdle()
    let entries = devTools.entries
    #expect(
      entries.map(\.action) == [.counter(.increment), .counter(.saved(1)), .load, .loaded(10)]
    )
    #expect(entries.map(\.origin) == [.send, .effect, .send, .effect])
    #expect(entries.map(\.index) == [0, 1, 2, 3])
    #expect(entries[1].state.counter.saved == 1)
    #expect(entries[0].time == .zero)
    #expect(entries[2].time == .milliseconds(5))
    #expect(entries[3].state.loaded == 10)
    #expect(try entries[0].actionJSON() == #"{"counter":{"_0":{"increment":{}}}}"#)
    #expect(entries[2].actionDescription == "Tally.Action.load")
  }

  @Test func h1ActionsOfBindAreMarked() async throws {
    let store = Store(reducer: Greeter(), state: 0)
    let devTools = await store.devTools()
    await store.reset()  // restarts `bind()`, whose greeting is synchronous
    await store.send(5)
    #expect(devTools.entries.map(\.origin) == [.bind, .send])
    #expect(devTools.entries.map(\.action) == [-1, 5])
  }

  @Test func h1TheRingKeepsTheNewestEntriesAndTheStateBeforeThem() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools(capacity: 3)
    #expect(devTools.capacity == 3)
    for _ in 0..<3 { await store.send(.counter(.decrement)) }
    await store.send(.counter(.increment))  // and its save: 5 actions in all
    let entries = devTools.entries
    #expect(entries.map(\.index) == [2, 3, 4])
    #expect(devTools.baseState.counter.count == -2)
    #expect(devTools.entry(0) == nil)
    #expect(devTools.diff(0) == nil)
  }

  @Test func h1DiffsAreComputedWhenLookedAt() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await store.send(.counter(.decrement))
    let diff = try #require(devTools.diff(0))
    #expect(diff.contains("-     count: 0,"))
    #expect(diff.contains("+     count: -1,"))
  }

  /// The history's lock (and the box a hop returns through), under the thread sanitizer: the
  /// store records on its actor while other tasks read and travel.
  @Test func h1TheHistoryIsReadFromAnyThreadWhileTheStoreRecords() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools(capacity: 50)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<100 { await store.send(.counter(.increment)) }
        }
        group.addTask {
          for _ in 0..<100 {
            _ = devTools.entries.last?.actionDescription
            _ = devTools.diff(devTools.entries.first?.index ?? 0)
            _ = await devTools.heldActions
          }
        }
      }
    }
    #expect(devTools.entries.count == 50)
    #expect(await store.state.counter.count == 400)
  }

  @MainActor
  @Test func h1WorksForAViewStore() async throws {
    let store = ViewStore(reducer: Tally(), state: Tally.State())
    let devTools = store.devTools()
    store.send(.counter(.increment))
    #expect(devTools.entries.map(\.origin) == [.send, .effect])
    try await devTools.jump(to: 0)
    #expect(store.state.counter.saved == 0)
    await devTools.resume()
    #expect(store.state.counter.saved == 1)
  }
}

/// A store whose `bind()` greets at once, with a synchronous action.
struct Greeter: Reducer {
  func bind() -> AnyEffect<Int> {
    .just(-1)
  }

  func reduce(state: inout Int, action: Int) -> AnyEffect<Int> {
    state = action
    return .none
  }
}
