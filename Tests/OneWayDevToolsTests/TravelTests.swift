import Clocks
import Foundation
import OneWay
import OneWayDevTools
import OneWayTesting
import Testing

/// H2: jump, resume, commit and skip.
@Suite("DevTools: time travel (H2)")
struct TravelTests {
  @Test func h2AJumpShowsAnEntrysStateToObservers() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await store.send(.counter(.decrement))
    await store.send(.counter(.decrement))
    let seen = Seen()
    let subscription = await store.subscribe(\.counter.count) { seen.append($0) }
    try await devTools.jump(to: 0)
    #expect(await store.state.counter.count == -1)
    #expect(devTools.travelledIndex == 0)
    #expect(seen.values == [-2, -1])
    await devTools.resume()
    #expect(await store.state.counter.count == -2)
    #expect(devTools.travelledIndex == nil)
    #expect(seen.values == [-2, -1, -2])
    subscription.cancel()
  }

  @Test func h2WhileAwayActionsAreHeldAndNoEffectStarts() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await store.send(.counter(.decrement))
    try await devTools.jump(to: 0)
    await store.send(.counter(.increment))
    await store.send(.load)
    #expect(await devTools.heldActions == [.counter(.increment), .load])
    #expect(await store.state.counter.count == -1)
    #expect(devTools.entries.count == 1)
    // Held actions are reduced in the order they arrived; what their effects queue follows.
    await devTools.resume()
    await store.waitUntilIdle()
    #expect(await devTools.heldActions == [])
    #expect(
      devTools.entries.map(\.action) == [
        .counter(.decrement), .counter(.increment), .load, .counter(.saved(0)), .loaded(0),
      ]
    )
    #expect(await store.state.loaded == 0)
  }

  @Test func h2ActionsFromEffectsAreHeldToo() async throws {
    let (pings, ping) = AsyncStream<Int>.makeStream()
    let store = Store(reducer: Pinger(pings: pings), state: 0)
    let devTools = await store.devTools()
    ping.yield(1)
    await waitUntil("the first ping's entry") { !devTools.entries.isEmpty }
    try await devTools.jump(to: 0)
    ping.yield(2)
    await waitUntil("the second ping to be held") { await !devTools.heldActions.isEmpty }
    #expect(await devTools.heldActions == [2])
    #expect(await store.state == 1)
    await devTools.resume()
    #expect(await store.state == 2)
    #expect(devTools.entries.map(\.origin) == [.bind, .bind])
    ping.finish()
  }

  @Test func h2CommitGoesOnFromTheTravelledState() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await store.send(.counter(.decrement))
    await store.send(.counter(.decrement))
    await store.send(.counter(.decrement))
    try await devTools.jump(to: 0)
    await store.send(.counter(.decrement))
    await devTools.commit()
    #expect(await store.state.counter.count == -2)
    #expect(devTools.entries.map(\.index) == [0, 1])
    #expect(devTools.travelledIndex == nil)
  }

  @Test func h2SkippingRecomputesTheLaterStatesWithoutEffects() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await store.send(.counter(.increment))  // 0, and its save 1
    await store.send(.counter(.increment))  // 2, and its save 3
    await store.send(.counter(.decrement))  // 4
    try await devTools.toggleSkip(0)
    let entries = devTools.entries
    #expect(entries.map(\.isSkipped) == [true, false, false, false, false])
    #expect(entries.map(\.state.counter.count) == [0, 0, 1, 1, 0])
    // Replayed without effects: no new entry, and the live store shows the newest state.
    #expect(entries.count == 5)
    #expect(await store.state.counter.count == 0)
    #expect(await store.state.saves == 2)
    try await devTools.toggleSkip(0)
    #expect(devTools.entries.map(\.state.counter.count) == [1, 1, 2, 2, 1])
    #expect(await store.state.counter.count == 1)
  }

  @Test func h2JumpingToAnEntryTheHistoryDoesNotKeepFails() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await #expect(throws: DevToolsError.noSuchEntry(3)) { try await devTools.jump(to: 3) }
    await #expect(throws: DevToolsError.noSuchEntry(3)) { try await devTools.toggleSkip(3) }
  }
}

/// Values a subscription saw, read by the test.
final class Seen: @unchecked Sendable {
  // Safe: every access holds the lock.
  private let lock = NSLock()
  private var stored: [Int] = []
  func append(_ value: Int) { lock.withLock { stored.append(value) } }
  var values: [Int] { lock.withLock { stored } }
}

/// A store fed by a stream through `bind()`: its state is the last value.
struct Pinger: Reducer {
  let pings: AsyncStream<Int>

  func bind() -> AnyEffect<Int> {
    .sequence { send in
      for await ping in pings { send(ping) }
    }
  }

  func reduce(state: inout Int, action: Int) -> AnyEffect<Int> {
    state = action
    return .none
  }
}
