/// The one implementation of a store, shared by every kind of store: it reduces actions one
/// at a time, runs and cancels their effects, and tells observers about new states.
///
/// It is made of three parts with one job each, and a thin shell that sequences them:
/// - the reduce core (``ReduceCore``): the state and the queue of actions;
/// - the effect scheduler (``EffectScheduler``): tasks, timers, cancellation, debounce and
///   throttle;
/// - the broadcaster (``Broadcaster``): `states` loops, subscriptions, Observation hooks, and
///   the channel that reports each reduced action.
///
/// The engine is synchronous and knows nothing of isolation: the store in front of it (an
/// actor, the main actor, or a class with a lock) calls it only on its isolation, and effect
/// tasks come back through ``link``. Nothing inside it suspends: a `send` reduces the action
/// and everything its synchronous effects derive from it before it returns. User code (the
/// reducer, subscription closures, observers) runs only between steps, never while a part is
/// half-updated, and a `send` it makes to the same store is queued (A5).
///
/// See `Design/0001-engine.md`.
@usableFromInline
package final class StoreEngine<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  @usableFromInline package typealias Action = R.Action
  @usableFromInline package typealias State = R.State
  @usableFromInline typealias EffectTask = Task<Void, Never>

  // The engine is only used on its store's isolation, and user code never runs inside a
  // mutation of these fields (see the type's documentation), so dynamic exclusivity checks
  // would only cost time on every send.
  /// The reducer; `nil` for a child store's engine, which only holds and broadcasts the state
  /// its parent projects (see `StoreEngine+Scope.swift`).
  @usableFromInline let reducer: R?
  @exclusivity(unchecked) @usableFromInline var core: ReduceCore<Action, State>
  /// The key of the per-thread `@Triggered` counters, read once (see ``reduce(_:)``).
  @usableFromInline let triggeredKey = TriggeredAssignments.Key()
  @exclusivity(unchecked) @usableFromInline var scheduler: EffectScheduler<R>
  /// The states produced before the first `states` loop (O7); `nil` once one has started, or
  /// for a store that has no `states` (Swidux's, `Way`). Kept here rather than in the
  /// broadcaster, since every store keeps it from its first change.
  @exclusivity(unchecked) @usableFromInline var backlog: StateBacklog<State>? = StateBacklog()
  /// Everyone who watches the state, and what only a watched store needs (see
  /// ``Broadcaster``); `nil` until something does, so that an idle store keeps nothing of it.
  @exclusivity(unchecked) @usableFromInline var broadcaster: Broadcaster<Action, State>?
  /// The store's isolation until something needs the link, then the link (see ``link``).
  @exclusivity(unchecked) var reach: Reach

  /// Where the engine's isolation is to be found.
  enum Reach {
    /// No link yet: nothing outside the isolation has needed to reach the engine.
    case isolation(Isolation)
    /// The link, made on first use.
    case link(EngineLink<R>)
  }

  /// How code outside the store's isolation reaches this engine: made on first use (the first
  /// task an effect starts, `states` loop, subscription or wait for idleness), so that an idle
  /// store keeps neither it nor the side table of its weak reference to the engine. Only used
  /// on the store's isolation.
  @usableFromInline package var link: EngineLink<R> {
    switch reach {
    case .link(let link):
      return link
    case .isolation(let isolation):
      let link = EngineLink<R>(isolation: isolation)
      link.engine = self
      reach = .link(link)
      return link
    }
  }
  /// The reducer's name, for logs; made when asked for, so that a store does not keep it.
  var name: String { String(describing: R.self) }

  /// Creates an engine; the store in front of it calls ``bind()`` once it can be reached.
  package init<C: Clock<Duration>>(
    reducer: R,
    state: R.State,
    clock: C,
    isolation: Isolation
  ) {
    self.reducer = reducer
    self.core = ReduceCore(state: state)
    self.reach = .isolation(isolation)
    self.scheduler = EffectScheduler()
    if C.self != ContinuousClock.self {
      scheduler.keep(clock, link: link)
    }
  }

  /// Creates the engine of a child store (M3): no reducer, no effects of its own, only the
  /// state its parent projects, committed with ``replaceState(_:)``, and its observers.
  package init(childState state: R.State, isolation: Isolation) {
    self.reducer = nil
    self.core = ReduceCore(state: state)
    self.reach = .isolation(isolation)
    self.scheduler = EffectScheduler()
  }

  deinit {
    scheduler.cancelAll()
    for work in scheduler.takePendingWork() {
      switch work {
      case .cancelTask(let unit): unit.cancelTask()
      case .cancelSubscription(_, let cancel): cancel()
      case .startBindingTask, .startTask, .subscribe: break
      }
    }
    broadcaster?.finishAll()
    scheduler.book?.idleWaiters.resumeAll()
  }

  /// The current state.
  @inlinable
  package var state: State { core.state }

  // MARK: - What only some stores use

  /// The broadcaster, made the first time something watches the state.
  @usableFromInline
  func makeBroadcaster() -> Broadcaster<Action, State> {
    if let broadcaster { return broadcaster }
    let made = Broadcaster<Action, State>()
    broadcaster = made
    return made
  }

  /// A child engine's state that arrived while it was committing the previous one (see
  /// ``replaceState(_:)``).
  @inlinable
  var pendingReplacement: State? {
    get { broadcaster?.pendingReplacement }
    set {
      if newValue == nil, broadcaster == nil { return }
      makeBroadcaster().pendingReplacement = newValue
    }
  }

  /// No action is being reduced and no effect, debounce wait or throttle timer is in flight
  /// (a cancelled effect counts until its task ends); `bind()`'s effects do not count.
  package var isIdle: Bool { !core.isProcessing && !scheduler.isBusy(wakingWhenNone: false) }

  /// ``isIdle``, for a caller that waits for idleness: if only tasks of cancelled units keep
  /// the store busy, the last of them to end wakes the engine, which then checks again.
  @usableFromInline
  var isIdleWakingWhenNotYet: Bool {
    !core.isProcessing && !scheduler.isBusy(wakingWhenNone: true)
  }

  // MARK: - Reducing

  /// Reduces `action`, and every action that synchronous effects derive from it, before it
  /// returns; if the engine is already reducing, only queues it (A5).
  ///
  /// Specialized for the store's reducer but never inlined: a caller's `send` is one call,
  /// and the reduce is inlined here, with no frame of its own.
  @inlinable @inline(never)
  package func send(_ action: Action) {
    guard core.begin(with: action) else { return }
    if core.queue.isEmpty {
      reduce(action)
      if !core.queue.isEmpty { drainQueue() }
    } else {
      core.queue.append(action, from: nil)
      drainQueue()
    }
    core.isProcessing = false
    if scheduler.book != nil { afterDrain() }
  }

  /// Ends the units that ended while the engine was reducing, once no drain is running, and
  /// wakes the tasks waiting for idleness if the store is idle: what follows a drain when the
  /// store has run effects.
  ///
  /// `settle()` calls it too, and `settle()` also runs inside a drain: a synchronous source
  /// that emits while the drain subscribes it reaches `receive`, and so `settle()`, on the same
  /// thread (through the recursive lock). Ending the units then would make the drain drop the
  /// actions they queued (C2 admits an action only while its unit is alive), so they are ended
  /// only once the outermost drain is over.
  ///
  /// It reads the book through optional chaining, never binding it to a local, which would
  /// retain and release it (the same holds for the broadcaster below).
  @inlinable
  func afterDrain() {
    if !core.isProcessing, scheduler.book?.finishedDuringDrain.isEmpty == false {
      finishUnitsThatEndedDuringTheDrain()
    }
    if scheduler.book?.idleWaiters.isEmpty == false { resumeIdleWaitersIfIdle() }
  }

  /// Not inlined into ``send(_:)``, which calls it twice: each would be a copy of the reduce.
  @inlinable @inline(never)
  func drainQueue() {
    // Every reduce of the drain runs on this thread: its `@Triggered` counter is looked up once.
    var counter: UnsafeMutablePointer<UInt64>?
    while let entry = core.queue.popFirst() {
      if entry.source != nil, !scheduler.admit(entry) { continue }
      reduce(entry.action, counter: &counter)
    }
  }

  /// Reduces one action: the reducer, the commit, the action's effects, then the observers.
  @inlinable @inline(__always)
  func reduce(_ action: Action) {
    var counter: UnsafeMutablePointer<UInt64>?
    reduce(action, counter: &counter)
  }

  /// Reduces one action; `counter` is the calling thread's `@Triggered` counter, once a reduce
  /// of the same drain has looked it up. Inlined into ``send(_:)`` and ``drainQueue()``, its
  /// two callers, so that a reduce has no frame of its own.
  @inlinable @inline(__always)
  func reduce(_ action: Action, counter: inout UnsafeMutablePointer<UInt64>?) {
    guard needsPreviousState else { return reduceInPlace(action) }
    var next = core.state
    // P1: `@Triggered` compares values; an assignment through one during this reduce (counted
    // per thread, and a reducer never leaves its thread) still makes the reduce a change. The
    // thread's counter is looked up only once some assignment was made in the process (see
    // `TriggeredAssignments`).
    let anyAssignmentBefore = TriggeredAssignments.anyAssignment
    var triggeredBefore: UInt64 = 0
    if anyAssignmentBefore {
      if counter == nil { counter = TriggeredAssignments.counter(for: triggeredKey) }
      triggeredBefore = counter.unsafelyUnwrapped.pointee
    }
    // Only a root engine reduces: a child store forwards its actions to its root (M3).
    let effect = reducer!.reduce(state: &next, action: action)
    var changed = next != core.state
    if !changed {
      if anyAssignmentBefore {
        changed = counter.unsafelyUnwrapped.pointee != triggeredBefore
      } else {
        // The first assignment in the process may have been made by this reduce: then this
        // thread's counter holds it, and nothing older (the flag was down when it began).
        changed =
          TriggeredAssignments.anyAssignment
          && TriggeredAssignments.counter(for: triggeredKey).pointee != 0
      }
    }
    if changed { willCommitChange() }
    // Equal is not identical: `@Ignored` fields may have changed, and they are kept, only not
    // announced.
    core.state = next
    if case .none = effect.operation {
      // Ended here, where it is known to be `.none`, it costs nothing to destroy.
      _ = consume effect
    } else {
      start(effect)
      if scheduler.hasPendingWork { performPendingWork() }
    }
    if broadcaster == nil {
      // Unwatched: only the backlog, if any, keeps the state.
      if changed { backlog?.append(core.state) }
    } else {
      if changed { didCommit() }
      if reportsReductions { report(action, changed: changed) }
    }
  }

  /// Whether anything needs the state before a reduce: to tell it apart from the state after
  /// (the backlog, and the broadcaster's `states` loops, Observation hooks and channel of
  /// reductions, see ``Broadcaster/needsPreviousState``). Key-path subscriptions keep their
  /// own last value, so they do not; without any of these, the store reduces the state in
  /// place.
  @inlinable @inline(__always)
  var needsPreviousState: Bool {
    if case .some = backlog { return true }
    return broadcaster?.needsPreviousState ?? false
  }

  /// Whether anything must hear of each reduced action, changed or not.
  @inlinable
  var reportsReductions: Bool {
    broadcaster?.reductions != nil
  }

  /// Whether the store has key-path subscriptions (or child stores) to tell.
  @inlinable @inline(__always)
  var hasSubscribers: Bool {
    broadcaster?.subscribers.isEmpty == false
  }

  /// Reduces one action when nothing needs the state before it (see
  /// ``needsPreviousState``): the reducer mutates the store's state itself, so a
  /// large collection in it is changed in place instead of copied. Whether the state changed is
  /// then unknown; the key-path subscriptions compare their own values.
  @inlinable @inline(__always)
  func reduceInPlace(_ action: Action) {
    // The reducer is user code that runs while the state is being mutated. It is pure (R2); a
    // `send` it makes re-entrantly only appends to the queue, a field apart from the state, and
    // the engine's accesses are not checked dynamically (see the stored properties).
    let effect = reducer!.reduce(state: &core.state, action: action)
    if case .none = effect.operation {
      _ = consume effect
    } else {
      start(effect)
      if scheduler.hasPendingWork { performPendingWork() }
    }
    if hasSubscribers { notifySubscribers() }
  }

  /// Runs just before a changed state is committed: keeps the state before the store's first
  /// change in the O7 backlog (which holds nothing until then, see ``StateBacklog``), then
  /// tells the observer.
  @inlinable @inline(__always)
  func willCommitChange() {
    if backlog?.holdsOnlyTheCurrentState == true {
      backlog!.keepFirst(core.state)
    }
    broadcaster?.observer?.willChange()
  }

  /// Tells the observers, the `states` loops (or the backlog, before the first loop) and the
  /// subscriptions about the committed state.
  @inlinable @inline(__always)
  func didCommit() {
    broadcaster?.observer?.didChange()
    if broadcaster?.streams.isEmpty == false { broadcaster!.streams.publish(core.state) }
    if backlog != nil { backlog!.append(core.state) }
    if hasSubscribers { notifySubscribers() }
  }

  // Inlinable so that the loop is specialized for the state. Each subscriber is a closure
  // compiled for its value by the inlinable `subscribe` (see `StateSubscriber`).
  //
  // The loop walks the engine's own list, not a copy of it (a copy costs a retain and a
  // release of the list at every notification, which is most of what one unchanged
  // subscription costs, S4). That is safe because, while it runs, the list only grows: a
  // closure may subscribe (its subscriber is appended; it is told of this state too, which
  // equals the value it was just given, so it is not called twice), but subscribers are only
  // removed here, after the loop, and by a `runLater` task, which runs on the store's
  // isolation and so never inside this loop.
  @inlinable
  func notifySubscribers() {
    let state = core.state
    // Unretained: only called while the broadcaster exists, and the engine keeps it until its
    // own end (a plain local reference was retained and released at every step of the loop).
    let ended = Unmanaged.passUnretained(broadcaster.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
      broadcaster in
      var ended = false
      var index = 0
      while index < broadcaster.subscribers.count {
        // Unretained: the list holds the subscriber, and so its `notify` closure, for the
        // whole call, even if a subscription made by the closure makes the list grow (see
        // above).
        let alive = Unmanaged.passUnretained(broadcaster.subscribers[index])
          ._withUnsafeGuaranteedRef { $0.notify(state) }
        if !alive { ended = true }
        index += 1
      }
      return ended
    }
    if ended { broadcaster?.removeCancelledSubscribers() }
  }

  @usableFromInline
  func report(_ action: Action, changed: Bool) {
    guard let channel = broadcaster?.reductions else { return }
    let reduction = Reduction(action: action, state: core.state, stateChanged: changed)
    channel.log?(reduction)
    for observer in channel.observers { observer(reduction) }
  }

  /// Reduces what effects queued, when no `send` is doing so, then wakes the tasks waiting for
  /// idleness: the common ending of every entry point other than `send`.
  @inlinable
  func settle() {
    if !core.isProcessing && !core.queue.isEmpty {
      core.isProcessing = true
      drainQueue()
      core.isProcessing = false
    }
    if scheduler.book != nil { afterDrain() }
  }

  // MARK: - Effects

  @inlinable
  func start(_ effect: AnyEffect<Action>) {
    var ignored: [EffectScheduler<R>.StartedTask]? = nil
    // The link is made only if the walk needs it. Through an unowned reference, the closure
    // that makes it does not retain the engine, which is alive for the whole call anyway.
    unowned(unsafe) let engine = self
    scheduler.start(
      effect,
      in: .init(),
      link: engine.link,
      queue: &core.queue,
      collecting: &ignored
    )
  }

  /// Takes an action produced by the unit `token`; it is reduced only if the unit is still
  /// alive when its turn comes (C2).
  @inlinable
  func receive(_ action: Action, from token: EffectToken) {
    core.queue.append(action, from: token)
    settle()
  }

  /// Starts a node nested in the running unit `parent`, and returns the tasks to await.
  @inlinable
  func start(_ effect: AnyEffect<Action>, parent: EffectToken) -> [EffectTask] {
    guard scheduler.isAlive(parent) else { return [] }
    var started: [EffectScheduler<R>.StartedTask]? = []
    let scope = EffectScheduler<R>.Scope(parent: parent, isBinding: scheduler.isBinding(parent))
    scheduler.start(effect, in: scope, link: link, queue: &core.queue, collecting: &started)
    // Starts the tasks of `bind()`'s units into their slots, so that they are awaited too: a
    // unit nested in a running unit of `bind()` lives only while its parent does (C2).
    performPendingWork()
    settle()
    return started?.compactMap { $0.task } ?? []
  }

  /// Forgets a unit whose work has ended: a task's, or a synchronous source's
  /// (`countedWhenCancelled` is then `false`: a source has no task to count). A synchronous
  /// source can end while the engine is still reducing what it emitted; its unit is then kept
  /// until the queue is drained, so that those actions are admitted (an ended unit is not a
  /// cancelled one).
  @inlinable
  func finish(_ token: EffectToken, countedWhenCancelled: Bool) {
    if core.isProcessing {
      // A unit is in the book, so the book exists.
      scheduler.book.unsafelyUnwrapped.finishedDuringDrain.append(
        (token, countedWhenCancelled)
      )
      return
    }
    scheduler.finishTask(token, countedWhenCancelled: countedWhenCancelled)
    performPendingWork()
    settle()
  }

  @usableFromInline
  func finishUnitsThatEndedDuringTheDrain() {
    guard let book = scheduler.book else { return }
    let finished = book.finishedDuringDrain
    book.finishedDuringDrain.removeAll()
    for unit in finished {
      scheduler.finishTask(unit.token, countedWhenCancelled: unit.countedWhenCancelled)
    }
  }

  /// Ends the throttle window that `timer` measured; its trailing run opens the next window,
  /// which starts exactly where this one ended.
  func throttleWindowEnded(_ id: AnyEffectID, timer: EffectToken, at end: Deadline) {
    if let (effect, scope) = scheduler.closeWindow(id, timer: timer, at: end) {
      var ignored: [EffectScheduler<R>.StartedTask]? = nil
      scheduler.start(effect, in: scope, link: link, queue: &core.queue, collecting: &ignored)
    }
    performPendingWork()
    settle()
  }

  // MARK: - Lifecycle

  /// Starts (or restarts) `bind()`'s effect: its synchronous part is reduced, and its tasks
  /// have run up to their first suspension, when this returns (L4).
  package func bind() {
    start(binding: reducer?.bind() ?? .none)
  }

  /// Walks `effect` as `bind()`'s, does the work it leaves, and reduces its synchronous part.
  func start(binding effect: AnyEffect<Action>) {
    var ignored: [EffectScheduler<R>.StartedTask]? = nil
    scheduler.start(
      effect,
      in: .init(isBinding: true),
      link: link,
      queue: &core.queue,
      collecting: &ignored
    )
    performPendingWork()
    settle()
  }

  /// ``bind()`` for an actor store's initialiser, which uses the engine off the store's
  /// executor: no other code can reach the engine then, except the tasks the engine starts,
  /// which hop onto that executor (free, since the initialiser is not on it) as soon as they
  /// run. So every task, `bind()`'s and those of the effects its synchronous actions return, is
  /// only put in a slot while the engine works, and all are started once the engine is done
  /// (L4 still holds: `bind()`'s tasks have run to their first suspension when this returns).
  /// From the first start on, this touches nothing but the slots, which have locks of their own.
  ///
  /// A `bind()` that returns `.none` (most stores) does nothing, and makes no book.
  package func bindFromOutside() {
    let effect = reducer?.bind() ?? .none
    if effect.isNone { return }
    let book = scheduler.makeBook(link: link)
    book.defersTaskStarts = true
    start(binding: effect)
    book.defersTaskStarts = false
    let starts = book.deferredStarts
    book.deferredStarts = []
    // The engine is not touched from here on.
    for start in starts {
      start.slot.fill(
        with: start.immediately
          ? Self.startSynchronously(priority: start.priority, start.body)
          : Task(priority: start.priority.taskPriority, operation: start.body)
      )
    }
  }

  /// Does what the scheduler left for a consistent engine: starts `bind()`'s tasks
  /// synchronously, subscribes synchronous sources, and ends cancelled subscriptions. Each may
  /// reach the engine again (through a recursive lock) or hop onto the store's isolation.
  @inlinable
  func performPendingWork() {
    while scheduler.hasPendingWork {
      var pending = scheduler.takePendingWork()
      for work in pending {
        switch work {
        case .startBindingTask(let slot, let priority, let body):
          guard !scheduler.defersTaskStarts else {
            scheduler.book.unsafelyUnwrapped.deferredStarts.append(
              DeferredStart(slot: slot, priority: priority, immediately: true, body: body)
            )
            continue
          }
          slot.fill(with: Self.startSynchronously(priority: priority, body))
        case .startTask(let slot, let priority, let body):
          // Only left while task starts are deferred.
          scheduler.book.unsafelyUnwrapped.deferredStarts.append(
            DeferredStart(slot: slot, priority: priority, immediately: false, body: body)
          )
        case .subscribe(let token, let start):
          subscribe(token, start)
        case .cancelTask(let unit):
          unit.cancelTask()
        case .cancelSubscription(let token, let cancel):
          cancel()
          scheduler.finish(token)
        }
      }
      scheduler.recyclePendingWork(&pending)
    }
  }

  /// Subscribes a synchronous source: what it emits is reduced on the emitting thread, under the
  /// store's lock.
  @usableFromInline
  func subscribe(
    _ token: EffectToken,
    _ start: @Sendable (EffectEmitter<Action>) -> EffectCancel
  ) {
    // A unit cancelled (or whose parent ended) before its turn is never subscribed: nothing
    // would end it, so it is ended here (C3).
    guard scheduler.isAlive(token) else { return scheduler.finish(token) }
    let link = self.link
    let emitter = EffectEmitter<Action>(
      emit: { action in link.runSynchronously { $0.receive(action, from: token) } },
      finish: { link.runSynchronously { $0.finish(token, countedWhenCancelled: false) } }
    )
    let cancel = start(emitter)
    // Cancelled while it started (a `.cancel` reduced from what it emitted at once): it is
    // ended here, as its cancellation found no subscription to end.
    if !scheduler.attach(cancel, to: token) {
      cancel()
      scheduler.finish(token)
    }
  }

  @usableFromInline
  static func startSynchronously(
    priority: EffectPriority,
    _ body: @escaping @Sendable () async -> Void
  ) -> EffectTask {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return Task.immediate(priority: priority.taskPriority, operation: body)
    } else {
      return Task(priority: priority.taskPriority, operation: body)
    }
  }

  /// Cancels every effect and timer, drops the queued actions, and restarts `bind()` (A6).
  package func reset() {
    scheduler.cancelAll()
    for token in core.dropQueued() { scheduler.finish(token) }
    performPendingWork()
    bind()
  }

  // MARK: - Waiting for idleness

  /// Returns once the store is idle, or once the calling task is cancelled; works on every
  /// isolation, since it reaches the engine through ``link``.
  package nonisolated static func waitUntilIdle(_ link: EngineLink<R>) async {
    let waiter = IdleWaiterID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Task {
          let added = await link.run { engine in
            if engine.isIdleWakingWhenNotYet || waiter.isCancelled { return false }
            engine.scheduler.makeBook(link: engine.link).idleWaiters.add(waiter.id, continuation)
            return true
          }
          if added != true { continuation.resume() }
        }
      }
    } onCancel: {
      waiter.cancel()
      link.runLater { $0.scheduler.book?.idleWaiters.resume(waiter.id) }
    }
  }

  /// Wakes the tasks waiting for idleness if the store is idle; if only tasks of cancelled
  /// units keep it busy, the last of them to end calls this again.
  @usableFromInline
  func resumeIdleWaitersIfIdle() {
    guard scheduler.book?.idleWaiters.isEmpty == false else { return }
    if isIdleWakingWhenNotYet { scheduler.book?.idleWaiters.resumeAll() }
  }

  // MARK: - Observing

  /// A stream for one `states` loop: the backlog for the first loop, the current state for
  /// every later one, then every change.
  package func makeStateStream(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    let link = self.link
    let broadcaster = makeBroadcaster()
    let ended: EndedStreams
    if let endedStreams = broadcaster.endedStreams {
      ended = endedStreams
    } else {
      ended = EndedStreams()
      broadcaster.endedStreams = ended
    }
    // The first loop receives the backlog, every later one the current state (O7).
    let initial = backlog.map { $0.ordered(current: core.state) } ?? [core.state]
    backlog = nil
    return broadcaster.addStream(initial: initial, bufferingPolicy: bufferingPolicy) { id in
      if ended.add(id) {
        link.runLater { $0.broadcaster?.streams.remove(ended.takeAll()) }
      }
    }
  }

  /// Subscribes `onChange` to the value at `keyPath`: it is called at once with the current
  /// value, then after every reduce that changed that value (S1, S2).
  ///
  /// Inlinable, as the stores' `subscribe` methods that call it, so that the subscriber's
  /// read and comparison are compiled for the client's state and value (S4).
  @inlinable
  package func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @Sendable (Value) -> Void
  ) -> StateSubscription {
    subscribe(reading: StoredValueReader(keyPath), onChange)
  }

  /// Subscribes `onChange` to the value that `reader` reads from the state, as
  /// ``subscribe(_:_:)`` does for a key path: it is called at once with the current value,
  /// then after every reduce that changed that value. `reader` runs on the store's isolation,
  /// and so does `onChange`; `onChange` may be released on any thread.
  ///
  /// The reader is a value of a concrete type, not a closure, so that the subscriber that
  /// inlinable callers make reads the value inline, without calling through a closure.
  @inlinable
  package func subscribe<Reader: StateValueReader<State>>(
    reading reader: Reader,
    _ onChange: @escaping @Sendable (Reader.Value) -> Void
  ) -> StateSubscription {
    let box = ValueSubscriptionBox(current: reader.read(core.state), onChange)
    return add(StateSubscriber(lifetime: box) { box.receive(reader.read($0)) }, box)
  }

  /// Adds a value subscription's subscriber, calls its closure with the current value, and
  /// returns the subscription, whose cancel makes the engine forget the subscriber.
  @usableFromInline
  func add<Value>(
    _ subscriber: StateSubscriber<State>,
    _ box: ValueSubscriptionBox<Value>
  ) -> StateSubscription {
    makeBroadcaster().subscribers.append(subscriber)
    let link = self.link
    let subscription = StateSubscription(box: box) {
      link.runLater { $0.broadcaster?.removeCancelledSubscribers() }
    }
    _ = box.call(box.last)
    return subscription
  }

  /// Stops keeping the states produced before the first `states` loop (O7): every loop then
  /// starts from the current state.
  package func discardStatesBacklog() {
    backlog = nil
  }

  /// Adds an observer of every reduced action, called on the store's isolation.
  package func observeReductions(_ observer: @escaping (Reduction<Action, State>) -> Void) {
    makeBroadcaster().addReductionObserver(observer)
  }

  /// Where the log goes; kept only when it is not the standard output.
  package var logger: StoreLogger {
    get { broadcaster?.logger ?? .standardOutput }
    set { makeBroadcaster().logger = newValue }
  }

  /// Logs what `options` asks for to ``logger``; `.none` removes the log, so that it costs
  /// nothing.
  package func setLogging(_ options: LoggingOptions, to logger: StoreLogger? = nil) {
    if let logger { self.logger = logger }
    guard !options.isEmpty else {
      broadcaster?.setLog(nil)
      return
    }
    let writer = StoreLogWriter<Action, State>(
      options: options,
      storeName: name,
      logger: self.logger
    )
    var previous: State? = core.state
    makeBroadcaster().setLog { reduction in
      writer.log(reduction, previous: previous)
      if reduction.stateChanged { previous = reduction.state }
    }
  }

  func setObserver(_ observer: StateObserver) {
    makeBroadcaster().observer = observer
  }
}
