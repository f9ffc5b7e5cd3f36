#if Combine
extension Publisher {
  /// Wraps the publisher in a ``SideWay``, so that a reducer or `bind()` can return it.
  ///
  /// ```swift
  /// globalNumberSubject
  ///   .map({ Action.saveNumber($0) })
  ///   .eraseToSideWay()
  /// ```
  ///
  /// - Returns: A side way that emits what the publisher emits.
  public func eraseToSideWay() -> SideWay<Output, Failure> {
    SideWay(self)
  }

  /// Transforms the outputs with `transform` and wraps the result in a ``SideWay``.
  ///
  /// - Parameter transform: A closure that turns an output into a new one, usually an action.
  /// - Returns: A side way of the transformed outputs.
  public func eraseToSideWay<T>(_ transform: @escaping (Output) -> T) -> SideWay<T, Failure> {
    map(transform).eraseToSideWay()
  }

  /// A side way that cannot fail: a failure becomes the output `transform` makes of it.
  ///
  /// - Parameter transform: A closure that turns the error into an output.
  /// - Returns: A side way that emits the outputs, then the replacement if the publisher fails.
  public func `catch`(_ transform: @escaping (Failure) -> Output) -> SideWay<Output, Never> {
    self.catch { Just(transform($0)) }.eraseToSideWay()
  }

  /// A side way that cannot fail: each output becomes `.success`, a failure `.failure`.
  ///
  /// ```swift
  /// api.numberPublisher()
  ///   .catchToResult()
  ///   .map(Action.numberResponse)
  /// ```
  ///
  /// - Returns: A side way of results.
  public func catchToResult() -> SideWay<Result<Output, Failure>, Never> {
    map(Result.success).catch { Just(.failure($0)) }.eraseToSideWay()
  }

  /// A side way that cannot fail, of `transform` applied to each output and to the failure,
  /// each wrapped in a `Result`.
  ///
  /// - Parameter transform: A closure that turns a result into an output, usually an action.
  /// - Returns: A side way of the transformed results.
  public func catchToResult<T>(
    _ transform: @escaping (Result<Output, Failure>) -> T
  ) -> SideWay<T, Never> {
    map { transform(.success($0)) }.catch { Just(transform(.failure($0))) }.eraseToSideWay()
  }

  /// The former name of ``catchToResult()``.
  ///
  /// - Returns: A side way of results.
  @available(*, deprecated, renamed: "catchToResult")
  public func catchToSideWay() -> SideWay<Result<Output, Failure>, Never> {
    catchToResult()
  }

  /// The former name of ``catchToResult(_:)``.
  ///
  /// - Parameter transform: A closure that turns a result into an output.
  /// - Returns: A side way of the transformed results.
  @available(*, deprecated, renamed: "catchToResult")
  public func catchToSideWay<T>(
    _ transform: @escaping (Result<Output, Failure>) -> T
  ) -> SideWay<T, Never> {
    catchToResult(transform)
  }

  /// A side way that cannot fail: a failure just completes it.
  ///
  /// - Returns: A side way of the outputs, completing instead of failing.
  public func catchToNever() -> SideWay<Output, Never> {
    self.catch { _ in Empty(completeImmediately: true) }.eraseToSideWay()
  }

  /// A side way that cannot fail: a failure becomes `value`.
  ///
  /// ```swift
  /// api.numberPublisher()
  ///   .map(Action.saveNumber)
  ///   .catchToReturn(Action.saveNumber(-1))
  /// ```
  ///
  /// - Parameter value: The output that replaces a failure.
  /// - Returns: A side way of the outputs, then `value` if the publisher fails.
  public func catchToReturn(_ value: Output) -> SideWay<Output, Never> {
    self.catch { _ in Just(value) }.eraseToSideWay()
  }

  /// A side way that runs the publisher for its effect alone: it emits nothing, and completes
  /// when the publisher completes or fails.
  ///
  /// ```swift
  /// case .save:
  ///   return storage.savePublisher(state.items).empty(outputType: Action.self, failureType: Never.self)
  /// ```
  ///
  /// - Parameters:
  ///   - outputType: The output type of the side way, for type inference.
  ///   - failureType: The failure type of the side way, for type inference.
  /// - Returns: A side way that emits nothing.
  public func empty<EmptyOutput, EmptyFailure>(
    outputType: EmptyOutput.Type = EmptyOutput.self,
    failureType: EmptyFailure.Type = EmptyFailure.self
  ) -> SideWay<EmptyOutput, EmptyFailure> {
    flatMap { _ in Empty<EmptyOutput, Failure>() }
      .catch { _ in Empty<EmptyOutput, EmptyFailure>() }
      .eraseToSideWay()
  }
}
#endif
