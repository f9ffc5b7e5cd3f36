/// `bind()` and `reset()`: the effect that lives as long as the store (L4, A6).
extension StoreEngine {
  /// Starts (or restarts) `bind()`'s effect: its synchronous part is reduced, and its tasks
  /// have run up to their first suspension, when this returns (L4).
  package func bind() {
    withContext { start(binding: reducer?.bind() ?? .none) }
  }

  /// Walks `effect` as `bind()`'s, does the work it leaves, and reduces its synchronous part.
  func start(binding effect: AnyEffect<Action>) {
    var ignored: [EffectScheduler<R>.StartedTask]? = nil
    let marked = reportsReductions ? core.queue.endIndex : nil
    scheduler.start(
      effect,
      in: .init(isBinding: true),
      link: link,
      queue: &core.queue,
      collecting: &ignored
    )
    if let marked { core.queue.markSynchronous(from: marked, as: .bind) }
    performPendingWork()
    settle()
  }

  /// ``bind()`` for an actor store's initialiser, which uses the engine off the store's
  /// executor: no other code can reach the engine then, except the tasks the engine starts,
  /// which hop onto that executor (free, since the initialiser is not on it) as soon as they
  /// run. So every task, `bind()`'s and those of the effects its synchronous actions return, is
  /// only put in a slot while the engine works, and all are started once the engine is done,
  /// each up to its first suspension (L4 and E7 still hold when this returns).
  /// From the first start on, this touches nothing but the slots, which have locks of their own.
  ///
  /// A `bind()` that returns `.none` (most stores) does nothing, and makes no book.
  package func bindFromOutside() {
    withContext { bindFromOutsideHere() }
  }

  private func bindFromOutsideHere() {
    let effect = reducer?.bind() ?? .none
    if effect.isNone { return }
    scheduler.deferTaskStarts(link: link)
    start(binding: effect)
    let starts = scheduler.takeDeferredStarts()
    // The engine is not touched from here on.
    for start in starts {
      start.slot.fill(with: Self.startSynchronously(priority: start.priority, start.body))
    }
  }

  /// Cancels every effect and timer, drops the queued actions, and restarts `bind()` (A6).
  package func reset() {
    withContext {
      scheduler.cancelAll()
      for token in core.dropQueued() { scheduler.finish(token) }
      performPendingWork()
      bind()
    }
  }
}
