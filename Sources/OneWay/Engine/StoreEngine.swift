/// The one implementation of a store: it holds the state, reduces actions one at a time, runs
/// and cancels effects, and publishes states.
///
/// `Store` and `ViewStore` each own one engine and call it only on their own isolation (the
/// store's actor, or the main actor), so the engine itself needs no locks. Nothing inside it
/// suspends: a `send` reduces the action and everything its synchronous effects derive from
/// it before it returns. Effect tasks reach the engine again through the store
/// (``EngineHost/withEngine(_:)``), holding the store weakly; when the store goes away, the
/// engine's `deinit` cancels them.
@usableFromInline
final class StoreEngine<Host: EngineHost> {
  @usableFromInline typealias Action = Host.HostReducer.Action
  @usableFromInline typealias State = Host.HostReducer.State
  @usableFromInline typealias EffectTask = Task<Void, Never>

  /// Where an effect runs: the unit that started it, and the identifiers it is registered
  /// under.
  @usableFromInline
  struct Scope {
    @usableFromInline var parent: EffectToken?
    @usableFromInline var ids: [AnyEffectID] = []
    @usableFromInline var isBinding = false
    /// The priority an enclosing `concat` or `merge` named, for effects that name none.
    @usableFromInline var priority: TaskPriority?

    @usableFromInline
    init(parent: EffectToken? = nil, isBinding: Bool = false) {
      self.parent = parent
      self.isBinding = isBinding
    }

    @usableFromInline
    func adding(_ id: AnyEffectID) -> Scope {
      var scope = self
      scope.ids.append(id)
      return scope
    }
  }

  /// A throttled effect, kept until it runs.
  struct ThrottledRun {
    let effect: AnyEffect<Action>
    let scope: Scope
    let interval: Duration
  }

  // The engine is only ever used on its store's isolation, and nothing it calls while it
  // mutates these fields can reach them again (user code runs on copies, or after the
  // mutation), so dynamic exclusivity checks would only cost time on every send.
  @usableFromInline let reducer: Host.HostReducer
  @exclusivity(unchecked) @usableFromInline var state: State
  @exclusivity(unchecked) @usableFromInline var observer: Host.Observer?
  @exclusivity(unchecked) @usableFromInline var loggingOptions: LoggingOptions
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  @exclusivity(unchecked) @usableFromInline var needsBinding = true
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<Action>()
  @exclusivity(unchecked) @usableFromInline var subscribers = StateSubscribers<State>()
  @exclusivity(unchecked) @usableFromInline var idleWaiters = IdleWaiters()
  let clock: Host.HostClock
  weak var host: Host?
  private(set) var registry = EffectRegistry()
  private var throttles = ThrottleWindows<ThrottledRun>()
  /// Where log lines go; `nil` prints them. Tests capture them here.
  var logSink: (@Sendable (String) -> Void)?

  init(
    reducer: Host.HostReducer,
    state: State,
    clock: Host.HostClock,
    loggingOptions: LoggingOptions
  ) {
    self.reducer = reducer
    self.state = state
    self.clock = clock
    self.loggingOptions = loggingOptions
  }

  deinit {
    for unit in registry.cancelAll() { unit.task?.cancel() }
    subscribers.finishAll()
    idleWaiters.resumeAll()
  }

  /// No action is being reduced and no effect, debounce wait or throttle timer is in flight
  /// (a cancelled effect counts until its task ends); `bind()`'s effects do not count.
  var isIdle: Bool { !isProcessing && !registry.isBusy }

  // MARK: - Reducing

  @inlinable
  func send(_ action: Action) {
    if needsBinding { bind() }
    guard !isProcessing else {
      queue.append(action, from: nil)
      return
    }
    isProcessing = true
    if queue.isEmpty {
      reduce(action)
    } else {
      queue.append(action, from: nil)
    }
    if !queue.isEmpty { drainQueue() }
    isProcessing = false
    if !idleWaiters.isEmpty { resumeIdleWaitersIfIdle() }
  }

  @inlinable
  func reduce(_ action: Action) {
    if !loggingOptions.isEmpty { log(action: action) }
    var next = state
    // P1: `@Triggered` compares values; an assignment through one during this reduce (counted
    // per thread, and a reducer never leaves its thread) still makes the reduce a change.
    let triggered = TriggeredAssignments.counter
    let triggeredBefore = triggered.pointee
    let effect = reducer.reduce(state: &next, action: action)
    if next != state || triggered.pointee != triggeredBefore {
      commit(next)
    } else {
      // Equal is not identical: `@Ignored` fields may have changed, and they are kept, only
      // not announced.
      state = next
    }
    if !effect.isNone { start(effect) }
  }

