#if Dependencies
import Dependencies
import OneWay
import OneWayDependencies

extension TestStore {
  /// Creates a test store whose reducer, reduces and effects see the dependencies in force
  /// here, changed by `update` (K1, K4): their test values, unless `update` sets others.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(reducer: Search(), state: Search.State(), clock: clock) {
  ///   $0.searchClient.search = { _ in ["OneWay"] }
  /// }
  /// ```
  ///
  /// The store's clock is also `\.continuousClock`, so a test sets one `TestClock` for both.
  /// A dependency the feature uses without a test value fails the test and names it.
  ///
  /// - Parameters:
  ///   - reducer: The reducer under test, made with the changed dependencies in force.
  ///   - state: The initial state.
  ///   - clock: The clock that debounce and throttle measure time with.
  ///   - fileID: The caller's file ID; failures found at deinit are reported here.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - update: Changes the dependencies for this store.
  public convenience init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    clock: C = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    withDependencies update: (inout DependencyValues) -> Void
  ) {
    self.init(
      making: reducer,
      state: state,
      clock: clock,
      context: DependencyContext.forStore(of: R.self, clock: StoreContexts.ownClock(clock)) {
        $0.context = .test
        update(&$0)
      },
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
#endif
