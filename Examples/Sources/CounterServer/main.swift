import Foundation
import Hummingbird
import Logging
import OneWayPostgres
import PostgresNIO
import ServiceLifecycle

// An HTTP service of counters, each a SharedStore whose journal is in PostgreSQL: run two of it
// on two ports against one database, and both serve every counter.
//
//   eval "$(bash Scripts/postgres.sh start)"
//   swift run --package-path Examples CounterServer --port 8080
//
// Settings: DATABASE_URL or the PG* variables; see Options.usage; LOG_LEVEL (info).

/// The command line's options.
struct Options {
  static let usage = """
    Usage: CounterServer [--port N] [--idle-seconds N] [--timeout-seconds N]

    An HTTP service of counters whose journal is in PostgreSQL (DATABASE_URL, or the PG*
    variables); run several on different ports against one database.

      --port N             the port on 127.0.0.1 to listen on (8080)
      --idle-seconds N     how long an unused counter stays loaded (60)
      --timeout-seconds N  how long a request waits for the database before it is answered
                           503 with the server's address (3)
      --help               prints this, and exits
    """

  var port = 8080
  var idleSeconds = 60
  var timeoutSeconds = 3
  var wantsHelp = false

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--help" || argument == "-h" {
        wantsHelp = true
        return
      }
      guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
        throw UsageError(argument: argument)
      }
      switch argument {
      case "--port" where number <= 65535: port = number
      case "--idle-seconds": idleSeconds = number
      case "--timeout-seconds": timeoutSeconds = number
      default: throw UsageError(argument: argument)
      }
    }
  }
}

struct UsageError: Error, CustomStringConvertible {
  var argument: String
  var description: String {
    "unexpected '\(argument)', or a missing or invalid value after it.\n\(Options.usage)"
  }
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
func serve(_ options: Options) async throws {
  var logging = Logger(label: "CounterServer")
  logging.logLevel =
    ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) }
    ?? .info
  let logger = logging
  var configuration = try PostgresClient.Configuration.fromEnvironment()
  // A request fails with a 503 that names the server soon after the database goes away,
  // instead of waiting for it.
  let timeout = Duration.seconds(options.timeoutSeconds)
  configuration.options.connectTimeout = timeout
  configuration.options.maximumConnections = 16
  let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
  let journal = PostgresJournal(
    client: client,
    configuration: configuration,
    timeout: timeout,
    logger: logger
  )
  let registry = CounterRegistry(
    journal: journal,
    timeout: timeout,
    idleTime: .seconds(options.idleSeconds),
    logger: logger
  )
  let router = Router()
  CounterRoutes(registry: registry, client: client, logger: logger, timeout: timeout)
    .add(to: router)
  var app = Application(
    router: router,
    configuration: ApplicationConfiguration(
      address: .hostname("127.0.0.1", port: options.port),
      serverName: "CounterServer"
    ),
    onServerRunning: { channel in
      logger.info("listening on 127.0.0.1:\(channel.localAddress?.port ?? options.port)")
    },
    logger: logger
  )
  app.beforeServerStarts { try await journal.createSchema() }
  // Shut down in reverse order on SIGTERM or SIGINT: the server finishes its requests, then
  // the counters' sweep stops, then the database client closes.
  let group = ServiceGroup(
    configuration: ServiceGroupConfiguration(
      services: [client, registry, app],
      gracefulShutdownSignals: [.sigterm, .sigint],
      logger: logger
    )
  )
  try await group.run()
}

LoggingSystem.bootstrap(StreamLogHandler.standardError)
do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  if options.wantsHelp {
    print(Options.usage)
    exit(0)
  }
  guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else {
    fatalError("CounterServer needs macOS 14 or later")
  }
  try await serve(options)
} catch {
  FileHandle.standardError.write(Data("CounterServer: \(error)\n".utf8))
  exit(1)
}
