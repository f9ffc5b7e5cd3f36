/// A namespace for the effect types behind the vocabulary of ``AnyEffect``.
///
/// Reducers rarely name these types: `.just(x)` reads better than `Effects.Just(x)`. They exist
/// for code that builds effects generically and for source compatibility with OneWay 3.
public enum Effects {
  /// An effect that does nothing and finishes at once.
  public struct Empty<Element: Sendable>: Effect, AnyEffectConvertible {
    /// Creates an effect that does nothing.
    public init() {}

    /// An empty stream.
    public var values: AsyncStream<Element> { anyEffect.values }
    var anyEffect: AnyEffect<Element> { .none }
  }

  /// An effect that emits one element at once.
  public struct Just<Element: Sendable>: Effect, AnyEffectConvertible {
    let element: Element

    /// Creates an effect that emits `element`.
    public init(_ element: Element) {
      self.element = element
    }

    /// A stream of the one element.
    public var values: AsyncStream<Element> { anyEffect.values }
    var anyEffect: AnyEffect<Element> { .just(element) }
  }

  /// An effect that emits the result of one asynchronous operation.
  public struct Single<Element: Sendable>: Effect, AnyEffectConvertible {
    let anyEffect: AnyEffect<Element>

    /// Creates an effect that runs `operation` and emits its result.
    public init(
      priority: TaskPriority? = nil,
      operation: @Sendable @escaping () async -> Element
    ) {
      anyEffect = .single(priority: priority, operation: operation)
    }

    /// A stream of the operation's result.
    public var values: AsyncStream<Element> { anyEffect.values }
  }

  /// An effect whose asynchronous operation emits any number of elements.
  public struct Sequence<Element: Sendable>: Effect, AnyEffectConvertible {
    let anyEffect: AnyEffect<Element>

    /// Creates an effect that runs `operation`, which emits elements by calling `send`.
    public init(
      priority: TaskPriority? = nil,
      operation: @Sendable @escaping (_ send: @escaping @Sendable (Element) -> Void) async -> Void
    ) {
      anyEffect = .sequence(priority: priority, operation: operation)
    }

    /// A stream of what the operation sends.
    public var values: AsyncStream<Element> { anyEffect.values }
  }

  /// An effect that runs its effects one after the other.
  public struct Concat<Element: Sendable>: Effect, AnyEffectConvertible {
    let anyEffect: AnyEffect<Element>

    /// Creates an effect that runs `effects` in order.
    public init(priority: TaskPriority? = nil, _ effects: [AnyEffect<Element>]) {
      anyEffect = AnyEffect(.concat(EffectChildren(effects), priority: EffectPriority(priority)))
    }

    /// A stream of what the effects emit, in order.
    public var values: AsyncStream<Element> { anyEffect.values }
  }

  /// An effect that runs its effects at the same time.
  public struct Merge<Element: Sendable>: Effect, AnyEffectConvertible {
    let anyEffect: AnyEffect<Element>

    /// Creates an effect that runs `effects` together.
    public init(priority: TaskPriority? = nil, _ effects: [AnyEffect<Element>]) {
      anyEffect = AnyEffect(.merge(EffectChildren(effects), priority: EffectPriority(priority)))
    }

    /// A stream of what the effects emit, interleaved.
    public var values: AsyncStream<Element> { anyEffect.values }
  }

  /// An effect that emits what a continuation yields, until the continuation finishes.
  public struct Create<Element: Sendable>: Effect, AnyEffectConvertible {
    let anyEffect: AnyEffect<Element>

    /// Creates an effect whose `build` closure receives the continuation to yield to; `build`
    /// runs before the initialiser returns, as ``AnyEffect/create(bufferingPolicy:build:)``
    /// says.
    public init(
      bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
      build: @escaping (AsyncStream<Element>.Continuation) -> Void
    ) {
      anyEffect = .create(bufferingPolicy: bufferingPolicy, build: build)
    }

    /// The stream the continuation feeds.
    public var values: AsyncStream<Element> { anyEffect.values }
  }
}
