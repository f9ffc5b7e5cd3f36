import Dependencies

/// The word search as a dependency: the bundled list live, a short list with no latency in
/// tests, and whatever a store sets with `withDependencies:`.
extension WordSearch: DependencyKey {
  /// The bundled word list, or no words if it cannot be read (the example reports that
  /// itself, before it makes its store).
  static let liveValue = (try? WordSearch.bundled()) ?? WordSearch(words: [])

  /// A handful of words, answered at once.
  static let testValue = WordSearch(
    words: ["one", "oneway", "onward", "swift", "swim"],
    latency: { _ in .zero }
  )
}

extension DependencyValues {
  /// The search that `SearchReducer` runs.
  var wordSearch: WordSearch {
    get { self[WordSearch.self] }
    set { self[WordSearch.self] = newValue }
  }
}
