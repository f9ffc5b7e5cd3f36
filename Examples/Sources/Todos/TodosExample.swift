import Foundation
import OneWay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal to-do list kept in a JSON file.
///
/// ```text
/// swift run --package-path Examples Todos [FILE]     # default: ~/.oneway-todos.json
/// ```
///
/// Commands come from standard input, typed or piped; `quit` or the end of input saves any
/// pending change and exits.
@main
enum TodosExample {
  static func main() async {
    let isInteractive = isatty(STDIN_FILENO) != 0
    let storage = TodoStorage(url: fileURL(arguments: CommandLine.arguments))
    let loaded: TodoStorage.Loaded
    do {
      loaded = try storage.load()
    } catch {
      // Unreadable, as opposed to unparsable: stop before anything could be written over it.
      fail("cannot read \(storage.url.path): \(error.localizedDescription)")
    }
    if let notice = loaded.notice { say(notice) }

    let store = Store(
      reducer: TodosReducer(storage: storage),
      state: TodosReducer.State(items: loaded.items)
    )

    var watcher: Task<Void, Never>?
    if isInteractive {
      say("\(loaded.items.count) item(s) in \(storage.url.path). Type 'help' for commands.")
      watcher = Task { await announceOverdueItems(of: store) }
    }

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
        await finish(store: store, watcher: watcher)
      case .success(.send(let action)):
        // `send` returns after the action is reduced, so the notice is this command's.
        await store.send(action)
        switch await store.state.notice {
        case .info(let message)?: say(message)
        case .error(let message)?: printError(message)
        case nil: break
        }
      }
      showPrompt(prompt)
    }
    await finish(store: store, watcher: watcher)
  }

  /// Saves whatever is pending, reports it, and ends the program.
  ///
  /// The debounced save may still be waiting; `flush` replaces it with an immediate one.
  /// There is no public "wait until idle", so the program waits for a state that says the
  /// save has finished.
  static func finish(
    store: Store<TodosReducer, ContinuousClock>,
    watcher: Task<Void, Never>?
  ) async -> Never {
    watcher?.cancel()
    await store.send(.flush)
    var final = await store.state
    for await state in store.states where state.isSettled {
      final = state
      break
    }
    if let failure = final.saveFailure {
      fail("the last changes were not saved: \(failure.message)")
    }
    if final.revision > 0 {
      say("saved \(final.items.count) item(s)")
    }
    exit(0)
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

  /// Prints the list, one numbered item a line.
  static func printList(_ items: [Todo]) {
    guard !items.isEmpty else {
      say("the list is empty")
      return
    }
    for (offset, item) in items.enumerated() {
      var line = "\(offset + 1). [\(item.isDone ? "x" : " ")] \(item.title)"
      if let due = item.due {
        line += " (due \(due.formatted(date: .abbreviated, time: .shortened))"
        line += item.isOverdue ? ", overdue)" : ")"
      }
      say(line)
    }
  }

  /// The file named by the first argument, or `.oneway-todos.json` in the home folder.
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
    return home.appendingPathComponent(".oneway-todos.json")
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
