extension AnyEffect {
  // Inlinable: a reducer builds these on the action it answers; inlined, the effect is built in
  // place, for the client's action.

  /// An effect that does nothing: return it when an action only changes the state.
  ///
  /// A store handles `.none` without allocating or starting a task.
  @inlinable
  public static var none: AnyEffect<Element> {
    AnyEffect(.none, isSynchronous: true)
  }

  /// An effect that emits one action at once, reduced during the same `send`.
  ///
  /// - Parameter element: The action to emit.
  @inlinable
  public static func just(_ element: Element) -> AnyEffect<Element> {
    AnyEffect(.just(element), isSynchronous: true)
  }

  /// An effect that cancels every in-flight effect registered under `id`.
  ///
  /// Once the reduce that returns it finishes, no action from those effects is reduced, not
  /// even one they had already produced.
  ///
  /// - Parameter id: The identifier given to ``cancellable(_:cancelInFlight:)``, `debounce` or
  ///   `throttle`.
  @inlinable
  public static func cancel(_ id: some EffectID) -> AnyEffect<Element> {
    AnyEffect(.cancel(AnyEffectID(id)))
  }

  /// An effect that runs an asynchronous operation and emits the action it returns.
  ///
  /// ```swift
  /// return .single { .response(await api.result()) }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - operation: The work to perform.
  @inlinable
  public static func single(
    priority: TaskPriority? = nil,
    operation: @Sendable @escaping () async -> Element
  ) -> AnyEffect<Element> {
    AnyEffect(.single(operation, priority: EffectPriority(priority)))
  }

  /// An effect that runs an asynchronous operation which can emit any number of actions.
  ///
  /// `send` may be called from any context. The effect ends when `operation` returns; to keep
  /// sending after that, build the effect with ``create(bufferingPolicy:build:)``.
  ///
  /// ```swift
  /// return .sequence { send in
  ///   for await text in textStream { send(.response(text)) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - operation: The work to perform; it emits actions by calling `send`.
  @inlinable
  public static func sequence(
    priority: TaskPriority? = nil,
    operation: @Sendable @escaping (_ send: @escaping @Sendable (Element) -> Void) async -> Void
  ) -> AnyEffect<Element> {
    AnyEffect(.sequence(operation, priority: EffectPriority(priority)))
  }

  /// An effect that runs its effects one after the other.
  ///
  /// The leading synchronous effects run during the same `send`; the rest runs asynchronously
  /// from the first asynchronous effect on.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - effects: The effects to run in order.
  @inlinable
  public static func concat(
    priority: TaskPriority? = nil,
    _ effects: AnyEffect<Element>...
  ) -> AnyEffect<Element> {
    AnyEffect(.concat(EffectChildren(effects), priority: EffectPriority(priority)))
  }

  /// An effect that runs the effects built by `build` one after the other.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - build: A builder that lists the effects, with `if`, `switch` and `for` as needed.
  @inlinable
  public static func concat(
    priority: TaskPriority? = nil,
    @EffectsBuilder<Element> _ build: () -> [AnyEffect<Element>]
  ) -> AnyEffect<Element> {
    AnyEffect(.concat(EffectChildren(build()), priority: EffectPriority(priority)))
  }

  /// An effect that runs its effects at the same time.
  ///
  /// Synchronous effects among them emit during the same `send`, in argument order.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - effects: The effects to run together.
  @inlinable
  public static func merge(
    priority: TaskPriority? = nil,
    _ effects: AnyEffect<Element>...
  ) -> AnyEffect<Element> {
    AnyEffect(.merge(EffectChildren(effects), priority: EffectPriority(priority)))
  }

  /// An effect that runs the effects built by `build` at the same time.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits the current one.
  ///   - build: A builder that lists the effects, with `if`, `switch` and `for` as needed.
  @inlinable
  public static func merge(
    priority: TaskPriority? = nil,
    @EffectsBuilder<Element> _ build: () -> [AnyEffect<Element>]
  ) -> AnyEffect<Element> {
    AnyEffect(.merge(EffectChildren(build()), priority: EffectPriority(priority)))
  }

