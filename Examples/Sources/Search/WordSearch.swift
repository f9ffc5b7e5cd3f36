import Foundation

/// The word list shipped with the example, and a deliberately slow search over it.
///
/// The delay stands in for a network or database round trip, so that the example can show
/// what debouncing and cancellation buy: short queries match many words and are the slowest,
/// so typing `s`, `sw`, `swi` quickly would otherwise pile up three searches that finish in
/// the wrong order.
struct WordSearch: Sendable {
  /// The words to search, lowercased and sorted.
  let words: [String]

  /// How long a search for `query` takes.
  var latency: @Sendable (_ query: String) -> Duration = { query in
    .milliseconds(max(50, 400 - 100 * query.count))
  }

  /// Loads `words.txt`, the resource bundled with this target (one word per line).
  static func bundled() throws -> WordSearch {
    guard let url = Bundle.module.url(forResource: "words", withExtension: "txt") else {
      throw CocoaError(.fileNoSuchFile)
    }
    let text = try String(contentsOf: url, encoding: .utf8)
    let words = text.split(whereSeparator: \.isNewline).map { $0.lowercased() }
    return WordSearch(words: words.sorted())
  }

  /// Returns the words that start with `query`, after the simulated latency.
  ///
  /// When the surrounding task is cancelled (a newer query superseded this one) the sleep
  /// ends early and no work is done; the store drops whatever a cancelled effect returns.
  func callAsFunction(_ query: String) async -> SearchResults {
    try? await Task.sleep(for: latency(query))
    guard !Task.isCancelled else { return SearchResults(query: query, words: []) }
    return SearchResults(query: query, words: words.filter { $0.hasPrefix(query) })
  }
}

/// The words found for one query.
struct SearchResults: Sendable, Equatable {
  /// The query these results answer.
  var query: String
  /// The matching words, in alphabetical order.
  var words: [String]
}
