#if Dependencies
import Dependencies
import OneWay

extension Store {
  /// Creates a store whose reducer, reduces and effects (and those of its child stores) see
  /// the dependencies in force here, changed by `update` (K1).
  ///
  /// ```swift
  /// let store = Store(reducer: Search(), state: Search.State()) {
  ///   $0.searchClient = .preview
  /// }
  /// ```
  ///
  /// It is `withDependencies(update) { Store(reducer:state:) }` in one call. A store with a
  /// clock of its own sets `\.continuousClock` to it before `update` runs.
  ///
  /// - Parameters:
  ///   - reducer: The reducer, made with the changed dependencies in force.
  ///   - state: The initial state.
  ///   - loggingOptions: What the store logs; nothing by default.
  ///   - clock: The clock that debounce and throttle measure time with.
  ///   - update: Changes the dependencies in force here for this store.
  public init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C = ContinuousClock(),
    withDependencies update: sending (inout DependencyValues) -> Void
  ) {
    self.init(
      making: reducer,
      state: state,
      loggingOptions: loggingOptions,
      clock: clock,
      context: DependencyContext.forStore(
        of: R.self,
        clock: StoreContexts.ownClock(clock),
        update: update
      )
    )
  }
}

extension ViewStore {
  /// Creates a view store whose reducer, reduces and effects (and those of its child stores)
  /// see the dependencies in force here, changed by `update` (K1); see
  /// ``OneWay/Store/init(reducer:state:loggingOptions:clock:withDependencies:)``.
  ///
  /// - Parameters:
  ///   - reducer: The reducer, made with the changed dependencies in force.
  ///   - state: The initial state.
  ///   - loggingOptions: What the store logs; nothing by default.
  ///   - clock: The clock that debounce and throttle measure time with.
  ///   - update: Changes the dependencies in force here for this store.
  public convenience init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C = ContinuousClock(),
    withDependencies update: (inout DependencyValues) -> Void
  ) {
    self.init(
      making: reducer,
      state: state,
      loggingOptions: loggingOptions,
      clock: clock,
      context: DependencyContext.forStore(
        of: R.self,
        clock: StoreContexts.ownClock(clock),
        update: update
      )
    )
  }
}
#endif