  @inlinable
  func commit(_ next: State) {
    observer?.willChange()
    state = next
    observer?.didChange()
    if !subscribers.isEmpty { subscribers.publish(next) }
    if loggingOptions.contains(.state) { log(state: next) }
  }

  // Inlinable so that the actions synchronous effects queue are reduced by the same
  // specialised code as the sent one, not by the unspecialised generic engine.
  @inlinable
  func drainQueue() {
    while let entry = queue.popFirst() {
      if entry.source != nil, !admit(entry) { continue }
      reduce(entry.action)
    }
  }

  /// Whether an action an effect produced may still be reduced: its unit, and every unit that
  /// started it, is alive (C2). Forgets the units registered for one action alone.
  @usableFromInline
  func admit(_ entry: ActionQueue<Action>.Entry) -> Bool {
    guard let source = entry.source else { return true }
    let isAlive = registry.isAlive(source)
    if entry.ownsSource { registry.finish(source) }
    return isAlive
  }

  /// The common ending of every entry point other than `send`: reduce what effects queued,
  /// then wake the tasks waiting for idleness.
  private func settle() {
    if !isProcessing && !queue.isEmpty {
      isProcessing = true
      drainQueue()
      isProcessing = false
    }
    if !idleWaiters.isEmpty { resumeIdleWaitersIfIdle() }
  }

  // MARK: - Entry points for effect tasks

  /// Takes an action produced by the unit `token`; it is reduced only if the unit is still
  /// alive when its turn comes.
  func receive(_ action: Action, from token: EffectToken) {
    queue.append(action, from: token)
    settle()
  }

  /// Starts a node nested in the running unit `parent`, and returns the tasks to await.
  func start(_ effect: AnyEffect<Action>, parent: EffectToken) -> [EffectTask] {
    guard registry.isAlive(parent) else { return [] }
    var tasks: [EffectTask] = []
    let scope = Scope(parent: parent, isBinding: registry.isBinding(parent))
    start(effect, in: scope, collecting: &tasks)
    settle()
    return tasks
  }

  func finish(_ token: EffectToken) {
    registry.finish(token)
    throttles.close(timedBy: token)
    settle()
  }

  /// Ends the window that `timer` measured; its trailing run opens the next window, which
  /// starts exactly where this one ended.
  func throttleWindowEnded(_ id: AnyEffectID, timer: EffectToken, at end: Deadline) {
    if let run = throttles.close(id, timer: timer) {
      var ignored: [EffectTask] = []
      start(run.effect, in: run.scope.adding(id), collecting: &ignored)
      openWindow(for: run, id: id, until: end.advanced(run.interval))
    }
    settle()
  }

  // MARK: - Running effects

  @inlinable
  func start(_ effect: AnyEffect<Action>) {
    var ignored: [EffectTask] = []
    start(effect, in: Scope(), collecting: &ignored)
  }

