import Foundation
import OneWay
import OneWayPersistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal to-do list kept in a file by OneWayPersistence's journal.
///
/// ```text
/// swift run --package-path Examples Todos [FILE]     # default: ~/.oneway-todos.store
/// swift run --package-path Examples Todos --help      # usage; touches no file
/// ```
///
/// Commands come from standard input, typed or piped. Each confirmed change is already in
/// `FILE.journal` (appended and synced before `send` returns), so `quit`, the end of input,
/// Ctrl-C and even `kill -9` lose nothing, and there is no save to wait for or flush. One
/// process at a time has a list open: a second one is refused at once, before any command.
@main
enum TodosExample {
  /// What `--help` prints.
  static let usage = """
    usage: Todos [FILE]
    keeps a to-do list in FILE (default: ~/.oneway-todos.store) and reads commands, one a line,
    from standard input.

    \(Command.usage)
    """

  static func main() async {
    let isInteractive = isatty(STDIN_FILENO) != 0
    let file: URL
    switch fileURL(arguments: CommandLine.arguments) {
    case .success(nil):
      say(usage)
      exit(0)
    case .success(let url?):
      file = url
    case .failure(let error):
      printError(error.message)
      exit(2)
    }
    let isNew = [file.path, file.path + ".journal"].allSatisfy {
      !FileManager.default.fileExists(atPath: $0)
    }
    let persistence: Persistence<TodosReducer.State, TodosReducer.Action>
    do {
      // Loading replays the journal and refuses, before any command is read, a path that
      // cannot be written or a file of a newer version: work typed into a list that can never
      // be kept would be lost. A file that does not decode is moved aside, and reported by
      // `onError`, so the user learns where it went.
      persistence = try Persistence(
        journalAt: file,
        reducer: TodosReducer(),
        initialState: TodosReducer.State(),
        onError: { printError("\($0)") }
      )
    } catch let error as PersistenceError where error.reason == .lockedByAnotherWriter {
      // Two processes appending to one list would each replay a journal the other had cut.
      fail("the list \(file.path) is open in another process: quit the other Todos first")
    } catch {
      fail("\(error)")
    }
    if isNew { say("starting a new list at \(file.path)") }

    let store = Store(reducer: TodosReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)

    if isInteractive {
      let count = persistence.loadedState.items.count
      say("\(count) item(s) in \(file.path). Type 'help' for commands.")
      Task { await announceOverdueItems(of: store) }
    }
    await runCommands(store: store, isInteractive: isInteractive)
  }

  /// Reads and carries out commands until `quit` or the end of input.
  static func runCommands(
    store: Store<TodosReducer, ContinuousClock>,
    isInteractive: Bool
  ) async {
    let prompt = isInteractive ? "> " : nil
    showPrompt(prompt)
    for await line in standardInputLines() {
      switch Command.parse(line) {
      case .failure(let error):
        printError(error.message)
      case .success(.nothing):
        break
      case .success(.help):
        say(Command.usage)
      case .success(.list):
        printList(await store.state.items)
      case .success(.quit):
        return
      case .success(.send(let action)):
        // `send` returns after the action is reduced and journaled, so the notice is this
        // command's, and a change it confirms is on disk.
        await store.send(action)
        switch await store.state.notice {
        case .info(let message)?: say(message)
        case .error(let message)?: printError(message)
        case nil: break
        }
      }
      showPrompt(prompt)
    }
  }

  /// Prints a line whenever items become overdue, which happens on the store's tick rather
  /// than in response to a command.
  static func announceOverdueItems(of store: Store<TodosReducer, ContinuousClock>) async {
    var announced = Set<String>()
    for await items in store.states.changes(of: \.items) {
      for (offset, item) in items.enumerated() where item.isOverdue {
        if announced.insert(item.title).inserted {
          say("\noverdue: \(offset + 1). \(item.title)")
        }
      }
    }
  }

  /// Prints the list, one numbered item a line, with `say` or another `output`.
  static func printList(_ items: [Todo], with output: (String) -> Void = { say($0) }) {
    guard !items.isEmpty else {
      output("the list is empty")
      return
    }
    for (offset, item) in items.enumerated() {
      var line = "\(offset + 1). [\(item.isDone ? "x" : " ")] \(item.title)"
      if let due = item.due {
        line += " (due \(due.formatted(date: .abbreviated, time: .shortened))"
        line += item.isOverdue ? ", overdue)" : ")"
      }
      output(line)
    }
  }

  /// The file named by the first argument, or `.oneway-todos.store` in the home folder; `nil`
  /// for `--help`.
  ///
  /// An argument that starts with `-` is an option, never a file: a mistyped option must not
  /// become a new list beside the real one. `$HOME` wins over the account's home folder (which
  /// is what `FileManager.homeDirectoryForCurrentUser` returns on Linux), so that a script can
  /// point the default somewhere harmless.
  static func fileURL(arguments: [String]) -> Result<URL?, ParseError> {
    let given = arguments.dropFirst()
    if given.contains(where: { ["--help", "-h"].contains($0) }) { return .success(nil) }
    guard given.count <= 1 else {
      return .failure(ParseError("one list at a time: usage: Todos [FILE] (see --help)"))
    }
    if let argument = given.first {
      guard !argument.hasPrefix("-") else {
        return .failure(
          ParseError(
            "unknown option '\(argument)' (see --help); to use a file whose name starts with "
              + "'-', write it as ./\(argument)"
          )
        )
      }
      guard !argument.isEmpty else { return .failure(ParseError("the file name is empty")) }
      return .success(URL(fileURLWithPath: (argument as NSString).expandingTildeInPath))
    }
    let home =
      ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return .success(home.appendingPathComponent(".oneway-todos.store"))
  }
}

/// The lines of standard input, read on a thread of their own.
///
/// `readLine()` blocks, and blocking a thread of Swift's cooperative pool would starve the
/// store's effects; a dedicated thread keeps the pool free.
func standardInputLines() -> AsyncStream<String> {
  AsyncStream { continuation in
    let reader = Thread {
      while let line = readLine() {
        continuation.yield(line)
      }
      continuation.finish()
    }
    reader.start()
  }
}

/// Prints `prompt` without a newline, if there is one.
func showPrompt(_ prompt: String?) {
  guard let prompt else { return }
  say(prompt, terminator: "")
}

/// Writes `text` to standard output at once.
///
/// `print` buffers when output is piped, which would let error lines (unbuffered) overtake
/// earlier output lines, and flushing with `fflush(nil)` can block on standard input's lock
/// while the reader thread waits in `readLine()`. Writing straight to the file descriptor
/// keeps every line in order.
func say(_ text: String, terminator: String = "\n") {
  FileHandle.standardOutput.write(Data((text + terminator).utf8))
}

/// Writes `message` to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("todos: \(message)\n".utf8))
}

/// Writes `message` to standard error and exits with status 1.
func fail(_ message: String) -> Never {
  printError(message)
  exit(1)
}
