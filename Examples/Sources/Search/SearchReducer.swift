import Dependencies
import Foundation
import OneWay

/// A search-as-you-type feature: every query change schedules a search, and only the answer
/// to the latest query ever reaches the state.
struct SearchReducer: Reducer {
  /// The identifiers of the effects this reducer starts, so that it can cancel them.
  ///
  /// An enum rather than strings: a typo becomes a compile error, and the names document
  /// which effects exist.
  enum EffectID: Hashable, Sendable {
    /// The wait between a keystroke and the search it triggers.
    case debounce
    /// The search itself, once it runs.
    case search
  }

  /// What can happen to the search screen.
  enum Action: Sendable, Equatable {
    /// The user typed a new query (one line of input).
    case queryChanged(String)
    /// A search finished.
    case searchResponse(SearchResults)
  }

  /// What the search screen shows.
  struct State: Sendable, Equatable {
    /// The query as last typed, trimmed and lowercased.
    var query = ""
    /// Whether a search for ``query`` is waiting or running.
    var isSearching = false
    /// The answer to the latest query that finished, or `nil` before the first one.
    var results: SearchResults?
  }

  /// The search to run: the bundled word list live, a short list in tests (see
  /// `SearchDependency.swift`).
  @Dependency(\.wordSearch) var search
  /// How long typing must pause before a search starts.
  var debounceDelay: Duration = .milliseconds(300)

  /// Handles a new query or a finished search.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .queryChanged(let text):
      let query = text.trimmingCharacters(in: .whitespaces).lowercased()
      state.query = query
      guard !query.isEmpty else {
        // Nothing to search: answer at once and stop whatever is waiting or running.
        state.isSearching = false
        state.results = SearchResults(query: "", words: [])
        return .merge(.cancel(EffectID.debounce), .cancel(EffectID.search))
      }
      state.isSearching = true
      return .single { [search] in .searchResponse(await search(query)) }
        // At most one search runs: starting one cancels the one still in flight, so a slow
        // search for an old query can never overwrite the answer to a newer one.
        .cancellable(EffectID.search, cancelInFlight: true)
        // ...and it starts only after the user stopped typing for `debounceDelay`. Each new
        // query restarts the wait (and cancels a search this debounce already started),
        // so `s`, `sw`, `swi` typed quickly cost one search, not three.
        .debounce(id: EffectID.debounce, for: debounceDelay)

    case .searchResponse(let results):
      // Cancellation already drops superseded searches; this check keeps the state right
      // even if an effect were started without an id.
      guard results.query == state.query else { return .none }
      state.isSearching = false
      state.results = results
      return .none
    }
  }
}
