#if Combine
extension SideWay {
  /// A side way that does nothing and completes at once: what a reducer returns when an
  /// action has no side effect. It costs nothing to return and to run.
  @inlinable
  public static var none: SideWay {
    SideWay(body: .none)
  }

  /// A side way that emits `value` at once; the way reduces it before `send` returns.
  ///
  /// - Parameter value: The value to emit.
  /// - Returns: A synchronous side way.
  @inlinable
  public static func just(_ value: Output) -> SideWay {
    SideWay(body: .just(value))
  }

  /// Runs `sideWays` one after the other: each starts when the one before it completes.
  ///
  /// ```swift
  /// case .twice:
  ///   return .concat(.just(.increment), .just(.increment))
  /// ```
  ///
  /// - Parameter sideWays: The side ways to run in order.
  /// - Returns: A side way that emits what they emit, in order.
  public static func concat(_ sideWays: SideWay...) -> SideWay {
    .concat(sideWays)
  }

  /// Runs the side ways of a collection one after the other.
  ///
  /// - Parameter sideWays: The side ways to run in order.
  /// - Returns: A side way that emits what they emit, in order.
  public static func concat<C: Collection>(_ sideWays: C) -> SideWay where C.Element == SideWay {
    SideWay(body: .concat(Array(sideWays)))
  }

  /// Runs `sideWays` at the same time; synchronous ones emit in argument order.
  ///
  /// ```swift
  /// override func bind() -> SideWay<Action, Never> {
  ///   .merge(
  ///     globalTextSubject.map(Action.saveText).eraseToSideWay(),
  ///     globalNumberSubject.map(Action.saveNumber).eraseToSideWay()
  ///   )
  /// }
  /// ```
  ///
  /// - Parameter sideWays: The side ways to run together.
  /// - Returns: A side way that emits what any of them emits.
  public static func merge(_ sideWays: SideWay...) -> SideWay {
    .merge(sideWays)
  }

  /// Runs the side ways of a sequence at the same time.
  ///
  /// - Parameter sideWays: The side ways to run together.
  /// - Returns: A side way that emits what any of them emits.
  public static func merge<S: Sequence>(_ sideWays: S) -> SideWay where S.Element == SideWay {
    SideWay(body: .merge(Array(sideWays)))
  }

  /// A side way that produces one result later, through a callback: Combine's `Future`,
  /// created anew for each subscriber.
  ///
  /// ```swift
  /// return SideWay<Int, Never>.future { promise in
  ///   api.loadNumber { number in promise(.success(number)) }
  /// }
  /// .map(Action.saveNumber)
  /// ```
  ///
  /// - Parameter result: A closure that starts the work and calls its argument once, with the
  ///   result.
  /// - Returns: A side way that emits the value, or fails with the error, and completes.
  public static func future(
    _ result: @escaping (@escaping (Result<Output, Failure>) -> Void) -> Void
  ) -> SideWay {
    Deferred { Future(result) }.eraseToSideWay()
  }

  /// A side way that runs `operation` in a task on the main actor and emits what it returns.
  ///
  /// Cancelling the side way (`reset()`, the way's deinit) cancels the task.
  ///
  /// ```swift
  /// case .load:
  ///   return SideWay.async { await api.number() }.map(Action.saveNumber)
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The task's priority; `nil` uses the current one.
  ///   - operation: The work to do.
  /// - Returns: A side way that emits the operation's result and completes.
  public static func async(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async -> Output
  ) -> SideWay where Failure == Never {
    TaskPublisher(priority: priority, operation: operation)
      .catch { _ in Empty<Output, Never>() }
      .eraseToSideWay()
  }

  /// A side way that runs a throwing `operation` in a task on the main actor and emits what
  /// it returns, or fails with what it throws.
  ///
  /// Cancelling the side way cancels the task; a task that ends with `CancellationError`
  /// completes the side way without a value.
  ///
  /// - Parameters:
  ///   - priority: The task's priority; `nil` uses the current one.
  ///   - operation: The work to do.
  /// - Returns: A side way that emits the operation's result and completes, or fails.
  public static func async(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Output
  ) -> SideWay where Failure == any Error {
    TaskPublisher(priority: priority, operation: operation).eraseToSideWay()
  }
}
#endif
