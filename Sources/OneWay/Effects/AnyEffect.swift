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
  // Inlinable: made and read by the reducers and the walk of every effect.

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
      isSynchronous = children.areSynchronous
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
  ///
  /// The effect has started when `values` returns: it has run up to its first suspension (a
  /// `clock.sleep` it begins with is registered), so a test clock advanced afterwards wakes it
  /// (E7). Where the runtime cannot start a task at once (Apple platforms before their 26
  /// releases), the effect starts when a thread of the cooperative pool takes its task.
  public var values: AsyncStream<Element> {
    let effect = self
    return AsyncStream { continuation in
      let task = Self.startAtOnce {
        await EffectRunner(sink: StandaloneSink(continuation: continuation)).run(effect)
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Starts `operation` in a task that runs up to its first suspension before this returns,
  /// where the runtime can (E7).
  static func startAtOnce(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return Task.immediate(operation: operation)
    }
    return Task(operation: operation)
  }
}

extension AnyEffect {
  // Inlinable: read by the walk of every effect.

  /// What an effect does, as a tree the store interprets.
  ///
  /// Nested effects live in ``EffectChildren``: a plain array for a shallow tree, a node that
  /// takes a deep tree apart without recursion when it is released. The payloads larger than
  /// a closure and a priority (identifiers, durations, clocks) are `indirect`, so an effect is
  /// no larger than a closure and a priority beside its action (`.just` holds the action
  /// inline), and copying one costs one retain.
  @usableFromInline
  enum Operation: Sendable {
    case none
    case just(Element)
    case concat(EffectChildren<Element>, priority: EffectPriority)
    case merge(EffectChildren<Element>, priority: EffectPriority)
    // The priority is held as its raw value, as everywhere in the tree (see `EffectPriority`).
    //
    // The effects made of one closure are held inline, not boxed: the closure first, so that
    // the priority fits after it and an effect grows no larger than a closure and a priority.
    // Boxed, every asynchronous effect cost an allocation.
    case single(@Sendable () async -> Element, priority: EffectPriority)
    case sequence(
      @Sendable (_ send: @escaping @Sendable (Element) -> Void) async -> Void,
      priority: EffectPriority
    )
    case stream(@Sendable () -> AsyncStream<Element>)
    case subscribe(@Sendable (EffectEmitter<Element>) -> EffectCancel)
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

    /// The nested effects, if the operation has any.
    @inlinable
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
  @inlinable
  var priority: TaskPriority? { effectPriority.taskPriority }

  /// The priority of the task that runs this effect, as the tree holds it.
  @inlinable
  var effectPriority: EffectPriority {
    switch operation {
    case .concat(_, let priority), .merge(_, let priority),
      .single(_, let priority), .sequence(_, let priority):
      return priority
    default:
      return .inherited
    }
  }
}

/// An effect that knows its `AnyEffect` form, so that erasing it keeps it synchronous.
protocol AnyEffectConvertible<Element>: Effect {
  var anyEffect: AnyEffect<Element> { get }
}

/// The effects nested in a `concat`, a `merge` or a modifier, with the depth of the tree they
/// make.
///
/// Releasing a tree of effects recursively takes a few stack frames per level, and a tree
/// 100,000 levels deep (rule A2) would overflow the stack. A shallow tree, by far the common
/// case, keeps its children in a plain array, so that building and releasing an effect costs
/// no more than that array; only a node more than ``maximumShallowDepth`` levels above its
/// leaves keeps them in an ``EffectChildrenNode``, whose `deinit` takes its deep descendants
/// apart with an explicit stack. Releasing a shallow subtree then recurses at most that many
/// levels.
@usableFromInline
struct EffectChildren<Element: Sendable>: Sendable {
  // Inlinable: read by the walk of every `concat` and `merge`.

  @usableFromInline
  enum Storage: Sendable {
    case shallow([AnyEffect<Element>])
    case deep(EffectChildrenNode<Element>)
  }

  /// The deepest tree whose release may recurse.
  @inlinable
  static var maximumShallowDepth: UInt32 { 32 }

  @usableFromInline let storage: Storage
  /// The number of levels of nodes with children from this one down to the leaves, this one
  /// included.
  @usableFromInline let depth: UInt32
  /// Whether every child is synchronous; found by the same pass as ``depth``, so that the
  /// `concat` or `merge` that holds the children need not walk them again.
  @usableFromInline let areSynchronous: Bool

  @inlinable
  init(_ effects: [AnyEffect<Element>]) {
    var deepest: UInt32 = 0
    var synchronous = true
    for effect in effects {
      if !effect.isSynchronous { synchronous = false }
      switch effect.operation {
      case .concat(let children, _), .merge(let children, _):
        if children.depth > deepest { deepest = children.depth }
      case .none, .just, .single, .sequence, .stream, .subscribe, .cancel:
        break
      default:
        if let children = effect.operation.children, children.depth > deepest {
          deepest = children.depth
        }
      }
    }
    areSynchronous = synchronous
    depth = deepest + 1
    storage =
      depth > Self.maximumShallowDepth ? .deep(EffectChildrenNode(effects)) : .shallow(effects)
  }

  @inlinable
  var effects: [AnyEffect<Element>] {
    switch storage {
    case .shallow(let effects): return effects
    case .deep(let node): return node.effects
    }
  }

  /// The one effect of a modifier.
  @inlinable
  var first: AnyEffect<Element> { effects[0] }
}

/// The children of a node of a deep effect tree (see ``EffectChildren``): the last owner of a
/// node takes its deep descendants apart with an explicit stack instead of recursing.
@usableFromInline
final class EffectChildrenNode<Element: Sendable>: Sendable {
  // Written only in `deinit`, and by another node's `deinit` when this node is uniquely
  // referenced: no other thread can see it then.
  @usableFromInline nonisolated(unsafe) var effects: [AnyEffect<Element>]

  @usableFromInline
  init(_ effects: [AnyEffect<Element>]) {
    self.effects = effects
  }

  deinit {
    var pending = effects
    effects = []
    while var effect = pending.popLast() {
      guard case .deep(var node)? = effect.operation.children?.storage else { continue }
      effect = .none
      if isKnownUniquelyReferenced(&node) {
        pending.append(contentsOf: node.effects)
        node.effects = []
      }
    }
  }
}
