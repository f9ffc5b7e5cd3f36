/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// let store = TestStore(reducer: Feature(), state: Feature.State())
/// store.exhaustivity = .off
/// ```
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, every action that effects feed back, and every effect's end must be
  /// asserted.
  case on
  /// Only what the test asserts is checked: `send` and `receive` closures need only set the
  /// fields the test cares about, `receive` skips the actions before the one it names, and
  /// actions or effects left over at the end are not failures.
  case off
}
