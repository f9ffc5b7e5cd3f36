#if Combine
/// A unit of work that a ``Way`` runs after a reduce, and whose outputs it sends back to itself
/// as actions: network requests, timers, global subjects, anything a publisher describes.
///
/// A reducer returns one; `.none` when there is nothing to do:
///
/// ```swift
/// override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
///   switch action {
///   case .increment:
///     state.number += 1
///     return .none
///   case .twice:
///     return .concat(.just(.increment), .just(.increment))
///   case .fetch:
///     return api.numberPublisher()
///       .map(Action.saveNumber)
///       .catchToReturn(.saveNumber(-1))
///   }
/// }
/// ```
///
/// `SideWay` is a `Publisher`, as in OneWay 1.x. What is built only of `none`, `just`,
/// `concat` and `merge` is synchronous: the way reduces its actions before `send` returns,
/// without subscribing to anything. Everything else is subscribed to once the reduce that
/// returned it has finished, and what it publishes is reduced on the thread it publishes on.
public struct SideWay<Output, Failure: Error>: Publisher {
  /// What the side way is: synchronous parts the way can run without Combine, or a publisher.
  @usableFromInline
  enum Body {
    case none
    case just(Output)
    case concat([SideWay])
    case merge([SideWay])
    case publisher(AnyPublisher<Output, Failure>)
  }

  @usableFromInline let body: Body

  @inlinable
  init(body: Body) {
    self.body = body
  }

  /// Wraps a publisher: each output of `publisher` is an output of the side way.
  ///
  /// - Parameter publisher: The publisher to wrap.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let sideWay = publisher as? SideWay {
      self = sideWay
    } else {
      self.init(body: .publisher(publisher.eraseToAnyPublisher()))
    }
  }

  /// A side way that fails at once with `error`.
  ///
  /// - Parameter error: The error the side way fails with.
  public init(error: Failure) {
    self.init(body: .publisher(Fail(error: error).eraseToAnyPublisher()))
  }

  /// The side way as a type-erased publisher.
  public var upstream: AnyPublisher<Output, Failure> {
    switch body {
    case .none:
      return Empty(completeImmediately: true).eraseToAnyPublisher()
    case .just(let output):
      return Just(output).setFailureType(to: Failure.self).eraseToAnyPublisher()
    case .concat(let sideWays):
      return sideWays.reduce(Empty(completeImmediately: true).eraseToAnyPublisher()) {
        $0.append($1.upstream).eraseToAnyPublisher()
      }
    case .merge(let sideWays):
      // Combine's `MergeMany`, which OpenCombine lacks: subscribes to every side way at once,
      // in argument order.
      return Publishers.Sequence(sequence: sideWays.map(\.upstream))
        .flatMap { $0 }
        .eraseToAnyPublisher()
    case .publisher(let publisher):
      return publisher
    }
  }

  /// Attaches `subscriber` to the side way.
  ///
  /// - Parameter subscriber: The subscriber that receives the side way's outputs.
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(subscriber)
  }

  /// Transforms every output with `transform`; a synchronous side way stays synchronous.
  ///
  /// ```swift
  /// globalNumberSubject.eraseToSideWay().map(Action.saveNumber)
  /// ```
  ///
  /// - Parameter transform: A closure that turns an output into a new one.
  /// - Returns: A side way of the transformed outputs.
  public func map<T>(_ transform: @escaping (Output) -> T) -> SideWay<T, Failure> {
    switch body {
    case .none:
      return .none
    case .just(let output):
      return .just(transform(output))
    case .concat(let sideWays):
      return SideWay<T, Failure>(body: .concat(sideWays.map { $0.map(transform) }))
    case .merge(let sideWays):
      return SideWay<T, Failure>(body: .merge(sideWays.map { $0.map(transform) }))
    case .publisher(let publisher):
      return SideWay<T, Failure>(body: .publisher(publisher.map(transform).eraseToAnyPublisher()))
    }
  }
}
#endif
