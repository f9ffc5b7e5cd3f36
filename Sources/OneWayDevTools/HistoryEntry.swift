import CustomDump
import Foundation

/// Where a recorded action came from.
public enum ActionOrigin: String, Sendable, Codable, CaseIterable {
  /// A caller sent it to the store (or to one of its child stores).
  case send
  /// An effect that a reduce returned produced it.
  case effect
  /// The reducer's `bind()` effect produced it.
  case bind
}

/// One reduced action in a store's history: its index, when it was reduced, where it came
/// from, and the state after it.
public struct HistoryEntry<Action: Sendable, State: Sendable>: Sendable {
  /// The entry's index: 0 for the first action the history recorded, counting on when older
  /// entries leave the ring.
  public let index: Int
  /// When the action was reduced, since the history began, on the history's clock.
  public let time: Duration
  /// The action.
  public let action: Action
  /// Where the action came from.
  public let origin: ActionOrigin
  /// The state after the action; recomputed when an earlier entry is skipped.
  public internal(set) var state: State
  /// Whether the action is skipped: the states after it are computed without it.
  public internal(set) var isSkipped: Bool

  @usableFromInline
  init(
    index: Int,
    time: Duration,
    action: Action,
    origin: ActionOrigin,
    state: State,
    isSkipped: Bool
  ) {
    self.index = index
    self.time = time
    self.action = action
    self.origin = origin
    self.state = state
    self.isSkipped = isSkipped
  }

  /// The action, described with swift-custom-dump; made when asked for, not when recorded.
  public var actionDescription: String {
    var description = ""
    customDump(action, to: &description, maxDepth: 4)
    return description
  }
}

extension HistoryEntry where Action: Encodable {
  /// The action as JSON, made when asked for.
  public func actionJSON() throws -> String {
    String(decoding: try DevToolsJSON.encoder.encode(action), as: UTF8.self)
  }
}

/// The JSON coders of the dev tools: sorted keys, so that the same value always reads the same.
enum DevToolsJSON {
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
  static var decoder: JSONDecoder { JSONDecoder() }
}

extension HistoryEntry: Equatable where Action: Equatable, State: Equatable {}
