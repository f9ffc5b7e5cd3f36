/// Runs a store's effects: walks each effect tree, queues what its synchronous parts emit,
/// starts tasks and timers for the rest, and keeps the book of what is in flight
/// (cancellation, debounce, throttle).
///
/// It knows nothing of the store's isolation: it is used on that isolation by the engine, and
/// the tasks it starts come back through the engine's ``EngineLink``. Its bookkeeping lives in
/// plain values tested on their own (``EffectRegistry``, ``ThrottleWindows``, ``DebounceWaits``).
@usableFromInline
struct EffectScheduler<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  @usableFromInline typealias Action = R.Action
  @usableFromInline typealias EffectTask = Task<Void, Never>

  /// A task a walk started, for a caller that awaits the tasks (``StoreEngine/start(_:parent:)``):
  /// the unit whose task the engine starts once the walk is over, or, for a unit of `bind()`,
  /// the slot the engine fills then.
  @usableFromInline
  enum StartedTask {
    case pending(EffectToken)
    case inSlot(TaskSlot)
  }

  /// Where an effect runs: the unit that started it, and the identifiers it is registered
  /// under.
  @usableFromInline
  struct Scope {
    @usableFromInline var parent: EffectToken?
    // No default values: a stored property's default is an out-of-line initializer, which the
    // specialised walk called, with its generic arguments, for every scope it made.
    @usableFromInline var ids: [AnyEffectID]
    @usableFromInline var isBinding: Bool
    /// The priority an enclosing `concat` or `merge` named, for effects that name none.
    @usableFromInline var priority: EffectPriority

    // Inlinable, as the walk that uses it: the scope is a type nested in a generic one, and
    // unspecialised code looked up its metadata at every use.
    @inlinable
    init(parent: EffectToken? = nil, isBinding: Bool = false) {
      self.parent = parent
      self.ids = []
      self.isBinding = isBinding
      self.priority = .inherited
    }

    @inlinable
    func adding(_ id: AnyEffectID) -> Scope {
      var scope = self
      scope.ids.append(id)
      return scope
    }
  }

  /// A throttled effect, kept until it runs.
  @usableFromInline
  struct ThrottledRun {
    let effect: AnyEffect<Action>
    let scope: Scope
    let interval: Duration
  }

  /// A debounced effect, kept until its wait ends: it runs in `scope`, the scope of the wait.
  @usableFromInline
  struct DebouncedRun {
    let effect: AnyEffect<Action>
    let scope: Scope
  }

  /// One step of the walk of an effect tree.
  @usableFromInline
  enum Step {
    /// Walk this effect.
    case walk(AnyEffect<Action>, Scope)
    /// Start a task for the rest of a `concat`, from its first asynchronous effect on.
    case spawnRest(EffectChildren<Action>, from: Int, priority: EffectPriority, Scope)
  }

  /// Work that runs user code or starts tasks synchronously, which the walk and the book-keeping
  /// leave for the engine to do once it is consistent again (see ``takePendingWork()``).
  @usableFromInline
  enum PendingWork {
    /// Start a task of `bind()`, synchronously (L4), and put it in its slot.
    case startBindingTask(TaskSlot, priority: EffectPriority, @Sendable () async -> Void)
    /// Start the task of a `.single`'s unit synchronously (E7), unless the unit ended first.
    case startSingle(SingleBody<R>, LinkedSink<R>, priority: EffectPriority)
    /// Start the task of any other unit synchronously (E7), unless the unit ended first.
    case startRunner(RunnerBody<R>, LinkedSink<R>, priority: EffectPriority)
    /// Subscribe a synchronous source registered as `token`.
    case subscribe(EffectToken, @Sendable (EffectEmitter<Action>) -> EffectCancel)
    /// Cancel the task of a cancelled unit: its cancellation handlers may run user code (a
    /// stream's `onTermination`). The unit has already left the registry; its task keeps the
    /// store busy until it ends (see ``CancelledTasks``).
    case cancelTask(EffectRegistry.Cancelled)
    /// End a subscription that was cancelled; its unit ends with it.
    case cancelSubscription(EffectToken, EffectCancel)
  }

  /// What the scheduler keeps once a store has had effects that need keeping (see
  /// ``EffectBook``); `nil` until then, so that an idle store keeps nothing but this pointer.
  @usableFromInline var book: EffectBook<R>?

  /// A scheduler that measures time with `ContinuousClock`, which is stateless and is made
  /// again when needed (see ``keep(_:link:)`` for any other clock).
  init() {}

  // Inlinable (`hasBook`, `makeBook`, `hasPendingWork`): read at every send of a store with
  // effects.

  /// Whether the scheduler has made its book: until then, no effect has left anything for the
  /// engine to do after a drain, and no task waits for idleness.
  @inlinable
  var hasBook: Bool { book != nil }

  /// The book, made now if the scheduler has none yet.
  @inlinable
  mutating func makeBook(link: @autoclosure () -> EngineLink<R>) -> EffectBook<R> {
    if let book { return book }
    let made = EffectBook(link: link())
    book = made
    return made
  }

  /// Measures time with `clock`, kept in a book made at once, instead of `ContinuousClock`.
  mutating func keep<C: Clock<Duration>>(_ clock: C, link: EngineLink<R>) {
    book = EffectBook(link: link, clock: clock)
  }

  /// The book of in-flight units; empty while the scheduler has no book.
  @usableFromInline var registry: EffectRegistry {
    _read {
      if let book { yield book.registry } else { yield EffectRegistry() }
    }
    // Only reached while a walk or a registered unit has made the book.
    _modify { yield &book.unsafelyUnwrapped.registry }
  }

  @usableFromInline var throttles: ThrottleWindows<ThrottledRun> {
    _read {
      if let book { yield book.throttles } else { yield ThrottleWindows() }
    }
    // Only reached while a walk or an open window has made the book.
    _modify { yield &book.unsafelyUnwrapped.throttles }
  }

  @usableFromInline var debounces: DebounceWaits<DebouncedRun> {
    _read {
      if let book { yield book.debounces } else { yield DebounceWaits() }
    }
    // Only reached while a walk or a waiting debounce has made the book.
    _modify { yield &book.unsafelyUnwrapped.debounces }
  }

  /// Whether walks or cancellations left work for the engine (see ``takePendingWork()``);
  /// only walks and registered units leave any, and they make the book.
  @inlinable
  var hasPendingWork: Bool {
    guard let book else { return false }
    return !book.pendingWork.isEmpty
  }

  /// The link that the tasks of the scheduler's units reach the store through; only while
  /// the book exists (a walk that starts tasks makes it).
  @usableFromInline var link: EngineLink<R> { book.unsafelyUnwrapped.link }

  /// The count of the tasks of cancelled units that still run; `nil` while the scheduler has
  /// no book.
  var cancelledTasks: CancelledTasks? { book?.cancelledTasks }

  /// Whether any task outside `bind()` still runs, cancelled or not; with `wake`, the last
  /// cancelled task to end wakes the engine (see ``CancelledTaskCount``).
  func isBusy(wakingWhenNone wake: Bool) -> Bool {
    guard let book else { return false }
    return book.registry.isBusy || !book.cancelledTasks.noneRunning(wakingWhenNone: wake)
  }
}
