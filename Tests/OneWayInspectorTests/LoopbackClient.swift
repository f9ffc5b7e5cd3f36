#if Inspector
import Foundation
import HTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 request, written as it goes on the wire: the `Host` header is the test's to
/// choose (a page that rebinds DNS sends its own name), which an HTTP client library would not
/// let it forge. Each request has a connection of its own, closed by the server after the answer.
struct LoopbackRequest: Sendable {
  var method: HTTPRequest.Method
  var path: String
  var host: String
  var headers: HTTPFields
  var body: String?

  var wire: Data {
    var lines = ["\(method.rawValue) \(path) HTTP/1.1", "Host: \(host)", "Connection: close"]
    for field in headers { lines.append("\(field.name.rawName): \(field.value)") }
    let body = Data((body ?? "").utf8)
    if method != .get { lines.append("Content-Length: \(body.count)") }
    return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
  }
}

struct LoopbackResponse: Sendable {
  var status: HTTPResponse.Status
  var body: String
}

enum LoopbackError: Error {
  case cannotConnect(Int32)
  case malformedResponse(String)
}

/// A client of 127.0.0.1:`port` with blocking sockets, each request on a thread of its own so
/// that the cooperative pool, which the store's actor needs to answer, is never blocked.
struct LoopbackClient: Sendable {
  let port: Int

  func execute(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try exchange(request.wire) })
      }.start()
    }
  }

  private func exchange(_ request: Data) throws -> LoopbackResponse {
    let socket = try connectToLoopback(port: port)
    defer { close(socket) }
    var sent = 0
    while sent < request.count {
      let written = request.withUnsafeBytes { bytes in
        write(socket, bytes.baseAddress! + sent, bytes.count - sent)
      }
      guard written > 0 else { throw LoopbackError.cannotConnect(errno) }
      sent += written
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(socket, &buffer, buffer.count)
      guard count > 0 else { break }
      received.append(contentsOf: buffer[0..<count])
    }
    return try parse(String(decoding: received, as: UTF8.self))
  }

  private func parse(_ text: String) throws -> LoopbackResponse {
    guard let split = text.range(of: "\r\n\r\n") else {
      throw LoopbackError.malformedResponse(text)
    }
    let statusLine = text[..<split.lowerBound].prefix { $0 != "\r" }
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let code = Int(parts[1]) else {
      throw LoopbackError.malformedResponse(text)
    }
    return LoopbackResponse(
      status: HTTPResponse.Status(code: code),
      body: String(text[split.upperBound...])
    )
  }
}

/// A connected TCP socket to `address`:`port`.
func connectToLoopback(port: Int, address: String = "127.0.0.1") throws -> Int32 {
  #if canImport(Glibc)
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
  let fd = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard fd >= 0 else { throw LoopbackError.cannotConnect(errno) }
  var target = sockaddr_in()
  target.sin_family = sa_family_t(AF_INET)
  target.sin_port = in_port_t(UInt16(port).bigEndian)
  guard inet_pton(AF_INET, address, &target.sin_addr) == 1 else {
    close(fd)
    throw LoopbackError.cannotConnect(EINVAL)
  }
  let connected = withUnsafePointer(to: &target) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else {
    let error = errno
    close(fd)
    throw LoopbackError.cannotConnect(error)
  }
  return fd
}
#endif
