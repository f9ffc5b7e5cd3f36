/// Runs a store's effects: walks each effect tree, queues what its synchronous parts emit,
/// starts tasks and timers for the rest, and keeps the book of what is in flight
/// (cancellation, debounce, throttle).
///
/// It knows nothing of the store's isolation: it is used on that isolation by the engine, and
/// the tasks it starts come back through the engine's ``EngineLink``. Its bookkeeping lives in
/// plain values tested on their own (``EffectRegistry``, ``ThrottleWindows``).
@usableFromInline
struct EffectScheduler<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  @usableFromInline typealias Action = R.Action
  @usableFromInline typealias EffectTask = Task<Void, Never>

  /// A task a walk started, for a caller that awaits the tasks (``StoreEngine/start(_:parent:)``):
  /// started at once, or, for a unit of `bind()`, in the slot the engine fills once the walk is
  /// over.
  @usableFromInline
  enum StartedTask {
    case started(EffectTask)
    case inSlot(TaskSlot)

    /// The task; `nil` for a slot not filled yet or cancelled first.
    @usableFromInline
    var task: EffectTask? {
      switch self {
      case .started(let task): task
      case .inSlot(let slot): slot.task
      }
    }
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
    /// Start the task of a unit outside `bind()`, at once, and put it in its slot: only while
    /// task starts are deferred (see ``defersTaskStarts``).
    case startTask(TaskSlot, priority: EffectPriority, @Sendable () async -> Void)
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

  /// Whether every task is started in a slot, through the pending work, instead of at once
  /// (see ``EffectBook/defersTaskStarts``).
  @inlinable
  var defersTaskStarts: Bool { book?.defersTaskStarts == true }

  /// A scheduler that measures time with `ContinuousClock`, which is stateless and is made
  /// again when needed (see ``keep(_:link:)`` for any other clock).
  init() {}

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

  /// Whether any task outside `bind()` still runs, cancelled or not; with `wake`, the last
  /// cancelled task to end wakes the engine (see ``CancelledTaskCount``).
  func isBusy(wakingWhenNone wake: Bool) -> Bool {
    guard let book else { return false }
    return book.registry.isBusy || !book.cancelledTasks.noneRunning(wakingWhenNone: wake)
  }

  // MARK: - Walking effects

  /// Walks an effect: synchronous parts append their actions to `queue` at once, asynchronous
  /// parts become tasks (appended to `tasks`).
  ///
  /// The walk keeps its own work list rather than recursing, so a tree of any depth is walked
  /// in constant stack space (A2); children are pushed in reverse so that they are visited,
  /// and emit, in argument order.
  ///
  /// `link` is how the tasks it starts reach the store; the first walk that needs more than
  /// the queue makes the book with it.
  @inlinable
  mutating func start(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .none:
      // Nothing to walk (a `bind()` that returns `.none`): the work list is not allocated.
      return
    case .just, .concat, .merge:
      startChain(effect, in: scope, link: link(), queue: &queue, collecting: &tasks)
    default:
      // One effect that is not a chain (the common asynchronous effect) is walked as it is,
      // without the copies the chain's loop makes of it.
      walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
  }

  /// ``start(_:in:link:queue:collecting:)`` for a `.just`, `concat` or `merge`.
  @inlinable
  mutating func startChain(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    // The common synchronous chain first, without the work list: its leading actions go
    // straight to the queue, and when all that follows them is one nested synchronous
    // `concat` or `merge` (as in `.concat(.just(a), .just(b), .merge(.just(c), .just(d)))`),
    // that effect is walked the same way, in this loop. Only what is left goes through the work
    // list, which a chain of that shape never touches. The loop holds the children, never a
    // copy of an effect: each copy and destroy of one decodes its case, out of line.
    guard scope.ids.isEmpty, effect.isSynchronous else {
      return walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
    var restScope = scope
    var children: EffectChildren<Action>
    switch effect.operation {
    case .just(let action):
      return queue.append(action, from: scope.parent)
    case .concat(let all, _):
      children = all
    case .merge(let all, let priority):
      children = all
      if !priority.isInherited { restScope.priority = priority }
    default:
      // `start(_:in:link:queue:collecting:)` calls this for the three cases above alone.
      return walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
    while true {
      let rest = Self.queueLeadingActions(
        of: children.effects,
        from: restScope.parent,
        to: &queue
      )
      guard rest.count == 1 else {
        if rest.isEmpty { return }
        return walkAll(
          nil,
          rest: rest,
          in: restScope,
          link: link(),
          queue: &queue,
          collecting: &tasks
        )
      }
      let only = rest.startIndex
      if rest[only].isSynchronous {
        switch rest[only].operation {
        case .concat(let all, _):
          children = all
          continue
        case .merge(let all, let priority):
          children = all
          if !priority.isInherited { restScope.priority = priority }
          continue
        default:
          break
        }
      }
      return walkAll(
        rest[only],
        rest: [],
        in: restScope,
        link: link(),
        queue: &queue,
        collecting: &tasks
      )
    }
  }

  /// Walks `first`, then the effects of `rest` in order, and everything they contain, through
  /// the work list.
  @inlinable
  mutating func walkAll(
    _ first: AnyEffect<Action>?,
    rest: ArraySlice<AnyEffect<Action>>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    // The work list lives in the book between walks, so that a busy store stops allocating it;
    // it is moved out and back, never copied.
    let book = makeBook(link: link())
    var steps: [Step] = []
    swap(&steps, &book.steps)
    // A first effect is walked at once, without the copy into a step and out of it.
    if let first { walk(first, in: scope, steps: &steps, queue: &queue, tasks: &tasks) }
    for child in rest.reversed() { steps.append(.walk(child, scope)) }
    while let step = steps.popLast() {
      switch step {
      case .walk(let effect, let scope):
        walk(effect, in: scope, steps: &steps, queue: &queue, tasks: &tasks)
      case .spawnRest(let children, let index, let priority, let scope):
        let rest = AnyEffect(
          .concat(EffectChildren(Array(children.effects[index...])), priority: priority)
        )
        spawn(in: scope, priority: scope.priority, collecting: &tasks) { await $0.run(rest) }
      }
    }
    swap(&steps, &book.steps)
  }

  /// Appends the leading `.just` actions of `effects` to `queue`, in order, skipping `.none`,
  /// and returns the effects from the first other one on: nothing can emit before them.
  @inlinable
  static func queueLeadingActions(
    of effects: [AnyEffect<Action>],
    from parent: EffectToken?,
    to queue: inout ActionQueue<Action>
  ) -> ArraySlice<AnyEffect<Action>> {
    var index = effects.startIndex
    loop: while index < effects.endIndex {
      switch effects[index].operation {
      case .just(let action): queue.append(action, from: parent)
      case .none: break
      default: break loop
      }
      index += 1
    }
    return effects[index...]
  }

  @inlinable @inline(never)
  mutating func walk(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    queue: inout ActionQueue<Action>,
    tasks: inout [StartedTask]?
  ) {
    // A `.cancellable` has one child, walked next in this loop rather than through the work
    // list: a chain of them, however deep, stays in constant stack space (A2) without a step
    // copied in and out per level.
    var effect = effect
    var scope = scope
    while case .cancellable(let inner, let id, let cancelInFlight) = effect.operation {
      if cancelInFlight { cancel(id) }
      // Appended in place: a copy of the scope per level would copy every identifier above it.
      scope.ids.append(id)
      effect = inner.first
    }
    switch effect.operation {
    case .none:
      return
    case .just(let action) where scope.ids.isEmpty:
      queue.append(action, from: scope.parent)
    case .just(let action):
      // A unit of its own until it is reduced, so that a `.cancel` reduced first drops it (C2).
      let token = registry.register(
        parent: scope.parent,
        ids: scope.ids,
        isBinding: scope.isBinding
      )
      queue.append(action, from: token, ownsSource: true)
    case .merge(let children, let priority):
      var scope = scope
      if !priority.isInherited { scope.priority = priority }
      let rest =
        scope.ids.isEmpty
        ? Self.queueLeadingActions(of: children.effects, from: scope.parent, to: &queue)
        : children.effects[...]
      for child in rest.reversed() { steps.append(.walk(child, scope)) }
    case .concat(let children, _) where effect.isSynchronous:
      let rest =
        scope.ids.isEmpty
        ? Self.queueLeadingActions(of: children.effects, from: scope.parent, to: &queue)
        : children.effects[...]
      for child in rest.reversed() { steps.append(.walk(child, scope)) }
    case .concat(let children, let priority):
      var scope = scope
      if !priority.isInherited { scope.priority = priority }
      let effects = children.effects
      let firstAsynchronous = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
      steps.append(.spawnRest(children, from: firstAsynchronous, priority: priority, scope))
      for child in effects[..<firstAsynchronous].reversed() { steps.append(.walk(child, scope)) }
    case .cancellable:
      preconditionFailure("OneWay: a cancellable effect is unwrapped above")
    case .cancel(let id):
      cancel(id)
    case .debounce, .throttle, .single, .sequence, .stream, .subscribe:
      startTimed(effect, in: scope, steps: &steps, tasks: &tasks)
    }
  }

  /// The part of the walk that sets up tasks, timers and windows.
  ///
  /// Inlinable, as is everything an effect's task runs, so that it is specialised for the
  /// store's reducer in the store's module: unspecialised, every generic type on the way
  /// (the runner, the sink, the queue's entries) was looked up at run time, about 40 times per
  /// effect that answers with one action.
  @inlinable
  mutating func startTimed(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .debounce, .throttle:
      startTimer(effect, in: scope, steps: &steps, tasks: &tasks)
    case .subscribe(let start) where link.isSynchronous:
      let token = registry.register(
        parent: scope.parent,
        ids: scope.ids,
        isBinding: scope.isBinding
      )
      book.unsafelyUnwrapped.pendingWork.append(.subscribe(token, start))
    case .single(let operation, let priority):
      let priority = priority.isInherited ? scope.priority : priority
      spawnUnit(in: scope, priority: priority, collecting: &tasks, SingleBody(operation: operation))
    case .sequence, .stream, .subscribe:
      let priority = effect.effectPriority.isInherited ? scope.priority : effect.effectPriority
      spawn(in: scope, priority: priority, collecting: &tasks) { await $0.run(effect) }
    case .none, .just, .merge, .concat, .cancel, .cancellable:
      steps.append(.walk(effect, scope))
    }
  }

  /// The part of the walk that sets up debounce timers and throttle windows.
  @usableFromInline
  mutating func startTimer(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .debounce(let inner, let id, let dueTime, let clock):
      cancel(id)
      let deadline = deadline(after: dueTime, on: clock)
      let inner = inner.first
      let priority = inner.priority.map(EffectPriority.init) ?? scope.priority
      spawn(in: scope.adding(id), priority: priority, collecting: &tasks) { runner in
        guard (try? await deadline.wait()) != nil else { return }
        await runner.run(inner)
      }
    case .throttle(let inner, let id, let interval, let latest, let clock):
      // The window (its timer and its trailing run) outlives the unit that started it, so it
      // is registered at the top level, under every identifier that unit was started under.
      var windowScope = Scope(parent: nil, isBinding: scope.isBinding)
      windowScope.ids = registry.lineageIDs(of: scope.parent) + scope.ids
      windowScope.priority = scope.priority
      let run = ThrottledRun(effect: inner.first, scope: windowScope, interval: interval)
      if throttles.admit(id, latest: latest, run: run) == .runNow {
        steps.append(.walk(inner.first, scope.adding(id)))
        openWindow(for: run, id: id, until: deadline(after: interval, on: clock))
      }
    default:
      preconditionFailure("OneWay: only a debounce or a throttle starts a timer")
    }
  }

  // MARK: - Tasks and timers

  /// Starts a task that runs `body` as one registered unit of effect work, then ends the unit.
  @discardableResult
  @inlinable
  mutating func spawn(
    in scope: Scope,
    priority: EffectPriority,
    collecting tasks: inout [StartedTask]?,
    _ body: @escaping @Sendable (EffectRunner<LinkedSink<R>>) async -> Void
  ) -> EffectToken {
    spawnUnit(in: scope, priority: priority, collecting: &tasks, RunnerBody(body: body))
  }

  /// Registers a unit of effect work and starts a task that runs `body` with the unit's sink;
  /// `body` must end the unit through it (``LinkedSink/finish()`` or
  /// ``LinkedSink/emitLast(_:)``).
  ///
  /// A unit of `bind()` is not started here but handed to the engine (see
  /// ``takePendingWork()``), which starts it once the walk is over.
  ///
  /// The task's operation is a closure literal written here, so the compiler makes it in the
  /// form `Task` takes. Handed a ready-made `@Sendable () async -> Void` instead, `Task` wrapped
  /// it in three converting thunks, each a closure context allocated per effect. `body` is a
  /// value, not a closure, so that the literal holds what it needs in its own context: a
  /// closure would be a second context, allocated per effect.
  @discardableResult
  @inlinable
  mutating func spawnUnit<Body: UnitBody<R>>(
    in scope: Scope,
    priority: EffectPriority,
    collecting tasks: inout [StartedTask]?,
    _ body: Body
  ) -> EffectToken {
    let token = registry.register(parent: scope.parent, ids: scope.ids, isBinding: scope.isBinding)
    // A task of `bind()` never keeps the store busy, cancelled or not: it counts nowhere.
    // Only a unit with no parent has its task cancelled by the engine alone (a nested unit's
    // task is also cancelled by its parent's, which awaits it), so only such a task may take
    // its cancellation for the engine's and end without a hop.
    let sink = LinkedSink(
      token: token,
      link: link,
      cancelledTasks: scope.isBinding ? nil : book.unsafelyUnwrapped.cancelledTasks,
      endsWhereItRunsWhenCancelled: !scope.isBinding && scope.parent == nil
    )
    if scope.isBinding {
      let slot = TaskSlot()
      registry.attach(slot, to: token)
      book.unsafelyUnwrapped.pendingWork.append(
        .startBindingTask(slot, priority: priority, { await body.run(sink) })
      )
      tasks?.append(.inSlot(slot))
    } else if book.unsafelyUnwrapped.defersTaskStarts {
      let slot = TaskSlot()
      registry.attach(slot, to: token)
      book.unsafelyUnwrapped.pendingWork.append(
        .startTask(slot, priority: priority, { await body.run(sink) })
      )
      tasks?.append(.inSlot(slot))
    } else {
      let task = Task(priority: priority.taskPriority) { await body.run(sink) }
      registry.attach(task, to: token)
      tasks?.append(.started(task))
    }
    return token
  }

  /// The work that the last walks and cancellations left, to be done by the engine once it is
  /// consistent again.
  ///
  /// Hand the array back with ``recyclePendingWork(_:)`` once it is done, so that its storage
  /// is reused: a store that cancels an effect per `send` then stops allocating it.
  @inlinable
  mutating func takePendingWork() -> [PendingWork] {
    guard let book else { return [] }
    var work: [PendingWork] = []
    swap(&work, &book.pendingWork)
    return work
  }

  /// Empties an array that ``takePendingWork()`` returned and keeps its storage for the next
  /// work, unless new work has been left meanwhile.
  ///
  /// It empties the array first: destroying the work done releases closures made by user code,
  /// and a release that reached the engine could leave new work, which must stay in the book.
  @inlinable
  mutating func recyclePendingWork(_ work: inout [PendingWork]) {
    work.removeAll(keepingCapacity: true)
    guard let book, book.pendingWork.isEmpty else { return }
    swap(&work, &book.pendingWork)
  }

  /// Keeps how to end the subscription registered as `token`; `false` when the unit has
  /// already ended, in which case the caller ends the subscription itself.
  mutating func attach(_ cancel: @escaping EffectCancel, to token: EffectToken) -> Bool {
    guard book != nil else { return false }
    return registry.attach(cancel, to: token)
  }

  /// Opens the window, ending at `end`, that holds back the effects throttled under `id`.
  private mutating func openWindow(for run: ThrottledRun, id: AnyEffectID, until end: Deadline) {
    // The window's timer is in flight (it keeps the store busy) but nobody awaits it.
    var timers: [StartedTask]?
    let link = self.link
    let timer = spawn(in: run.scope.adding(id), priority: .inherited, collecting: &timers) {
      runner in
      guard (try? await end.wait()) != nil else { return }
      let token = runner.sink.token
      _ = await link.run { $0.throttleWindowEnded(id, timer: token, at: end) }
    }
    throttles.open(id, timer: timer)
  }

  /// Ends the window that `timer` measured and returns its trailing run, with its scope and
  /// the next window opened where this one ended.
  mutating func closeWindow(
    _ id: AnyEffectID,
    timer: EffectToken,
    at end: Deadline
  ) -> (AnyEffect<Action>, Scope)? {
    guard book != nil, let run = throttles.close(id, timer: timer) else { return nil }
    openWindow(for: run, id: id, until: end.advanced(run.interval))
    return (run.effect, run.scope.adding(id))
  }

  private func deadline(after duration: Duration, on clock: (any Clock<Duration>)?) -> Deadline {
    if let clock { return Deadline(after: duration, on: clock) }
    if let makeDeadline = book?.makeDeadline { return makeDeadline(duration) }
    return Deadline(after: duration, on: ContinuousClock())
  }

  // MARK: - Book-keeping

  /// Cancels every unit registered under `id`, and closes the throttle windows they timed.
  @inlinable
  mutating func cancel(_ id: AnyEffectID) {
    // Token by token, so that cancelling the usual one unit collects nothing in an array.
    guard let tokens = registry.takeTokens(under: id) else { return }
    tokens.forEach { token in
      guard let unit = registry.cancel(token, without: id) else { return }
      cancel(unit)
      if !throttles.isEmpty { throttles.close(timedBy: unit.token) }
    }
  }

  /// Cancels every unit, `bind()`'s included, and forgets every window.
  mutating func cancelAll() {
    guard book != nil else { return }
    for unit in registry.cancelAll() { cancel(unit) }
    throttles.removeAll()
  }

  /// Leaves the cancellation of a unit's task or subscription to the engine, once it is
  /// consistent: both may run user code. The unit is already out of the registry, so nothing it
  /// produces from now on is reduced (C2).
  @inlinable
  mutating func cancel(_ unit: EffectRegistry.Cancelled) {
    // A cancelled unit was registered, so the book exists. Its task is counted before it is
    // cancelled, so that it is counted before it can see its cancellation and count itself out.
    if unit.keepsStoreBusy { book.unsafelyUnwrapped.cancelledTasks.unitCancelled() }
    if let cancel = unit.cancelSubscription {
      book.unsafelyUnwrapped.pendingWork.append(.cancelSubscription(unit.token, cancel))
    } else {
      book.unsafelyUnwrapped.pendingWork.append(.cancelTask(unit))
    }
  }

  /// Forgets a unit whose work has ended without a task of its own (a synchronous source, a
  /// queued action's unit), and the window it timed.
  @inlinable
  mutating func finish(_ token: EffectToken) {
    finishTask(token, countedWhenCancelled: false)
  }

  /// Forgets a unit whose task has ended and reached the store to say so. If the unit was
  /// cancelled meanwhile, its task was counted among the cancelled ones (when
  /// `countedWhenCancelled`, that is outside `bind()`), and is counted out here.
  @inlinable
  mutating func finishTask(_ token: EffectToken, countedWhenCancelled: Bool) {
    guard let book else { return }
    if book.registry.finish(token) {
      if !throttles.isEmpty { throttles.close(timedBy: token) }
    } else if countedWhenCancelled {
      // The engine runs `resumeIdleWaitersIfIdle()` after this anyway.
      _ = book.cancelledTasks.taskEnded()
    }
  }

  /// Whether an action an effect produced may still be reduced: its unit, and every unit that
  /// started it, is alive (C2). Forgets the units registered for one action alone.
  ///
  /// Inlinable, so that it is specialised with the engine: unspecialised, each admitted action
  /// looked up the queue entry's generic metadata and read the registry through a coroutine
  /// whose frame was allocated, about 700 instructions. It reads the book's registry in place:
  /// through the `registry` accessor, which may yield an empty registry, the whole registry
  /// was copied and destroyed for each read, another 400.
  @inlinable
  mutating func admit(_ entry: ActionQueue<Action>.Entry) -> Bool {
    guard let source = entry.source, let book else { return entry.source == nil }
    let isAlive = book.registry.isAlive(source)
    if entry.ownsSource { book.registry.finish(source) }
    return isAlive
  }

  @inlinable
  func isAlive(_ token: EffectToken) -> Bool {
    book?.registry.isAlive(token) ?? false
  }

  @inlinable
  func isBinding(_ token: EffectToken) -> Bool {
    book?.registry.isBinding(token) ?? false
  }
}

