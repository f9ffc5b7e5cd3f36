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
/// ```
///
/// Commands come from standard input, typed or piped. Each confirmed change is already in
/// `FILE.journal` (appended and synced before `send` returns), so `quit`, the end of input,
/// Ctrl-C and even `kill -9` lose nothing, and there is no save to wait for or flush.
@main
enum TodosExample {
  static func main() async {
    let isInteractive = isatty(STDIN_FILENO) != 0
    let file = fileURL(arguments: CommandLine.arguments)
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

  /// The file named by the first argument, or `.oneway-todos.store` in the home folder.
  ///
  /// `$HOME` wins over the account's home folder (which is what
  /// `FileManager.homeDirectoryForCurrentUser` returns on Linux), so that a script can point
  /// the default somewhere harmless.
  static func fileURL(arguments: [String]) -> URL {
    if arguments.count > 1 {
      let path = (arguments[1] as NSString).expandingTildeInPath
      return URL(fileURLWithPath: path)
    }
    let home =
      ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".oneway-todos.store")
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
