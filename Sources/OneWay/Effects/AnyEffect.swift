/// A type-erased effect: what a reducer returns, built from the effect vocabulary.
///
/// `AnyEffect` describes work without starting it. The store that receives it runs the
/// synchronous parts (`.none`, `.just`, and `.concat`/`.merge` made only of those) during the
/// same `send`, and runs the asynchronous parts in tasks that it owns and can cancel.
///
/// ```swift
/// case .refresh:
///   return .concat(
///     .just(.setIsLoading(true)),
///     .single { .loaded(await api.fetch()) },
///     .just(.setIsLoading(false))
///   )
///   .cancellable(RequestID.refresh, cancelInFlight: true)
/// ```
public struct AnyEffect<Element>: Effect where Element: Sendable {
  /// The identifiers that make effects cancellable: any `Hashable & Sendable` value.
  public typealias EffectID = Hashable & Sendable

  @usableFromInline
  let operation: Operation

  /// `true` when running the effect never suspends, so the store applies it during `send`.
  @usableFromInline
  let isSynchronous: Bool

  @inlinable
  init(_ operation: Operation, isSynchronous: Bool) {
    self.operation = operation
    self.isSynchronous = isSynchronous
  }

  // Inlinable, and a plain loop rather than `allSatisfy(\.isSynchronous)`: a key path on this
  // generic type is instantiated by the runtime (and allocated) on every call, and the
  // unspecialised walk looks up `AnyEffect<Element>`'s metadata for every element.
  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
    switch operation {
    case .none, .just, .cancel:
      isSynchronous = true
    case .concat(let children, _), .merge(let children, _):
      var allSynchronous = true
      for effect in children.effects where !effect.isSynchronous {
        allSynchronous = false
        break
      }
      isSynchronous = allSynchronous
    case .cancellable(let inner, _, _), .throttle(let inner, _, _, _, _):
      isSynchronous = inner.first.isSynchronous
    case .single, .sequence, .stream, .subscribe, .debounce:
      isSynchronous = false
    }
  }

  /// Wraps any effect in a type eraser.
  ///
  /// - Parameter base: The effect to wrap. Effects of the ``Effects`` namespace keep their
  ///   synchronous behaviour; any other effect is run by iterating its `values`.
  public init<Base: Effect>(_ base: Base) where Base.Element == Element {
    if let erased = base as? AnyEffect<Element> {
      self = erased
    } else if let convertible = base as? any AnyEffectConvertible<Element> {
      self = convertible.anyEffect
    } else {
      self.init(.stream { base.values })
    }
  }

  /// The values the effect produces when it runs on its own, outside any store.
  ///
  /// Modifiers that need a store (cancellation, throttling) have no effect here; a debounce
  /// waits its due time before it runs.
  public var values: AsyncStream<Element> {
    let effect = self
    return AsyncStream { continuation in
      let task = Task {
        await EffectRunner(sink: StandaloneSink(continuation: continuation)).run(effect)
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

extension AnyEffect {
  /// What an effect does, as a tree the store interprets.
  ///
  /// Nested effects live in an ``EffectChildren`` node, which takes a deep tree apart without
  /// recursion when it is released; the other payloads that would make every effect large are
  /// `indirect`, so copying an effect while walking the tree costs one retain.
  @usableFromInline
  enum Operation: Sendable {
    case none
    case just(Element)
    case concat(EffectChildren<Element>, priority: TaskPriority?)
    case merge(EffectChildren<Element>, priority: TaskPriority?)
    indirect case single(priority: TaskPriority?, @Sendable () async -> Element)
    indirect case sequence(
      priority: TaskPriority?,
      @Sendable (_ send: @escaping @Sendable (Element) -> Void) async -> Void
    )
    indirect case stream(@Sendable () -> AsyncStream<Element>)
    indirect case subscribe(@Sendable (EffectEmitter<Element>) -> EffectCancel)
    indirect case cancel(AnyEffectID)
    indirect case cancellable(EffectChildren<Element>, id: AnyEffectID, cancelInFlight: Bool)
    indirect case debounce(
      EffectChildren<Element>,
      id: AnyEffectID,
      dueTime: Duration,
      clock: (any Clock<Duration>)?
    )
    indirect case throttle(
      EffectChildren<Element>,
      id: AnyEffectID,
      interval: Duration,
      latest: Bool,
      clock: (any Clock<Duration>)?
    )

    /// The node that holds the nested effects, if the operation has any.
    @usableFromInline
    var children: EffectChildren<Element>? {
      switch self {
      case .concat(let children, _), .merge(let children, _),
        .cancellable(let children, _, _), .debounce(let children, _, _, _),
        .throttle(let children, _, _, _, _):
        return children
      case .none, .just, .single, .sequence, .stream, .subscribe, .cancel:
        return nil
      }
    }
  }

  /// `true` for `.none`: the hot path of a store checks it before anything else.
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// The priority of the task that runs this effect, if the effect names one.
  var priority: TaskPriority? {
    switch operation {
    case .concat(_, let priority), .merge(_, let priority), .single(let priority, _),
      .sequence(let priority, _):
      return priority
    default:
      return nil
    }
  }
}

/// An effect that knows its `AnyEffect` form, so that erasing it keeps it synchronous.
protocol AnyEffectConvertible<Element>: Effect {
  var anyEffect: AnyEffect<Element> { get }
}

/// The effects nested in a `concat`, a `merge` or a modifier.
///
/// Releasing a tree of effects recursively would take one stack frame per level, and a tree
/// 100,000 levels deep (rule A2) would overflow the stack; so the last owner of a node takes
/// its descendants apart with an explicit stack instead.
@usableFromInline
final class EffectChildren<Element: Sendable>: Sendable {
  // Written only in `deinit` and by `dismantle()` in another node's `deinit`, when the node
  // is uniquely referenced: no other thread can see it then.
  @usableFromInline nonisolated(unsafe) var effects: [AnyEffect<Element>]

  @inlinable
  init(_ effects: [AnyEffect<Element>]) {
    self.effects = effects
  }

  /// The one effect of a modifier.
  @inlinable
  var first: AnyEffect<Element> { effects[0] }

  deinit {
    guard effects.contains(where: { $0.operation.children != nil }) else { return }
    var pending = effects
    effects = []
    while var effect = pending.popLast() {
      guard var children = effect.operation.children else { continue }
      effect = .none
      if isKnownUniquelyReferenced(&children) {
        pending.append(contentsOf: children.effects)
        children.effects = []
      }
    }
  }
}
