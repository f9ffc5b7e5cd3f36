#if Inspector
import CustomDump
import Foundation
import OneWay
import OneWayDevTools

/// What the inspector's routes need from a store's dev tools, with the store's types erased, so
/// that the server is not generic over the reducer.
struct InspectorBackend: Sendable {
  var entries: @Sendable (_ since: Int) -> EntriesPayload
  /// The state after an entry, or the base state for `nil`; `nil` when the history does not
  /// keep the entry.
  var state: @Sendable (_ index: Int?) -> StatePayload?
  var diff: @Sendable (_ index: Int) -> DiffPayload?
  var jump: @Sendable (_ index: Int) async throws -> Void
  var resume: @Sendable () async -> Void
  var commit: @Sendable () async -> Void
  var toggleSkip: @Sendable (_ index: Int) async throws -> Void
  /// The features that need the action and state types to be `Codable`; `nil` when they are
  /// not.
  var recordings: Recordings?

  struct Recordings: Sendable {
    var export: @Sendable () throws -> Data
    var load: @Sendable (Data) async throws -> Void
    var send: @Sendable (Data) async throws -> Void
  }
}

/// The entries from an index on, and what the page needs to keep its copy of the history.
struct EntriesPayload: Encodable {
  struct Entry: Encodable {
    var index: Int
    /// Seconds since the history began.
    var time: Double
    var origin: String
    var action: String
    /// The action as JSON, when its type is `Encodable`.
    var actionJSON: String?
    var skipped: Bool
  }

  var entries: [Entry]
  /// The index of the oldest entry kept, and the index the next entry will have.
  var first: Int
  var next: Int
  var travelled: Int?
  /// The indexes of every skipped entry, since skipping changes entries the page already has.
  var skipped: [Int]
  var capacity: Int
  /// Whether export, import and send are available.
  var codable: Bool
}

struct StatePayload: Encodable {
  var index: Int?
  /// The state as JSON, when its type is `Encodable`.
  var json: String?
  /// The state described with swift-custom-dump.
  var dump: String
}

struct DiffPayload: Encodable {
  var index: Int
  /// `nil` when the action changed nothing.
  var diff: String?
}

extension InspectorBackend {
  /// A backend for any dev tools: action and state JSON when their types happen to be
  /// `Encodable`, no recordings.
  init<Action, State>(_ devTools: DevTools<Action, State>) {
    self.init(devTools, recordings: nil)
  }

  /// A backend with every feature, for `Codable` actions and states.
  init<Action: Codable, State: Codable>(codable devTools: DevTools<Action, State>) {
    self.init(
      devTools,
      recordings: Recordings(
        export: { try devTools.recording().json() },
        load: { data in
          let recording = try Recording<Action, State>(json: data)
          await devTools.load(recording)
        },
        send: { data in try await devTools.send(json: data) }
      )
    )
  }

  private init<Action, State>(_ devTools: DevTools<Action, State>, recordings: Recordings?) {
    let hasRecordings = recordings != nil
    self.init(
      entries: { since in
        let all = devTools.entries
        return EntriesPayload(
          entries: all.filter { $0.index >= since }.map { entry in
            EntriesPayload.Entry(
              index: entry.index,
              time: seconds(entry.time),
              origin: entry.origin.rawValue,
              action: entry.actionDescription,
              actionJSON: jsonText(entry.action),
              skipped: entry.isSkipped
            )
          },
          first: all.first?.index ?? 0,
          next: (all.last?.index).map { $0 + 1 } ?? 0,
          travelled: devTools.travelledIndex,
          skipped: all.filter(\.isSkipped).map(\.index),
          capacity: devTools.capacity,
          codable: hasRecordings
        )
      },
      state: { index in
        let state: State
        if let index {
          guard let entry = devTools.entry(index) else { return nil }
          state = entry.state
        } else {
          state = devTools.baseState
        }
        var dump = ""
        customDump(state, to: &dump)
        return StatePayload(index: index, json: jsonText(state), dump: dump)
      },
      diff: { index in
        guard devTools.entry(index) != nil else { return nil }
        return DiffPayload(index: index, diff: devTools.diff(index))
      },
      jump: { index in try await devTools.jump(to: index) },
      resume: { await devTools.resume() },
      commit: { await devTools.commit() },
      toggleSkip: { index in try await devTools.toggleSkip(index) },
      recordings: recordings
    )
  }
}

/// `value` as JSON with sorted keys, when its type is `Encodable` (checked when the page asks,
/// so that a type that is not costs nothing but the check).
func jsonText(_ value: Any) -> String? {
  guard let value = value as? any Encodable else { return nil }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  guard let data = try? encoder.encode(value) else { return nil }
  return String(decoding: data, as: UTF8.self)
}

func seconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) + Double(attoseconds) / 1e18
}
#endif
