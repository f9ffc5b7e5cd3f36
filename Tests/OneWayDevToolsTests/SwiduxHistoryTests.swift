import Foundation
import OneWayDevTools
import OneWayTesting
import Swidux
import Testing

/// H1–H3 for Swidux's `Store`: history, travel and a replayed recording, through the store
/// seen as one whose actions are `CountAction`s.
@Suite("DevTools: Swidux stores (H1–H3)")
struct SwiduxHistoryTests {
  static func store() -> Swidux.Store<CountState> {
    Swidux.Store(initialState: CountState(), reducer: countReducer)
  }

  @Test func h1ASwiduxStoresHistoryRecordsEveryDispatch() {
    let store = Self.store()
    let devTools = store.reportingActions(CountAction.self).devTools()
    store.dispatch(CountAction.add(2))
    store.dispatch(CountAction.add(3))
    #expect(devTools.entries.map(\.action) == [.add(2), .add(3)])
    #expect(devTools.entries.map(\.origin) == [.send, .send])
    #expect(devTools.entries.map(\.state.count) == [2, 5])
  }

  @Test func h2ASwiduxStoreTravelsAndTellsItsSubscribers() async throws {
    let store = Self.store()
    let devTools = store.reportingActions(CountAction.self).devTools()
    let seen = Counts()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(CountAction.add(2))
    store.dispatch(CountAction.add(3))
    try await devTools.jump(to: 0)
    #expect(store.state.count == 2)
    store.dispatch(CountAction.reset)
    #expect(await devTools.heldActions == [.reset])
    #expect(store.state.count == 2)
    await devTools.resume()
    #expect(store.state.count == 0)
    #expect(seen.values == [0, 2, 5, 2, 5, 0])
    try await devTools.toggleSkip(2)
    #expect(store.state.count == 5)
    withExtendedLifetime(token) {}
  }

  @Test func h3ASwiduxStoresRecordingReplaysIntoAFreshStore() async throws {
    let store = Self.store()
    let devTools = store.reportingActions(CountAction.self).devTools()
    store.dispatch(CountAction.add(2))
    store.dispatch(CountAction.reset)
    store.dispatch(CountAction.add(7))
    let recording = try Recording<CountAction, CountState>(json: try devTools.recording().json())
    let fresh = Self.store()
    let final = await recording.replay(into: fresh.reportingActions(CountAction.self))
    #expect(final == recording.finalState)
    #expect(fresh.state.count == 7)
  }

  @Test func anActionTheHistoryCannotRecordIsAMisuse() {
    let store = Self.store()
    let devTools = store.reportingActions(CountAction.self).devTools()
    withKnownIssue {
      store.dispatch(OtherAction())
    }
    #expect(devTools.entries.isEmpty)
  }
}

struct CountState: Sendable, Equatable, Codable {
  var count = 0
}

enum CountAction: Swidux.Action, Sendable, Equatable, Codable {
  case add(Int)
  case reset
}

struct OtherAction: Swidux.Action {}

let countReducer = Swidux.Reducer<CountState> { state, action in
  switch action {
  case CountAction.add(let amount): state.count += amount
  case CountAction.reset: state.count = 0
  default: break
  }
}

/// The counts a subscription saw, read by the test.
final class Counts: @unchecked Sendable {
  // Safe: every access holds the lock.
  private let lock = NSLock()
  private var stored: [Int] = []
  func append(_ value: Int) { lock.withLock { stored.append(value) } }
  var values: [Int] { lock.withLock { stored } }
}
