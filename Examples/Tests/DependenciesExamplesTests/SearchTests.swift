import Clocks
import Dependencies
import OneWayTesting
import Testing

@testable import Search

/// The search feature with its word search as a dependency: the test value, no latency, and
/// the debounce on a test clock.
@Suite struct SearchTests {
  @Test func aQueryIsAnsweredOnceTypingPauses() async {
    let clock = TestClock()
    let store = TestStore(reducer: SearchReducer(), state: SearchReducer.State(), clock: clock) {
      _ in
    }
    await store.send(.queryChanged("On")) {
      $0.query = "on"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(
      .searchResponse(SearchResults(query: "on", words: ["one", "oneway", "onward"]))
    ) {
      $0.isSearching = false
      $0.results = SearchResults(query: "on", words: ["one", "oneway", "onward"])
    }
    await store.finish()
  }

  @Test func aTestSetsItsOwnWords() async {
    let clock = TestClock()
    let store = TestStore(reducer: SearchReducer(), state: SearchReducer.State(), clock: clock) {
      $0.wordSearch = WordSearch(words: ["tca", "oneway"], latency: { _ in .zero })
    }
    await store.send(.queryChanged("one")) {
      $0.query = "one"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(SearchResults(query: "one", words: ["oneway"]))) {
      $0.isSearching = false
      $0.results = SearchResults(query: "one", words: ["oneway"])
    }
    await store.finish()
  }
}
