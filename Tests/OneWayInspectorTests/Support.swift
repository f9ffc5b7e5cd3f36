#if Inspector
import Foundation
import HTTPTypes
import OneWay
import OneWayDevTools
import OneWayInspector

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter whose actions and state are `Codable`: every feature of the page.
struct Clicks: Reducer {
  struct State: Sendable, Equatable, Codable {
    var count = 0
  }

  enum Action: Sendable, Equatable, Codable {
    case add
    case reset
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add: state.count += 1
    case .reset: state.count = 0
    }
    return .none
  }
}

/// A store whose types are not `Codable`: the page shows dumps and travels, no more.
struct Opaque: Reducer {
  struct State: Sendable, Equatable {
    var pokes = 0
  }

  enum Action: Sendable {
    case poke
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    state.pokes += 1
    return .none
  }
}

let tokenHeader = HTTPField.Name("X-OneWay-Token")!

/// Runs `body` with an inspector of `devTools` (a fresh counter's when `nil`) and a client
/// connected to it, then stops both.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func withInspector<Action: Codable, State: Codable>(
  _ devTools: DevTools<Action, State>,
  _ body: @escaping @Sendable (Inspector, LoopbackClient) async throws -> Void
) async throws {
  let inspector = try await Inspector.start(devTools, printsURL: false)
  try await connect(inspector, body)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func withInspector<Action, State>(
  _ devTools: DevTools<Action, State>,
  _ body: @escaping @Sendable (Inspector, LoopbackClient) async throws -> Void
) async throws {
  let inspector = try await Inspector.start(devTools, printsURL: false)
  try await connect(inspector, body)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func withInspector(
  _ body: @escaping @Sendable (Inspector, LoopbackClient) async throws -> Void
) async throws {
  let store = Store(reducer: Clicks(), state: Clicks.State())
  try await withInspector(await store.devTools(), body)
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
private func connect(
  _ inspector: Inspector,
  _ body: @escaping @Sendable (Inspector, LoopbackClient) async throws -> Void
) async throws {
  do {
    try await body(inspector, LoopbackClient(port: inspector.port))
  } catch {
    await inspector.stop()
    throw error
  }
  await inspector.stop()
}

/// A request to `inspector`, with the `Host` its own page would send unless `authority` says
/// otherwise.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func request(
  _ path: String,
  _ inspector: Inspector,
  method: HTTPRequest.Method = .get,
  authority: String? = nil,
  headers: HTTPFields = [:],
  body: String? = nil
) -> LoopbackRequest {
  LoopbackRequest(
    method: method,
    path: path,
    host: authority ?? "127.0.0.1:\(inspector.port)",
    headers: headers,
    body: body
  )
}

func text(_ response: LoopbackResponse) -> String {
  response.body
}

/// The machine's IPv4 addresses other than loopback, to check the server is not reachable there.
func nonLoopbackIPv4Addresses() -> [String] {
  var list: UnsafeMutablePointer<ifaddrs>?
  guard getifaddrs(&list) == 0, let first = list else { return [] }
  defer { freeifaddrs(list) }
  var addresses: [String] = []
  for item in sequence(first: first, next: { $0.pointee.ifa_next }) {
    guard let address = item.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
    else { continue }
    var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    guard
      getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
    else { continue }
    let text = String(
      decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
      as: UTF8.self
    )
    if !text.hasPrefix("127.") { addresses.append(text) }
  }
  return addresses
}

/// Whether a TCP connection to `address`:`port` is accepted.
func canConnect(to address: String, port: Int) -> Bool {
  guard let socket = try? connectToLoopback(port: port, address: address) else { return false }
  close(socket)
  return true
}
#endif
