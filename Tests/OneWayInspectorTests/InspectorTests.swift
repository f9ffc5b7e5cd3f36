#if Inspector
import Foundation
import HTTPTypes
import OneWay
import OneWayDevTools
import OneWayInspector
import Testing

/// H4: the inspector listens on loopback only, needs the session's token, refuses other
/// origins; and its API drives the dev tools. (Each test needs the server's platforms: Swift
/// Testing takes no `@available` on a suite.)
@Suite("Inspector: the page's server (H4)")
struct InspectorTests {
  @Test func h4ARequestWithoutTheRightTokenIsRefused() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    try await withInspector { inspector, client in
      let missing = try await client.execute(request("/api/entries", inspector))
      #expect(missing.status == .unauthorized)
      let wrongToken = String(repeating: "0", count: inspector.token.count)
      let wrong = try await client.execute(request("/api/entries?token=\(wrongToken)", inspector))
      #expect(wrong.status == .unauthorized)
      let page = try await client.execute(request("/?token=\(inspector.token)", inspector))
      #expect(page.status == .ok)
      #expect(text(page).contains("<title>OneWay inspector</title>"))
      let header = try await client.execute(
        request("/api/entries", inspector, headers: [tokenHeader: inspector.token])
      )
      #expect(header.status == .ok)
    }
  }

  @Test func h4TheTokenIs32RandomBytesInHex() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    try await withInspector { first, _ in
      try await withInspector { second, _ in
        #expect(first.token.count == 64)
        #expect(first.token.allSatisfy { $0.isHexDigit })
        #expect(first.token != second.token)
        #expect(first.url.absoluteString.hasSuffix("/?token=\(first.token)"))
      }
    }
  }

  @Test func h4ARequestFromAnotherOriginIsRefused() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    try await withInspector { inspector, client in
      let foreign = try await client.execute(
        request(
          "/api/entries?token=\(inspector.token)",
          inspector,
          headers: [.origin: "http://evil.example"]
        )
      )
      #expect(foreign.status == .forbidden)
      let own = try await client.execute(
        request(
          "/api/entries?token=\(inspector.token)",
          inspector,
          headers: [.origin: "http://127.0.0.1:\(inspector.port)"]
        )
      )
      #expect(own.status == .ok)
    }
  }

  @Test func h4AnotherHostNameIsRefused() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    // A DNS-rebinding page reaches 127.0.0.1 under its own name, which the Host header tells.
    try await withInspector { inspector, client in
      let rebound = try await client.execute(
        request(
          "/api/entries?token=\(inspector.token)",
          inspector,
          authority: "evil.example:\(inspector.port)"
        )
      )
      #expect(rebound.status == .forbidden)
      let localhost = try await client.execute(
        request(
          "/api/entries?token=\(inspector.token)",
          inspector,
          authority: "localhost:\(inspector.port)"
        )
      )
      #expect(localhost.status == .ok)
    }
  }

  @Test func h4ItListensOnLoopbackOnly() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    try await withInspector { inspector, _ in
      #expect(inspector.url.host == "127.0.0.1")
      for address in nonLoopbackIPv4Addresses() {
        #expect(!canConnect(to: address, port: inspector.port), "reachable at \(address)")
      }
    }
  }

  @Test func sendWithBadJSONIsABadRequestThatSaysWhy() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    try await withInspector { inspector, client in
      let bad = try await client.execute(
        request(
          "/api/send?token=\(inspector.token)",
          inspector,
          method: .post,
          body: "{\"nope\":1}"
        )
      )
      #expect(bad.status == .badRequest)
      #expect(text(bad).contains("The action does not decode"))
      let good = try await client.execute(
        request(
          "/api/send?token=\(inspector.token)",
          inspector,
          method: .post,
          body: #"{"add":{}}"#
        )
      )
      #expect(good.status == .ok)
    }
  }

  @Test func aJumpChangesTheStoresState() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    let store = Store(reducer: Clicks(), state: Clicks.State())
    let devTools = await store.devTools()
    await store.send(.add)
    await store.send(.add)
    await store.send(.add)
    try await withInspector(devTools) { inspector, client in
      let jump = try await client.execute(
        request("/api/jump?index=0&token=\(inspector.token)", inspector, method: .post)
      )
      #expect(jump.status == .ok)
      #expect(await store.state.count == 1)
      let missing = try await client.execute(
        request("/api/jump?index=99&token=\(inspector.token)", inspector, method: .post)
      )
      #expect(missing.status == .notFound)
      _ = try await client.execute(
        request("/api/resume?token=\(inspector.token)", inspector, method: .post)
      )
      #expect(await store.state.count == 3)
    }
  }

  @Test func exportGivesBackWhatWasSentAndImportLoadsIt() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    let store = Store(reducer: Clicks(), state: Clicks.State())
    let devTools = await store.devTools()
    try await withInspector(devTools) { inspector, client in
      for action in [#"{"add":{}}"#, #"{"reset":{}}"#, #"{"add":{}}"#] {
        _ = try await client.execute(
          request("/api/send?token=\(inspector.token)", inspector, method: .post, body: action)
        )
      }
      let export = try await client.execute(
        request("/api/export?token=\(inspector.token)", inspector)
      )
      let recording = try Recording<Clicks.Action, Clicks.State>(json: Data(text(export).utf8))
      #expect(recording.steps.map(\.action) == [.add, .reset, .add])
      #expect(recording.finalState.count == 1)

      let imported = try await client.execute(
        request(
          "/api/import?token=\(inspector.token)",
          inspector,
          method: .post,
          body: #"{"initialState":{"count":7},"steps":[]}"#
        )
      )
      #expect(imported.status == .ok)
      #expect(devTools.entries.isEmpty)
    }
  }

  @Test func theStateAndDiffOfAnEntry() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    let store = Store(reducer: Clicks(), state: Clicks.State())
    let devTools = await store.devTools()
    await store.send(.add)
    try await withInspector(devTools) { inspector, client in
      let state = try await client.execute(
        request("/api/state?index=0&token=\(inspector.token)", inspector)
      )
      #expect(text(state).contains(#"\"count\":1"#))
      let diff = try await client.execute(
        request("/api/diff?index=0&token=\(inspector.token)", inspector)
      )
      #expect(text(diff).contains("+ Clicks.State(count: 1)"))
      let entries = try await client.execute(
        request("/api/entries?token=\(inspector.token)", inspector)
      )
      #expect(text(entries).contains(#""actionJSON":"{\"add\":{}}""#))
    }
  }

  @Test func withoutCodableTypesExportIsNotAvailable() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else { return }
    let store = Store(reducer: Opaque(), state: Opaque.State())
    let devTools = await store.devTools()
    await store.send(.poke)
    try await withInspector(devTools) { inspector, client in
      let export = try await client.execute(
        request("/api/export?token=\(inspector.token)", inspector)
      )
      #expect(export.status == .notImplemented)
      let state = try await client.execute(
        request("/api/state?index=0&token=\(inspector.token)", inspector)
      )
      #expect(!text(state).contains(#""json""#))
      #expect(text(state).contains("pokes: 1"))
    }
  }
}
#endif
