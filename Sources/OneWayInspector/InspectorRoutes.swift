#if Inspector
import Foundation
import HTTPTypes
import Hummingbird
import OneWayDevTools

/// The page and its JSON API; every route is behind ``InspectorGuard``.
///
/// | Route | What it does |
/// | --- | --- |
/// | `GET /` | the page |
/// | `GET /api/entries?since=N` | the entries from index N on |
/// | `GET /api/state?index=N` | the state after entry N (the base state without `index`) |
/// | `GET /api/diff?index=N` | what entry N changed |
/// | `POST /api/jump?index=N`, `/api/skip?index=N` | travel to entry N, skip it or bring it back |
/// | `POST /api/resume`, `/api/commit` | end the travel |
/// | `GET /api/export` | the recording, as JSON |
/// | `POST /api/import` | load a recording (the body) |
/// | `POST /api/send` | send an action (the body, as JSON) |
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func addInspectorRoutes<Context: RequestContext>(
  to router: Router<Context>,
  backend: InspectorBackend
) {
  router.get("/") { _, _ in
    Response(
      status: .ok,
      headers: [
        .contentType: "text/html; charset=utf-8",
        // The page fetches nothing but this server's API.
        InspectorHeader.contentSecurityPolicy:
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
          + "connect-src 'self'; img-src data:; form-action 'none'; frame-ancestors 'none'",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(string: inspectorPage))
    )
  }
  router.get("/api/entries") { request, _ in
    let since = request.uri.queryParameters["since"].flatMap { Int($0) } ?? 0
    return jsonResponse(backend.entries(since))
  }
  router.get("/api/state") { request, _ in
    let index = request.uri.queryParameters["index"].flatMap { Int($0) }
    guard let state = backend.state(index) else { return noSuchEntry(index) }
    return jsonResponse(state)
  }
  router.get("/api/diff") { request, _ in
    guard let index = entryIndex(request) else { return needsIndex() }
    guard let diff = backend.diff(index) else { return noSuchEntry(index) }
    return jsonResponse(diff)
  }
  router.post("/api/jump") { request, _ in
    guard let index = entryIndex(request) else { return needsIndex() }
    return await outcome { try await backend.jump(index) }
  }
  router.post("/api/skip") { request, _ in
    guard let index = entryIndex(request) else { return needsIndex() }
    return await outcome { try await backend.toggleSkip(index) }
  }
  router.post("/api/resume") { _, _ in
    await backend.resume()
    return jsonResponse(["done": true])
  }
  router.post("/api/commit") { _, _ in
    await backend.commit()
    return jsonResponse(["done": true])
  }
  router.get("/api/export") { _, _ in
    guard let recordings = backend.recordings else { return needsCodable() }
    do {
      var response = jsonResponse(data: try recordings.export())
      response.headers[.contentDisposition] = #"attachment; filename="recording.json""#
      return response
    } catch {
      return problem(.internalServerError, "The recording does not encode: \(error)")
    }
  }
  router.post("/api/import") { request, _ in
    guard let recordings = backend.recordings else { return needsCodable() }
    let body = try await bodyData(request)
    return await outcome { try await recordings.load(body) }
  }
  router.post("/api/send") { request, _ in
    guard let recordings = backend.recordings else { return needsCodable() }
    let body = try await bodyData(request)
    return await outcome { try await recordings.send(body) }
  }
}

/// Recordings are small; a body past this is a mistake, refused rather than read.
private let maximumBodySize = 32 << 20

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func bodyData(_ request: Request) async throws -> Data {
  let buffer = try await request.body.collect(upTo: maximumBodySize)
  return Data(buffer.readableBytesView)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func entryIndex(_ request: Request) -> Int? {
  request.uri.queryParameters["index"].flatMap { Int($0) }
}

/// `{"done": true}`, or the dev tools' error as a 400 or a 404 that says what was wrong.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func outcome(_ body: () async throws -> Void) async -> Response {
  do {
    try await body()
    return jsonResponse(["done": true])
  } catch let error as DevToolsError {
    if case .noSuchEntry = error { return problem(.notFound, error.description) }
    return problem(.badRequest, error.description)
  } catch {
    return problem(.badRequest, "\(error)")
  }
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func needsIndex() -> Response {
  problem(.badRequest, "Say which entry with ?index=N (a whole number).")
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func noSuchEntry(_ index: Int?) -> Response {
  problem(.notFound, DevToolsError.noSuchEntry(index ?? -1).description)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func needsCodable() -> Response {
  problem(
    .notImplemented,
    "Export, import and send need the store's Action and State to be Codable."
  )
}
#endif
