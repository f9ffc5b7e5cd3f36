#if Combine
extension AnyEffect {
  /// An effect that subscribes to `publisher` and emits what it publishes, until it completes
  /// or the effect is cancelled.
  ///
  /// ```swift
  /// func bind() -> AnyEffect<Action> {
  ///   .merge(
  ///     .publisher(textPublisher.map(Action.response)),
  ///     .publisher(numberPublisher.map { Action.response(String($0)) })
  ///   )
  /// }
  /// ```
  ///
  /// On a `Store` or a `ViewStore` the publisher is subscribed from the store's task, its
  /// outputs arrive in order, one hop each, and nothing it publishes is lost: unlike a loop
  /// over `publisher.values`, the subscription never runs out of demand. On a ``Way`` (any
  /// store isolated by a lock) it is subscribed synchronously, and an output is reduced
  /// before the call that published it returns.
  ///
  /// - Parameter publisher: A publisher that cannot fail; use `catchToResult()` or
  ///   `catchToNever()` on one that can.
  /// - Returns: An effect that runs until the publisher completes.
  public static func publisher<P: Publisher>(
    _ publisher: P
  ) -> AnyEffect<Element> where P.Output == Element, P.Failure == Never {
    let source = UncheckedSendable(publisher.eraseToAnyPublisher())
    return .subscribe { emitter in
      let cancellable = source.value.sink(
        receiveCompletion: { _ in emitter.finish() },
        receiveValue: { emitter.emit($0) }
      )
      let subscription = UncheckedSendable(cancellable)
      return { subscription.value.cancel() }
    }
  }
}

extension Publisher where Failure == Never, Output: Sendable {
  /// Wraps the publisher in an effect that a reducer or `bind()` can return (see
  /// `AnyEffect.publisher(_:)`).
  ///
  /// ```swift
  /// func bind() -> AnyEffect<Action> {
  ///   textPublisher.map(Action.response).eraseToAnyEffect()
  /// }
  /// ```
  ///
  /// - Returns: An effect that emits what the publisher emits.
  public func eraseToAnyEffect() -> AnyEffect<Output> {
    .publisher(self)
  }
}
#endif
