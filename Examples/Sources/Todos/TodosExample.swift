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
/// Commands come from standard input, typed or piped; `quit`, the end of input, SIGINT
/// (Ctrl-C) or SIGTERM saves any pending change and exits.
@main
enum TodosExample {
  /// Why the program is ending.
  enum Ending: Sendable {
    /// `quit` was typed.
    case quit
    /// Standard input ended.
    case endOfInput
    /// SIGINT or SIGTERM arrived.
    case signal(Int32)
  }

  static func main() async {
    let isInteractive = isatty(STDIN_FILENO) != 0
    let file = fileURL(arguments: CommandLine.arguments)
    // Before reading anything: work typed into a list that can never be saved would be lost.
    do {
      try TodoStorage.checkWritable(file)
    } catch {
      fail(
        """
        cannot save to \(file.path): \(TodoStorage.describe(error)). Nothing was changed; \
        run Todos again with a file in a folder you can write to, e.g. 'Todos ~/todos.json'
        """
      )
    }
    let loaded: TodoStorage.Loaded
    do {
      loaded = try TodoStorage.load(file)
    } catch let problem as TodoStorage.Problem {
      fail(
        """
        cannot open \(file.path): \(problem). The file was left as it is; open it with a \
        newer Todos, or run this one with another file
        """
      )
    } catch {
      // Unreadable, as opposed to unparsable: stop before anything could be written over it.
      fail("cannot read \(file.path): \(error.localizedDescription)")
    }
    if let notice = loaded.notice { say(notice) }
    let signals = TerminationSignals.catchFirst()

    let store = Store(
      reducer: TodosReducer(storage: TodoStorage()),
      state: TodosReducer.State(items: loaded.items, file: file)
    )

    var watchers = [Task { await announceSaveFailures(of: store) }]
    if isInteractive {
      say("\(loaded.items.count) item(s) in \(file.path). Type 'help' for commands.")
      watchers.append(Task { await announceOverdueItems(of: store) })
    }

    // Whichever comes first ends the program: the commands running out, or a signal.
    let ending = await withTaskGroup(of: Ending?.self, returning: Ending.self) { group in
      group.addTask { await runCommands(store: store, isInteractive: isInteractive) }
      group.addTask {
        for await signal in signals { return .signal(signal) }
        return nil  // cancelled because the commands ended
      }
      defer { group.cancelAll() }
      while let result = await group.next() {
        if let ending = result { return ending }
      }
      return Ending.endOfInput
    }
    await finish(store: store, watchers: watchers, ending: ending)
  }

  /// Reads and carries out commands until `quit`, the end of input or cancellation.
  static func runCommands(
    store: Store<TodosReducer, ContinuousClock>,
    isInteractive: Bool
  ) async -> Ending {
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
      case .success(.save(let path)):
        await save(to: path, store: store)
      case .success(.quit):
        return .quit
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
    return .endOfInput
  }

  /// Saves now, to the list's file or to a new one, and says how it went.
  ///
  /// A new file must not exist yet, so that saving elsewhere never replaces another list, and
  /// must pass the same check as the file the program started with.
  static func save(to path: String?, store: Store<TodosReducer, ContinuousClock>) async {
    let current = await store.state.file
    if let path {
      let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
      if file.standardizedFileURL != current.standardizedFileURL {
        guard !FileManager.default.fileExists(atPath: file.path) else {
          printError("\(file.path) already exists; save to a new file, so no list is replaced")
          return
        }
        do {
          try TodoStorage.checkWritable(file)
        } catch {
          printError("cannot save to \(file.path): \(TodoStorage.describe(error))")
          return
        }
        await store.send(.saveAs(file))
      } else {
        await store.send(.flush)
      }
    } else {
      await store.send(.flush)
    }
    let state = await settled(store)
    // A failure has been announced by `announceSaveFailures(of:)`.
    if state.isSaved {
      say("saved \(state.items.count) item(s) to \(state.file.path)")
    }
  }

  /// Saves whatever is pending, reports it, and ends the program.
  ///
  /// The debounced save may still be waiting; `flush` replaces it with an immediate one. If
  /// the list cannot be saved, the program prints it, so that what was typed is not lost.
  static func finish(
    store: Store<TodosReducer, ContinuousClock>,
    watchers: [Task<Void, Never>],
    ending: Ending
  ) async -> Never {
    for watcher in watchers { watcher.cancel() }
    if case .signal(let signal) = ending {
      // After a typed Ctrl-C the cursor is still on the prompt's line.
      let newline = isatty(STDIN_FILENO) != 0 ? "\n" : ""
      say("\(newline)\(signal == SIGINT ? "SIGINT" : "SIGTERM"): saving and exiting")
    }
    await store.send(.flush)
    let final = await settled(store)
    if let failure = final.saveFailure, !final.isSaved {
      printError(
        "the last changes were not saved to \(failure.file.path): \(failure.message)"
      )
      printError("here is the list, so that nothing is lost:")
      printList(final.items) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
      exit(1)
    }
    if final.revision > 0 {
      say("saved \(final.items.count) item(s)")
    }
    if case .signal(let signal) = ending {
      exit(128 + signal)
    }
    exit(0)
  }

  /// The first state in which the latest save has finished.
  ///
  /// There is no public "wait until idle", so this waits for a state that says so.
  static func settled(
    _ store: Store<TodosReducer, ContinuousClock>
  ) async -> TodosReducer.State {
    var final = await store.state
    for await state in store.states where state.isSettled {
      final = state
      break
    }
    return final
  }

  /// Prints a line as soon as a save fails: a failed save does not stop the program, but the
  /// user must know that the file is behind, and how to fix it.
  static func announceSaveFailures(of store: Store<TodosReducer, ContinuousClock>) async {
    for await failure in store.states.changes(of: \.saveFailure) {
      guard let failure else { continue }
      printError(
        """
        could not save \(failure.file.path): \(failure.message). The list is kept here: \
        type 'save' to try again, or 'save <file>' to save it to a new file
        """
      )
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
