#if Inspector
import Foundation
import Hummingbird
import Logging
import OneWay
import OneWayDevTools
import ServiceLifecycle

/// A web page that shows a running store's history and travels in it, served on the loopback
/// interface while the app runs.
///
/// ```swift
/// let devTools = store.devTools()
/// let inspector = try await Inspector.start(devTools)
/// // Prints "OneWay inspector: http://127.0.0.1:PORT/?token=…"; open it in a browser.
/// await inspector.stop()
/// ```
///
/// The server listens on 127.0.0.1 only, on a port the system picks, and answers only requests
/// that carry the session's token (32 random bytes, in the URL it prints) from the page's own
/// origin; every other request is refused. The page is one self-contained file: it fetches
/// nothing from anywhere else.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public final class Inspector: Sendable {
  /// The page's address, with the session's token as its `token` query item.
  public let url: URL
  /// The port the server listens on, at 127.0.0.1.
  public let port: Int
  /// The session's token: every request must carry it, as the `token` query item or the
  /// `X-OneWay-Token` header.
  public let token: String

  private let group: ServiceGroup
  private let server: Task<Void, Never>

  private init(port: Int, token: String, group: ServiceGroup, server: Task<Void, Never>) {
    self.port = port
    self.token = token
    self.group = group
    self.server = server
    url = URL(string: "http://127.0.0.1:\(port)/?token=\(token)")!
  }

  /// Starts serving the page of `devTools`, with every feature: the actions and states as JSON,
  /// export, import and send.
  ///
  /// - Parameters:
  ///   - devTools: The dev tools of the store to inspect.
  ///   - printsURL: Whether to print the page's address (with its token) to standard output.
  /// - Returns: The running inspector.
  /// - Throws: The server's error when it cannot listen.
  public static func start<Action: Codable, State: Codable>(
    _ devTools: DevTools<Action, State>,
    printsURL: Bool = true
  ) async throws -> Inspector {
    try await start(InspectorBackend(codable: devTools), printsURL: printsURL)
  }

  /// Starts serving the page of `devTools`, for a store whose action or state is not `Codable`:
  /// the page shows the history, the states and the diffs, and travels; export, import and
  /// send need `Codable` types.
  ///
  /// - Parameters:
  ///   - devTools: The dev tools of the store to inspect.
  ///   - printsURL: Whether to print the page's address (with its token) to standard output.
  /// - Returns: The running inspector.
  /// - Throws: The server's error when it cannot listen.
  public static func start<Action, State>(
    _ devTools: DevTools<Action, State>,
    printsURL: Bool = true
  ) async throws -> Inspector {
    try await start(InspectorBackend(devTools), printsURL: printsURL)
  }

  private static func start(
    _ backend: InspectorBackend,
    printsURL: Bool
  ) async throws -> Inspector {
    let token = makeToken()
    let bound = BoundPort()
    let router = Router()
    router.add(middleware: InspectorGuard(token: token, port: bound))
    addInspectorRoutes(to: router, backend: backend)

    let (listening, announce) = AsyncStream<Int>.makeStream()
    let (failure, report) = AsyncStream<any Error>.makeStream()
    var logger = Logger(label: "OneWayInspector")
    logger.logLevel = .warning
    let app = Application(
      router: router,
      configuration: ApplicationConfiguration(
        address: .hostname("127.0.0.1", port: 0),
        serverName: nil
      ),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        bound.value = port
        announce.yield(port)
      },
      logger: logger
    )
    // A group of its own, so that stop() can shut the server down gracefully (a cancelled
    // server logs every open connection as an error) and no signal handler is installed.
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(services: [app], logger: logger)
    )
    let server = Task {
      do { try await group.run() } catch { report.yield(error) }
      report.finish()
      announce.finish()
    }
    guard let port = await listening.first(where: { _ in true }) else {
      var errors = failure.makeAsyncIterator()
      throw await errors.next() ?? InspectorError.notListening
    }
    let inspector = Inspector(port: port, token: token, group: group, server: server)
    if printsURL {
      print("OneWay inspector: \(inspector.url.absoluteString)")
      // Flushed at once: the output may be a pipe that someone reads the address from.
      fflush(nil)
    }
    return inspector
  }

  /// Stops the server and waits until it has closed its socket.
  public func stop() async {
    await group.triggerGracefulShutdown()
    await server.value
  }
}

/// Why the inspector did not start.
public enum InspectorError: Error, CustomStringConvertible {
  /// The server stopped before it listened, without saying why.
  case notListening

  /// The error, said in a sentence.
  public var description: String {
    switch self {
    case .notListening: "The inspector's server stopped before it listened."
    }
  }
}
#endif
