/// The book-keeping of units: cancelling them, ending them, and admitting the actions they
/// produce.
extension EffectScheduler {
  // Inlinable: every cancellation, end of a unit and admitted action of a store with effects,
  // specialized with the engine.

  /// Cancels every unit registered under `id`, and closes the throttle windows they timed.
  @inlinable
  mutating func cancel(_ id: AnyEffectID) {
    // Token by token, so that cancelling the usual one unit collects nothing in an array.
    guard let tokens = registry.takeTokens(under: id) else { return }
    tokens.forEach { token in
      guard let unit = registry.cancel(token, without: id) else { return }
      cancel(unit)
      if !throttles.isEmpty { throttles.close(timedBy: unit.token) }
      if !debounces.isEmpty { debounces.end(unit.token) }
    }
  }

  /// Cancels every unit, `bind()`'s included, and forgets every window.
  mutating func cancelAll() {
    guard book != nil else { return }
    for unit in registry.cancelAll() { cancel(unit) }
    throttles.removeAll()
    debounces.removeAll()
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
      if !debounces.isEmpty { debounces.end(token) }
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
  /// whose frame was allocated. It reads the book's registry in place: through the `registry`
  /// accessor, which may yield an empty registry, the whole registry was copied and destroyed
  /// for each read.
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

  /// Keeps the task the engine started for the unit `token`, if the unit has not ended yet
  /// (a task started at once may have ended it before it returned).
  @inlinable
  mutating func attach(_ task: Task<Void, Never>, to token: EffectToken) {
    book?.registry.attach(task, to: token)
  }

  /// The task to await for a unit a walk started (see ``StoreEngine/start(_:parent:)``); `nil`
  /// once it has ended.
  func task(of started: StartedTask) -> Task<Void, Never>? {
    switch started {
    case .pending(let token): book?.registry.task(of: token)
    case .inSlot(let slot): slot.task
    }
  }

  func isBinding(_ token: EffectToken) -> Bool {
    book?.registry.isBinding(token) ?? false
  }
}