/// What a store's scheduler keeps between walks: the book of in-flight units, the open
/// throttle windows, the walk's work list, the units that ended during a drain, the tasks
/// waiting for the store to be idle, and how its tasks reach the store.
///
/// Made by the first walk that registers a unit or starts a task (or with the scheduler, for a
/// store whose clock is not `ContinuousClock`, or by the first wait for idleness), so that a
/// store that never had such an effect keeps none of it.
@usableFromInline
final class EffectBook<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  // Used only through the scheduler, on its store's isolation, and user code never runs
  // inside a mutation of these fields (see `StoreEngine`), so dynamic exclusivity checks would
  // only cost time.
  @exclusivity(unchecked) @usableFromInline var registry = EffectRegistry()
  @exclusivity(unchecked) @usableFromInline var throttles =
    ThrottleWindows<EffectScheduler<R>.ThrottledRun>()
  /// The walk's work list, kept between walks so that a busy store stops allocating it.
  @exclusivity(unchecked) @usableFromInline var steps: [EffectScheduler<R>.Step] = []
  @exclusivity(unchecked) @usableFromInline var pendingWork: [EffectScheduler<R>.PendingWork] = []
  /// Whether every task is started in a slot, through the pending work, instead of at once:
  /// set while an actor store's initialiser uses the engine off the store's executor, so that
  /// the engine can start the tasks only once it is done (see ``StoreEngine/bindFromOutside()``).
  /// Kept in the book, not the scheduler, so that an idle store without one stays as small.
  @exclusivity(unchecked) @usableFromInline var defersTaskStarts = false
  /// The tasks an actor store's initialiser leaves to start once the engine is done (see
  /// ``StoreEngine/bindFromOutside()``).
  @exclusivity(unchecked) @usableFromInline var deferredStarts: [DeferredStart] = []
  /// Units that ended while the engine was reducing, finished once the drain is over (see
  /// ``StoreEngine/finish(_:countedWhenCancelled:)``), each with whether its task was counted
  /// among the cancelled ones if it was cancelled.
  @exclusivity(unchecked) @usableFromInline var finishedDuringDrain:
    [(token: EffectToken, countedWhenCancelled: Bool)] = []
  /// The tasks waiting for the store to be idle: no action reduced, no unit in this book, no
  /// task of a cancelled unit still running.
  @exclusivity(unchecked) @usableFromInline var idleWaiters = IdleWaiters()
  /// The tasks of cancelled units that have not ended yet; shared with those tasks.
  @usableFromInline let cancelledTasks = CancelledTasks()
  @usableFromInline let link: EngineLink<R>
  /// Makes deadlines on the store's clock; `nil` for `ContinuousClock`, which is made again
  /// when needed.
  let makeDeadline: ((Duration) -> Deadline)?

  @usableFromInline
  init(link: EngineLink<R>) {
    self.link = link
    makeDeadline = nil
  }

  init<C: Clock<Duration>>(link: EngineLink<R>, clock: C) {
    self.link = link
    makeDeadline = { Deadline(after: $0, on: clock) }
  }
}

