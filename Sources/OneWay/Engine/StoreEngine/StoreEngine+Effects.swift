/// Running effects: walking them through the scheduler, and doing the work it leaves for a
/// consistent engine (starting `bind()`'s tasks, subscribing synchronous sources, cancelling).
extension StoreEngine {
  // Inlinable: the start of every effect a reduce returns, and the hop back of every unit's task
  // (`receive`, `finish`), specialized for the client's reducer; rarer work is only
  // `@usableFromInline`.
  @inlinable
  func start(_ effect: AnyEffect<Action>) {
    var ignored: [EffectScheduler<R>.StartedTask]? = nil
    // The link is made only if the walk needs it. Safe without a retain: the engine runs this
    // call, so it is alive throughout; a retain of an engine with a side table (once it has a
    // link) takes the runtime's slow path, a large part of what starting an effect costs.
    unowned(unsafe) let engine = self
    // The channel of reductions tells a synchronous effect's actions from a caller's sends.
    let marked = reportsReductions ? core.queue.endIndex : nil
    scheduler.start(
      effect,
      in: .init(),
      link: engine.link,
      queue: &core.queue,
      collecting: &ignored
    )
    if let marked { core.queue.markSynchronous(from: marked, as: .effect) }
  }

  /// Takes an action produced by the unit `token`; it is reduced only if the unit is still
  /// alive when its turn comes (C2).
  @inlinable
  func receive(_ action: Action, from token: EffectToken) {
    core.queue.append(action, from: token)
    if let hold = broadcaster?.hold { hold.onHeld(action) }
    settle()
  }

  /// Runs the effect of the debounce wait `wait`, whose task the clock has woken, unless the
  /// next debounced action under `id` has already run it (E7); returns the tasks to await.
  ///
  /// The effect's units are filed under `id` too, so that the next debounced action cancels
  /// them while they run (T2), as it cancels the wait.
  @usableFromInline
  func debounceEnded(_ id: AnyEffectID, wait: EffectToken, _ effect: AnyEffect<Action>)
    -> [EffectTask]
  {
    guard scheduler.claimDebounce(id, wait: wait) else { return [] }
    return start(effect, parent: wait, under: id)
  }

  /// Starts a node nested in the running unit `parent` (filed under `id`, if given), and
  /// returns the tasks to await.
  @usableFromInline
  func start(_ effect: AnyEffect<Action>, parent: EffectToken, under id: AnyEffectID? = nil)
    -> [EffectTask]
  {
    guard scheduler.isAlive(parent) else { return [] }
    var started: [EffectScheduler<R>.StartedTask]? = []
    var scope = EffectScheduler<R>.Scope(parent: parent, isBinding: scheduler.isBinding(parent))
    if let id { scope = scope.adding(id) }
    scheduler.start(effect, in: scope, link: link, queue: &core.queue, collecting: &started)
    // Starts the tasks of `bind()`'s units into their slots, so that they are awaited too: a
    // unit nested in a running unit of `bind()` lives only while its parent does (C2).
    performPendingWork()
    settle()
    return started?.compactMap { scheduler.task(of: $0) } ?? []
  }

  /// Forgets a unit whose work has ended: a task's, or a synchronous source's
  /// (`countedWhenCancelled` is then `false`: a source has no task to count). A synchronous
  /// source can end while the engine is still reducing what it emitted; its unit is then kept
  /// until the queue is drained, so that those actions are admitted (an ended unit is not a
  /// cancelled one).
  @inlinable
  func finish(_ token: EffectToken, countedWhenCancelled: Bool) {
    if core.isProcessing {
      return scheduler.finishOnceDrained(token, countedWhenCancelled: countedWhenCancelled)
    }
    scheduler.finishTask(token, countedWhenCancelled: countedWhenCancelled)
    performPendingWork()
    settle()
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

  /// Does what the scheduler left for a consistent engine: starts the units' tasks
  /// synchronously (L4, E7), subscribes synchronous sources, and ends cancelled subscriptions.
  /// Each may reach the engine again (through a recursive lock, or on the store's executor when
  /// a task started at once hops back before it suspends) or hop onto the store's isolation.
  @inlinable
  func performPendingWork() {
    while scheduler.hasPendingWork {
      var pending = scheduler.takePendingWork()
      for work in pending {
        switch work {
        case .startBindingTask(let slot, let priority, let body):
          slot.fill(with: Self.startSynchronously(priority: priority, body))
        case .startSingle(let body, let sink, let priority):
          startUnit(body, sink, priority: priority)
        case .startRunner(let body, let sink, let priority):
          startUnit(body, sink, priority: priority)
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

  /// Starts the task of the unit `sink` reports for, so that it has run up to its first
  /// suspension when this returns (E7), and keeps it in the registry if the unit is still
  /// running then. A unit cancelled (or whose parent ended) before its turn is never started.
  ///
  /// The task's operation is a closure literal written here, so the compiler makes it in the
  /// form `Task` takes. Handed a ready-made `@Sendable () async -> Void` instead, `Task` wraps
  /// it in converting thunks, each a closure context allocated per effect.
  @inlinable
  func startUnit<Body: UnitBody<R>>(_ body: Body, _ sink: LinkedSink<R>, priority: EffectPriority) {
    guard scheduler.isAlive(sink.token) else { return scheduler.finish(sink.token) }
    let task: EffectTask
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      task = Task.immediate(priority: priority.taskPriority) { await body.run(sink) }
    } else {
      // Enqueued: the task runs once a thread of the pool takes it (see E7 in the contract).
      task = Task(priority: priority.taskPriority) { await body.run(sink) }
    }
    scheduler.attach(task, to: sink.token)
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
}