  // The overloads below, without a priority, are the ones a call without `priority:` picks:
  // `TaskPriority` is a resilient type, so building and dropping the default `nil` of the
  // overloads above goes through the concurrency library's value witnesses on every call.

  /// An effect that runs its effects one after the other, at the inherited priority.
  ///
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concat(_ effects: AnyEffect<Element>...) -> AnyEffect<Element> {
    AnyEffect(.concat(EffectChildren(effects), priority: .inherited))
  }

  /// An effect that runs the effects built by `build` one after the other, at the inherited
  /// priority.
  ///
  /// - Parameter build: A builder that lists the effects.
  @inlinable
  public static func concat(
    @EffectsBuilder<Element> _ build: () -> [AnyEffect<Element>]
  ) -> AnyEffect<Element> {
    AnyEffect(.concat(EffectChildren(build()), priority: .inherited))
  }

  /// An effect that runs its effects at the same time, at the inherited priority.
  ///
  /// - Parameter effects: The effects to run together.
  @inlinable
  public static func merge(_ effects: AnyEffect<Element>...) -> AnyEffect<Element> {
    AnyEffect(.merge(EffectChildren(effects), priority: .inherited))
  }

  /// An effect that runs the effects built by `build` at the same time, at the inherited
  /// priority.
  ///
  /// - Parameter build: A builder that lists the effects.
  @inlinable
  public static func merge(
    @EffectsBuilder<Element> _ build: () -> [AnyEffect<Element>]
  ) -> AnyEffect<Element> {
    AnyEffect(.merge(EffectChildren(build()), priority: .inherited))
  }

  /// An effect that runs an asynchronous operation and emits the action it returns, at the
  /// inherited priority.
  ///
  /// ```swift
  /// return .single { .response(await api.result()) }
  /// ```
  ///
  /// - Parameter operation: The work to perform.
  @inlinable
  public static func single(
    operation: @Sendable @escaping () async -> Element
  ) -> AnyEffect<Element> {
    AnyEffect(.single(operation, priority: .inherited))
  }

  /// An effect that runs an asynchronous operation which can emit any number of actions, at
  /// the inherited priority.
  ///
  /// ```swift
  /// return .sequence { send in
  ///   for await text in textStream { send(.response(text)) }
  /// }
  /// ```
  ///
  /// - Parameter operation: The work to perform; it emits actions by calling `send`.
  @inlinable
  public static func sequence(
    operation: @Sendable @escaping (_ send: @escaping @Sendable (Element) -> Void) async -> Void
  ) -> AnyEffect<Element> {
    AnyEffect(.sequence(operation, priority: .inherited))
  }

  /// An effect that emits what a continuation yields, until the continuation finishes.
  ///
  /// Use it to bridge callback-based code: the effect stays in flight until `finish()` is
  /// called, so values yielded later are still delivered.
  ///
  /// ```swift
  /// case .load:
  ///   return .create { continuation in
  ///     loader.load { result in  // a callback-based API
  ///       continuation.yield(.loaded(result))
  ///       continuation.finish()
  ///     }
  ///   }
  /// ```
  ///
  /// As in OneWay 3.x, `build` runs at once, while the effect is created (in the reducer),
  /// so it need not be `@Sendable`: it may call local functions and capture what the caller
  /// owns. What it yields before the store starts the effect waits in the stream's buffer. The
  /// stream is made once, so the effect runs once; when the store cancels the effect, the
  /// stream ends and its `onTermination` handler runs.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How the stream buffers values the store has not taken yet.
  ///   - build: A closure that receives the continuation; it runs before `create` returns.
  public static func create(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
    build: @escaping (AsyncStream<Element>.Continuation) -> Void
  ) -> AnyEffect<Element> {
    let stream = AsyncStream(bufferingPolicy: bufferingPolicy, build)
    return AnyEffect(.stream { stream })
  }
}