/// A task whose start an actor store's initialiser deferred (see
/// ``StoreEngine/bindFromOutside()``): started at once (`bind()`'s, up to its first suspension,
/// L4) or as an ordinary task.
@usableFromInline
struct DeferredStart: Sendable {
  @usableFromInline let slot: TaskSlot
  @usableFromInline let priority: EffectPriority
  @usableFromInline let immediately: Bool
  @usableFromInline let body: @Sendable () async -> Void

  @inlinable
  init(
    slot: TaskSlot,
    priority: EffectPriority,
    immediately: Bool,
    body: @escaping @Sendable () async -> Void
  ) {
    self.slot = slot
    self.priority = priority
    self.immediately = immediately
    self.body = body
  }
}

/// What the task of one unit of a store's effects runs, given the unit's sink; it must end
/// the unit through the sink (``LinkedSink/finish()`` or ``LinkedSink/emitLast(_:)``).
@usableFromInline
protocol UnitBody<R>: Sendable {
  associatedtype R: Reducer where R.Action: Sendable, R.State: Sendable
  func run(_ sink: LinkedSink<R>) async
}

/// The body of a `.single` effect's unit.
@usableFromInline
struct SingleBody<R: Reducer>: UnitBody where R.Action: Sendable, R.State: Sendable {
  @usableFromInline let operation: @Sendable () async -> R.Action

