import Dependencies
import Foundation

/// One line of input, understood.
///
/// Parsing happens outside the reducer: it needs no state, and a line that does not parse
/// never reaches the store, so it cannot change anything. Checks that do need the state (is
/// there an item 7?) are the reducer's.
enum Command {
  /// Something for the store to do.
  case send(TodosReducer.Action)
  /// Print the list.
  case list
  /// Print the commands.
  case help
  /// Exit; there is nothing left to save, since every change was written when it was made.
  case quit
  /// An empty line.
  case nothing

  /// The commands, as `help` prints them.
  static let usage = """
    commands:
      add <title> [--due <n>s|m|h|d]  add an item, optionally due in n seconds/minutes/...
      toggle <n>                      mark item n done, or not done again (also: done <n>)
      remove <n>                      delete item n (also: rm <n>)
      list                            show the list (also: ls)
      help                            show this text
      quit                            exit (end of input does the same)
    every change is on disk once it is confirmed; nothing needs saving
    """

  /// Parses `line`, or explains what is wrong with it.
  /// A new item's id and due date come from the `\.uuid` and `\.date` dependencies, so that
  /// the action, which the journal keeps, replays the same, and a test can set both.
  static func parse(_ line: String) -> Result<Command, ParseError> {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let name = words.first?.lowercased() else { return .success(.nothing) }
    let arguments = Array(words.dropFirst())
    switch name {
    case "add":
      return parseAdd(arguments)
    case "toggle", "done":
      return position(arguments, for: "toggle").map { .send(.toggle(position: $0)) }
    case "remove", "rm":
      return position(arguments, for: "remove").map { .send(.remove(position: $0)) }
    case "list", "ls":
      return .success(.list)
    case "help", "?":
      return .success(.help)
    case "quit", "exit":
      return .success(.quit)
    default:
      return .failure(ParseError("unknown command '\(name)'; type 'help' for the commands"))
    }
  }

  private static func parseAdd(_ arguments: [String]) -> Result<Command, ParseError> {
    @Dependency(\.date.now) var now
    @Dependency(\.uuid) var uuid
    var titleWords = arguments
    var due: Date?
    if let flag = arguments.firstIndex(of: "--due") {
      guard flag + 1 < arguments.count, let seconds = duration(arguments[flag + 1]) else {
        return .failure(ParseError("--due needs a duration such as 30m, 2h or 1d"))
      }
      due = now.addingTimeInterval(seconds)
      titleWords.removeSubrange(flag...flag + 1)
    }
    guard !titleWords.isEmpty else {
      return .failure(ParseError("add needs a title, e.g. 'add buy milk'"))
    }
    return .success(
      .send(.add(title: titleWords.joined(separator: " "), due: due, id: uuid()))
    )
  }

  private static func position(
    _ arguments: [String],
    for name: String
  ) -> Result<Int, ParseError> {
    guard let argument = arguments.first else {
      return .failure(ParseError("\(name) needs an item number, e.g. '\(name) 2'"))
    }
    guard arguments.count == 1, let position = Int(argument), position > 0 else {
      return .failure(
        ParseError("'\(arguments.joined(separator: " "))' is not an item number (1, 2, 3, ...)")
      )
    }
    return .success(position)
  }

  /// Seconds in `text` such as `45s`, `30m`, `2h` or `1d`.
  private static func duration(_ text: String) -> TimeInterval? {
    guard let unit = text.last, let amount = Double(text.dropLast()), amount >= 0 else {
      return nil
    }
    switch unit {
    case "s": return amount
    case "m": return amount * 60
    case "h": return amount * 3600
    case "d": return amount * 86_400
    default: return nil
    }
  }
}

/// Why a line was not understood, in words for the user.
struct ParseError: Error, Equatable {
  /// The explanation.
  var message: String

  /// Creates an error with `message`.
  init(_ message: String) {
    self.message = message
  }
}
