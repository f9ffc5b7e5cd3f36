#if Inspector
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses every request that does not come from the page of this session (H4): a `Host` that
/// is not this server's loopback address (a DNS-rebinding page would send its own name), an
/// `Origin` that is not the page's own, and a missing or wrong token.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct InspectorGuard<Context: RequestContext>: RouterMiddleware {
  let token: String
  let port: BoundPort

  func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let port = port.value else {
      return problem(.serviceUnavailable, "The inspector is still starting.")
    }
    let origins = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
    guard let host = request.head.authority, origins.contains("http://\(host)") else {
      return problem(.forbidden, "This server answers only at 127.0.0.1:\(port).")
    }
    if let origin = request.headers[.origin], !origins.contains(origin) {
      return problem(.forbidden, "Requests from \(origin) are refused.")
    }
    let given =
      request.headers[InspectorHeader.token]
      ?? request.uri.queryParameters["token"].map(String.init)
    guard let given, tokensMatch(given, token) else {
      return problem(.unauthorized, "The inspector needs the token of its URL.")
    }
    var response = try await next(request, context)
    // The token is in the page's URL: no referrer may carry it away, nothing may be cached.
    response.headers[InspectorHeader.referrerPolicy] = "no-referrer"
    response.headers[.cacheControl] = "no-store"
    response.headers[InspectorHeader.contentTypeOptions] = "nosniff"
    return response
  }
}

enum InspectorHeader {
  static let token = HTTPField.Name("X-OneWay-Token")!
  static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
  static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
  static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!
}

/// Compares every byte whatever the first difference, so that the time a refusal takes does not
/// tell how much of a guessed token was right.
func tokensMatch(_ given: some StringProtocol, _ token: String) -> Bool {
  let given = Array(given.utf8)
  let token = Array(token.utf8)
  guard given.count == token.count else { return false }
  var difference: UInt8 = 0
  for (a, b) in zip(given, token) { difference |= a ^ b }
  return difference == 0
}

/// 32 random bytes from the system's secure generator, as 64 hexadecimal digits.
func makeToken() -> String {
  var generator = SystemRandomNumberGenerator()
  return (0..<32).map { _ in
    let byte = UInt8.random(in: .min ... .max, using: &generator)
    return String(byte, radix: 16).leftPadded(to: 2)
  }.joined()
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

/// The port the server bound, known once it listens; read by every request.
// Safe: `value` is only read and written under `lock`.
final class BoundPort: @unchecked Sendable {
  private let lock = NSLock()
  private var port: Int?

  var value: Int? {
    get { lock.withLock { port } }
    set { lock.withLock { port = newValue } }
  }
}

/// A JSON error body, `{"error": message}`.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
  jsonResponse(["error": message], status: status)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let data = (try? encoder.encode(value)) ?? Data(#"{"error":"unencodable"}"#.utf8)
  return jsonResponse(data: data, status: status)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func jsonResponse(data: Data, status: HTTPResponse.Status = .ok) -> Response {
  Response(
    status: status,
    headers: [.contentType: "application/json; charset=utf-8"],
    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
  )
}
#endif