  @inlinable
  init(operation: @escaping @Sendable () async -> R.Action) {
    self.operation = operation
  }

  @inlinable @inline(__always)
  func run(_ sink: LinkedSink<R>) async {
    // The one action and the end of the unit reach the store in one hop.
    guard !Task.isCancelled else { return await sink.finish() }
    let action = await operation()
    guard !Task.isCancelled else { return await sink.finish() }
    await sink.emitLast(action)
  }
}

/// The body of a unit that runs an effect through an ``EffectRunner``, then ends the unit.
@usableFromInline
struct RunnerBody<R: Reducer>: UnitBody where R.Action: Sendable, R.State: Sendable {
  @usableFromInline let body: @Sendable (EffectRunner<LinkedSink<R>>) async -> Void

  @inlinable
  init(body: @escaping @Sendable (EffectRunner<LinkedSink<R>>) async -> Void) {
    self.body = body
  }

  @inlinable
  func run(_ sink: LinkedSink<R>) async {
    await body(EffectRunner(sink: sink))
    await sink.finish()
  }
}

/// How a task that runs one unit of a store's effects reaches the store.
///
/// It goes through the store's ``EngineLink``, which holds the store weakly: a store whose
/// last outside reference is gone is deinitialized even while its effects run, and its engine
/// then cancels them.
@usableFromInline
struct LinkedSink<R: Reducer>: EffectSink where R.Action: Sendable, R.State: Sendable {
  @usableFromInline let token: EffectToken
  @usableFromInline let link: EngineLink<R>
  /// Where the unit's task is counted while it runs cancelled; `nil` for a unit of `bind()`,
  /// which never keeps the store busy.
  @usableFromInline let cancelledTasks: CancelledTasks?
  /// Whether a cancelled task counts itself out where it runs, without a hop: only when the
  /// engine alone cancels it (a unit with no parent, outside `bind()`).
  @usableFromInline let endsWhereItRunsWhenCancelled: Bool

