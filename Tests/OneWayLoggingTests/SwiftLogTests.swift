import Foundation
import Logging
import OneWay
import OneWayLogging
import Testing

/// L3 through swift-log: actions and state changes reach a `Logger` with levels and metadata.
@Suite struct SwiftLogTests {
  struct Counter: Reducer {
    enum Action: Sendable { case increment, rename(String) }
    struct State: Sendable, Equatable {
      @Triggered var count = 0
      var name = "a"
    }

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .increment: state.count += 1
      case .rename(let name): state.name = name
      }
      return .none
    }
  }

  @Test func l3ActionsAndChangedFieldsReachSwiftLogWithLevelsAndMetadata() async {
    let records = RecordingLogHandler.Records()
    var logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
    logger.logLevel = .trace
    let store = Store(reducer: Counter(), state: Counter.State())
    await store.debug(.all, to: .swiftLog(logger))
    await store.send(.increment)
    await store.send(.rename("a"))  // no change: an action entry only

    let logged = records.all
    #expect(logged.map(\.message) == ["action", "state changed", "action"])
    #expect(logged.map(\.level) == [.debug, .trace, .debug])
    #expect(logged[0].metadata["store"] == "Counter")
    #expect(logged[0].metadata["action"] == "increment")
    #expect(logged[1].metadata["changed"] == .array(["count"]))
    #expect(
      logged[1].metadata["state"] == #"State(count: 1, name: "a")"#,
      "wrappers show their values, never their storage"
    )
  }

  /// A reducer whose actions count how often they are described.
  struct Described: Reducer {
    struct Action: Sendable, CustomStringConvertible {
      let descriptions: Descriptions
      var description: String {
        descriptions.add()
        return "described"
      }
    }
    struct State: Sendable, Equatable { var count = 0 }

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      state.count += 1
      return .none
    }
  }

  final class Descriptions: Sendable {
    private let lock = NSLock()
    // Every access holds `lock`.
    private nonisolated(unsafe) var value = 0

    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
  }

  @Test func l3EntriesBelowTheLoggersLevelAreNotBuilt() async {
    let records = RecordingLogHandler.Records()
    var logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
    logger.logLevel = .info
    let descriptions = Descriptions()
    let store = Store(reducer: Described(), state: Described.State())
    await store.debug(.all, to: .swiftLog(logger))
    await store.send(Described.Action(descriptions: descriptions))
    #expect(records.all.isEmpty)
    #expect(descriptions.count == 0, "an action nobody logs is not described")

    logger.logLevel = .debug
    await store.debug(.all, to: .swiftLog(logger))
    await store.send(Described.Action(descriptions: descriptions))
    #expect(records.all.map(\.message) == ["action"], "the state entry is at trace")
    #expect(records.all.first?.metadata["action"] == "described")
    #expect(descriptions.count == 1)
  }

  @Test func l3NoneLogsNothing() async {
    let records = RecordingLogHandler.Records()
    let logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
    let store = Store(reducer: Counter(), state: Counter.State())
    await store.debug(.none, to: .swiftLog(logger))
    await store.send(.increment)
    #expect(records.all.isEmpty)
  }
}

/// A swift-log handler that keeps what it is given.
struct RecordingLogHandler: LogHandler {
  struct Record: Sendable {
    let level: Logger.Level
    let message: String
    let metadata: Logger.Metadata
  }

  final class Records: Sendable {
    private let lock = NSLock()
    // Every access holds `lock`.
    private nonisolated(unsafe) var records: [Record] = []

    func append(_ record: Record) { lock.withLock { records.append(record) } }
    var all: [Record] { lock.withLock { records } }
  }

  let records: Records
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    records.append(
      Record(
        level: event.level,
        message: event.message.description,
        metadata: event.metadata ?? [:]
      )
    )
  }
}
