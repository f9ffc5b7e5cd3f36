#if canImport(Testing)
import Testing

/// Yields until `condition` holds, for at most `seconds` on the continuous clock; records
/// an issue naming `what` when it never does, so that a test fails instead of hanging. For
/// this package's tests, where a state reached on another task has no event to await.
package func waitUntil(
  _ what: @autoclosure () -> String,
  seconds: Double = 30,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(seconds))
  while await !condition() {
    guard clock.now < deadline else {
      Issue.record("waited \(seconds) s for \(what())", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}
#endif
