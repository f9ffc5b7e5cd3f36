#if Combine
import Foundation
import OneWayCombine
import OneWayDevTools
import OneWayTesting
import Testing

/// H1–H3 for OneWayCombine's front doors: history, travel and a replayed recording reach a
/// `Way` and an `NSWay` through their changes, as they reach a `Store`.
@Suite("DevTools: ways (H1–H3)")
struct WayHistoryTests {
  @Test func h1AWaysHistoryRecordsEveryActionWithItsOrigin() throws {
    let way = TallyWay(initialState: TallyWay.State(), threadOption: .threadSafe)
    let devTools = way.devTools()
    way.send(.increment)
    way.send(.twice)
    let entries = devTools.entries
    #expect(entries.map(\.action) == [.increment, .twice, .increment, .increment])
    #expect(entries.map(\.origin) == [.send, .send, .effect, .effect])
    #expect(entries.map(\.state.number) == [1, 1, 2, 3])
    #expect(devTools.baseState == TallyWay.State())
  }

  @Test func h2AWayTravelsHoldsActionsAndPublishesTheTravelledState() async throws {
    let way = TallyWay(initialState: TallyWay.State(), threadOption: .threadSafe)
    let devTools = way.devTools()
    let published = PublishedNumbers()
    let subscription = way.publisher.number.sink { published.append($0) }
    way.send(.increment)
    way.send(.twice)
    try await devTools.jump(to: 0)
    #expect(way.state.number == 1)
    way.send(.decrement)
    #expect(await devTools.heldActions == [.decrement])
    #expect(way.state.number == 1)
    await devTools.resume()
    #expect(way.state.number == 2)
    #expect(published.values == [0, 1, 2, 3, 1, 3, 2])
    try await devTools.toggleSkip(2)
    #expect(devTools.entries.map(\.state.number) == [1, 1, 1, 2, 1])
    #expect(way.state.number == 1)
    subscription.cancel()
  }

  @Test func h3AWaysRecordingReplaysIntoAFreshWay() async throws {
    let way = TallyWay(initialState: TallyWay.State(), threadOption: .threadSafe)
    let devTools = way.devTools()
    way.send(.twice)
    way.send(.decrement)
    let recording = try Recording<TallyWay.Action, TallyWay.State>(
      json: try devTools.recording().json()
    )
    #expect(recording.steps.map(\.origin) == [.send, .effect, .effect, .send])
    let fresh = TallyWay(initialState: recording.initialState, threadOption: .threadSafe)
    let final = await recording.replay(into: fresh)
    #expect(final == recording.finalState)
    #expect(fresh.state.number == 1)
  }

  @Test func h1ToH3ReachAnNSWay() async throws {
    let way = TallyNSWay(initialState: TallyWay.State(), threadOption: .threadSafe)
    let devTools = way.devTools()
    way.send(.twice)
    way.send(.decrement)
    #expect(devTools.entries.map(\.origin) == [.send, .effect, .effect, .send])
    let recording = devTools.recording()
    try await devTools.jump(to: 1)
    #expect(way.state.number == 1)
    way.send(.increment)
    #expect(await devTools.heldActions == [.increment])
    await devTools.commit()
    #expect(way.state.number == 2)
    #expect(devTools.entries.map(\.state.number) == [0, 1, 2])
    let fresh = TallyNSWay(initialState: recording.initialState, threadOption: .threadSafe)
    #expect(await recording.replay(into: fresh) == recording.finalState)
    #expect(fresh.state.number == 1)
  }
}

/// A counter way whose `twice` increments twice through synchronous side ways.
final class TallyWay: Way<TallyWay.Action, TallyWay.State>, @unchecked Sendable {
  enum Action: Sendable, Equatable, Codable {
    case increment
    case decrement
    case twice
  }

  struct State: Sendable, Equatable, Codable {
    var number = 0
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    tally(&state, action)
  }
}

/// ``TallyWay`` as an `NSWay`.
final class TallyNSWay: NSWay<TallyWay.Action, TallyWay.State>, @unchecked Sendable {
  override func reduce(
    state: inout TallyWay.State,
    action: TallyWay.Action
  ) -> SideWay<TallyWay.Action, Never> {
    tally(&state, action)
  }
}

private func tally(
  _ state: inout TallyWay.State,
  _ action: TallyWay.Action
) -> SideWay<TallyWay.Action, Never> {
  switch action {
  case .increment:
    state.number += 1
    return .none
  case .decrement:
    state.number -= 1
    return .none
  case .twice:
    return .concat(.just(.increment), .just(.increment))
  }
}

/// The values a publisher sent, read by the test.
final class PublishedNumbers: @unchecked Sendable {
  // Safe: every access holds the lock.
  private let lock = NSLock()
  private var stored: [Int] = []
  func append(_ value: Int) { lock.withLock { stored.append(value) } }
  var values: [Int] { lock.withLock { stored } }
}
#endif