  @inlinable
  init(
    token: EffectToken,
    link: EngineLink<R>,
    cancelledTasks: CancelledTasks?,
    endsWhereItRunsWhenCancelled: Bool
  ) {
    self.token = token
    self.link = link
    self.cancelledTasks = cancelledTasks
    self.endsWhereItRunsWhenCancelled = endsWhereItRunsWhenCancelled
  }

  @inlinable
  func emit(_ action: R.Action) async {
    let token = token
    _ = await link.run { $0.receive(action, from: token) }
  }

  @inlinable
  func start(_ effect: AnyEffect<R.Action>) async -> [Task<Void, Never>] {
    let token = token
    return await link.run { $0.start(effect, parent: token) } ?? []
  }

  /// Delivers the unit's last action and ends the unit, in one hop onto the store.
  @inlinable @inline(__always)
  func emitLast(_ action: R.Action) async {
    let token = token
    let counted = cancelledTasks != nil
    _ = await link.run {
      $0.receive(action, from: token)
      $0.finish(token, countedWhenCancelled: counted)
    }
  }

  /// Ends the unit.
  ///
  /// The task of a unit with no parent that sees it was cancelled ends without a hop onto the
  /// store: only the engine cancels such a task, and it forgot the unit and counted the task
  /// among the cancelled ones first; the task counts itself out, and reaches the store only if
  /// it is the last and a task waits for the store to be idle. A nested unit's task may have
  /// been cancelled by its parent's instead, its unit still registered, so it always hops:
  /// the engine then ends the unit, or counts the task out if it had cancelled the unit too.
  @inlinable @inline(__always)
  func finish() async {
    if endsWhereItRunsWhenCancelled, let cancelledTasks, Task.isCancelled {
      if cancelledTasks.taskEnded() { _ = await link.run { $0.resumeIdleWaitersIfIdle() } }
      return
    }
    let token = token
    let counted = cancelledTasks != nil
    _ = await link.run { $0.finish(token, countedWhenCancelled: counted) }
  }
}
