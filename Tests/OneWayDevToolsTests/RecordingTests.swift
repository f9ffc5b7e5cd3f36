import Clocks
import Foundation
import OneWay
import OneWayDevTools
import Testing

/// H3: recordings exported, imported, replayed, and turned into tests.
@Suite("DevTools: recordings (H3)")
struct RecordingTests {
  /// A session of the composed feature: sends, a synchronous effect, an asynchronous one, and
  /// time moving on a test clock.
  static func recordSession() async throws -> Recording<Tally.Action, Tally.State> {
    let clock = TestClock()
    let store = Store(reducer: Tally(), state: Tally.State(), clock: clock)
    let devTools = await store.devTools(clock: clock)
    await store.send(.counter(.increment))
    await clock.advance(by: .milliseconds(250))
    await store.send(.counter(.increment))
    await store.send(.load)
    await store.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    await store.send(.counter(.decrement))
    return devTools.recording()
  }

  @Test func h3ARecordingExportsAndImportsAsJSON() async throws {
    let recording = try await Self.recordSession()
    #expect(
      recording.steps.map(\.origin) == [.send, .effect, .send, .effect, .send, .effect, .send]
    )
    #expect(
      recording.steps.map(\.nanoseconds) == [
        0, 0, 250_000_000, 250_000_000, 250_000_000, 250_000_000, 1_250_000_000,
      ]
    )
    let json = try recording.json()
    let imported = try Recording<Tally.Action, Tally.State>(json: json)
    #expect(imported.initialState == recording.initialState)
    #expect(imported.steps.map(\.action) == recording.steps.map(\.action))
    #expect(imported.finalState == recording.finalState)
    #expect(imported.finalState.loaded == 20)
    #expect(try imported.json() == json)
  }

  @Test func h3ARecordingThatDoesNotDecodeIsAClearError() async throws {
    let json = Data(#"{"initialState": {"counter": {"count": "one"}}, "steps": []}"#.utf8)
    #expect {
      _ = try Recording<Tally.Action, Tally.State>(json: json)
    } throws: { error in
      guard case .invalidRecording(let message) = error as? DevToolsError else { return false }
      return message.contains("initialState.counter.count")
    }
  }

  @Test func h3ImportingMakesTheStoreShowTheRecordedFinalState() async throws {
    let recording = try await Self.recordSession()
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    await devTools.load(recording)
    #expect(await store.state == recording.finalState)
    #expect(devTools.entries.count == recording.steps.count)
    #expect(devTools.travelledIndex == recording.steps.count - 1)
    try await devTools.jump(to: 0)
    #expect(await store.state == recording.steps[0].state)
    await devTools.resume()
    #expect(await store.state == recording.finalState)
    await store.send(.counter(.increment))
    #expect(await store.state.counter.count == 2)
  }

  @Test func h3AnActionAsJSONIsSentOrRefusedWithAMessage() async throws {
    let store = Store(reducer: Tally(), state: Tally.State())
    let devTools = await store.devTools()
    try await devTools.send(json: Data(#"{"counter":{"_0":{"decrement":{}}}}"#.utf8))
    #expect(await store.state.counter.count == -1)
    await #expect(throws: DevToolsError.self) {
      try await devTools.send(json: Data(#"{"jump":{}}"#.utf8))
    }
  }

  @Test func h3AReplayUnderATestClockReachesTheRecordedFinalState() async throws {
    let recording = try await Self.recordSession()
    let clock = TestClock()
    let store = Store(reducer: Tally(), state: recording.initialState, clock: clock)
    let final = await recording.replay(into: store) { await clock.advance(by: $0) }
    #expect(final == recording.finalState)
  }

  @Test func h3ARecordingBecomesTheSourceOfATestStoreTest() async throws {
    let recording = try await Self.recordSession()
    let source = try recording.testSource(named: "recordedTally", reducer: "Tally()")
    #expect(source.contains("@Test func recordedTally() async throws {"))
    #expect(source.contains("await clock.advance(by: .nanoseconds(250000000))"))
    #expect(source.components(separatedBy: "await store.send(").count - 1 == 4)
    #expect(source.components(separatedBy: "await store.receive(").count - 1 == 3)
    #expect(source.contains("await store.finish()"))
    // Scripts/recorded_test.sh compiles and runs it in a scratch package: it asks for the
    // files here.
    if let directory = ProcessInfo.processInfo.environment["ONEWAY_RECORDED_TEST_DIR"] {
      try source.write(
        toFile: directory + "/RecordedTallyTests.swift",
        atomically: true,
        encoding: .utf8
      )
    }
  }
}
