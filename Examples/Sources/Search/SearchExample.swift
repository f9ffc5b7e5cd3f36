import ExampleArguments
import Foundation
import OneWay
import OneWayDependencies

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An interactive search over the bundled word list: each line typed is a query.
///
/// Interactively, results are printed as they arrive. With input piped in
/// (`printf 'sw\nswi\n' | swift run --package-path Examples Search`), it reads every query,
/// waits for the answer to the last one, prints it and exits.
@main
enum SearchExample {
  static func main() async {
    _ = ExampleArguments(
      usage: """
        usage: Search
        Searches the bundled word list: each line typed, or piped in, is a prefix.
        """
    )
    let search: WordSearch
    do {
      search = try WordSearch.bundled()
    } catch {
      printError("could not load the bundled word list: \(error)")
      exit(1)
    }
    let isInteractive = isatty(STDIN_FILENO) != 0
    let store = Store(reducer: SearchReducer(), state: SearchReducer.State()) {
      $0.wordSearch = search
    }

    var printer: Task<Void, Never>?
    if isInteractive {
      print("Search \(search.words.count) words. Type a prefix and press return; ^D quits.")
      // `changes(of:)` emits the first value and then only real changes of `results`, not
      // every state (`isSearching` flips twice per search).
      printer = Task {
        for await results in store.states.changes(of: \.results) {
          if let results { printResults(results) }
        }
      }
    }

    for await line in standardInputLines() {
      await store.send(.queryChanged(line))
    }

    // End of input. The last search may still be waiting out its debounce or running, and the
    // store's `waitUntilIdle()` is not public: wait for the first state whose results answer
    // the final query instead. A loop starts with the current state (the first loop with every
    // state since the store was made), so this never misses an answer that arrived before it
    // began, and the query check skips the answers to earlier queries.
    let finalQuery = await store.state.query
    var final: SearchReducer.State?
    for await state in store.states
    where !state.isSearching && (state.results?.query ?? "") == finalQuery {
      final = state
      break
    }
    printer?.cancel()
    if !isInteractive, let results = final?.results {
      printResults(results)
    }
  }

  /// Prints the matches for one query, at most `limit` of them.
  static func printResults(_ results: SearchResults, limit: Int = 20) {
    guard !results.query.isEmpty else { return }
    let count = results.words.count
    print("\"\(results.query)\": \(count) \(count == 1 ? "match" : "matches")")
    for word in results.words.prefix(limit) {
      print("  \(word)")
    }
    if count > limit {
      print("  … and \(count - limit) more")
    }
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

/// Writes `message` to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("search: \(message)\n".utf8))
}