  /// Walks an effect: synchronous parts act at once, asynchronous parts become tasks.
  @inlinable
  func start(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    collecting tasks: inout [EffectTask]
  ) {
    switch effect.operation {
    case .none:
      return
    case .just(let action) where scope.ids.isEmpty:
      queue.append(action, from: scope.parent)
    case .just(let action):
      enqueue(action, registeredIn: scope)
    case .merge(let effects, let priority):
      var scope = scope
      if let priority { scope.priority = priority }
      for effect in effects { start(effect, in: scope, collecting: &tasks) }
    case .concat(let effects, _) where effect.isSynchronous:
      for effect in effects { start(effect, in: scope, collecting: &tasks) }
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id) }
      start(inner, in: scope.adding(id), collecting: &tasks)
    case .cancel(let id):
      cancel(id)
    case .concat, .debounce, .throttle, .single, .sequence, .stream:
      startAsynchronous(effect, in: scope, collecting: &tasks)
    }
  }

  /// Queues an action that a synchronous effect emits under cancellation identifiers, as a unit
  /// of its own until it is reduced, so that a `.cancel` reduced first drops it (C2).
  @usableFromInline
  func enqueue(_ action: Action, registeredIn scope: Scope) {
    let token = registry.register(parent: scope.parent, ids: scope.ids, isBinding: scope.isBinding)
    queue.append(action, from: token, ownsSource: true)
  }

  /// The part of ``start(_:in:collecting:)`` that sets up tasks, timers and windows.
  @usableFromInline
  func startAsynchronous(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    collecting tasks: inout [EffectTask]
  ) {
    switch effect.operation {
    case .concat(let effects, let priority):
      var scope = scope
      if let priority { scope.priority = priority }
      let prefix = effects.prefix(while: \.isSynchronous)
      for effect in prefix { start(effect, in: scope, collecting: &tasks) }
      let rest = AnyEffect(.concat(Array(effects[prefix.endIndex...]), priority: priority))
      spawn(in: scope, priority: scope.priority, collecting: &tasks) { await $0.run(rest) }
    case .debounce(let inner, let id, let dueTime, let clock):
      cancel(id)
      let deadline = deadline(after: dueTime, on: clock)
      let priority = inner.priority ?? scope.priority
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
      let run = ThrottledRun(effect: inner, scope: windowScope, interval: interval)
      if throttles.admit(id, latest: latest, run: run) == .runNow {
        start(inner, in: scope.adding(id), collecting: &tasks)
        openWindow(for: run, id: id, until: deadline(after: interval, on: clock))
      }
    case .single, .sequence, .stream:
      let priority = effect.priority ?? scope.priority
      spawn(in: scope, priority: priority, collecting: &tasks) { await $0.run(effect) }
    case .none, .just, .merge, .cancel, .cancellable:
      start(effect, in: scope, collecting: &tasks)
    }
  }

  /// Opens the window, ending at `end`, that holds back the effects throttled under `id`.
  private func openWindow(for run: ThrottledRun, id: AnyEffectID, until end: Deadline) {
    // The window's timer is in flight (it keeps the store busy) but nobody awaits it.
    var timers: [EffectTask] = []
    let timer = spawn(in: run.scope.adding(id), priority: nil, collecting: &timers) { runner in
      guard (try? await end.wait()) != nil else { return }
      let token = runner.sink.token
      await runner.sink.host?.withEngine { $0.throttleWindowEnded(id, timer: token, at: end) }
    }
    if let timer { throttles.open(id, timer: timer) }
  }

  /// Starts a task that runs `body` as one registered unit of effect work.
  @discardableResult
  private func spawn(
    in scope: Scope,
    priority: TaskPriority?,
    collecting tasks: inout [EffectTask],
    _ body: @escaping @Sendable (EffectRunner<EngineSink<Host>>) async -> Void
  ) -> EffectToken? {
    guard let host else { return nil }
    let token = registry.register(parent: scope.parent, ids: scope.ids, isBinding: scope.isBinding)
    let sink = EngineSink(token: token, host: host)
    let task = Task(priority: priority) {
      await body(EffectRunner(sink: sink))
      await sink.finish()
    }
    registry.attach(task, to: token)
    tasks.append(task)
    return token
  }

  private func deadline(after duration: Duration, on clock: (any Clock<Duration>)?) -> Deadline {
    if let clock { return Deadline(after: duration, on: clock) }
    return Deadline(after: duration, on: self.clock)
  }

  /// Cancels every unit registered under `id`, and closes the throttle windows they timed.
  @usableFromInline
  func cancel(_ id: AnyEffectID) {
    for unit in registry.cancel(id) {
      unit.task?.cancel()
      throttles.close(timedBy: unit.token)
    }
  }

  // MARK: - Lifecycle

  func bindIfNeeded() {
    if needsBinding { bind() }
  }

  /// Starts (or restarts) `bind()`'s effect.
  @usableFromInline
  func bind() {
    needsBinding = false
    var ignored: [EffectTask] = []
    start(reducer.bind(), in: Scope(isBinding: true), collecting: &ignored)
    settle()
  }

  /// Cancels every effect and timer, drops the queued actions, and restarts `bind()`.
  func reset() {
    for unit in registry.cancelAll() { unit.task?.cancel() }
    throttles.removeAll()
    for entry in queue.removeAll() where entry.ownsSource {
      entry.source.map { registry.finish($0) }
    }
    bind()
  }

  /// Returns once the store is idle, or once the calling task is cancelled.
  func waitUntilIdle(isolation: isolated (any Actor)? = #isolation) async {
    guard !isIdle, let host else { return }
    let id = idleWaiters.reserveID()
    await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: isolation) { continuation in
        if Task.isCancelled {
          continuation.resume()
        } else {
          idleWaiters.add(id, continuation)
        }
      }
    } onCancel: { [weak host] in
      Task { [weak host] in await host?.withEngine { $0.idleWaiters.resume(id) } }
    }
  }

  @usableFromInline
  func resumeIdleWaitersIfIdle() {
    if isIdle { idleWaiters.resumeAll() }
  }

  // MARK: - Observing

  func subscribe(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    subscribers.add(current: state, bufferingPolicy: bufferingPolicy)
  }

  @usableFromInline
  func log(action: Action) {
    guard loggingOptions.contains(.action) else { return }
    write("[\(Host.HostReducer.self)] action: \(action)")
  }

  @usableFromInline
  func log(state: State) {
    write("[\(Host.HostReducer.self)] state: \(state)")
  }

  private func write(_ line: String) {
    if let logSink { logSink(line) } else { print(line) }
  }
}
