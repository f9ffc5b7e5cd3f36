/// What follows a drain once a store has run effects: the units that ended while the engine
/// was reducing, and the tasks that wait for the store to be idle.
///
/// Both are kept in the book, the one thing a store makes on its first effect, so that an idle
/// store keeps nothing of them; the engine decides when to end the units and to wake the tasks.
///
/// Each reads the book through optional chaining, never binding it to a local, which would
/// retain and release it.
extension EffectScheduler {
  // Inlinable: the checks that end every drain of a store with effects; the work they guard is not.

  /// Keeps the unit `token`, which ended while the engine was reducing, alive until
  /// ``finishUnitsEndedDuringDrain()``: the actions it queued are admitted only while it is
  /// (C2).
  @usableFromInline
  mutating func finishOnceDrained(_ token: EffectToken, countedWhenCancelled: Bool) {
    // A unit is in the book, so the book exists.
    book.unsafelyUnwrapped.finishedDuringDrain.append((token, countedWhenCancelled))
  }

  /// Whether units ended during the drain (see ``finishOnceDrained(_:countedWhenCancelled:)``).
  @inlinable
  var hasUnitsEndedDuringDrain: Bool {
    book?.finishedDuringDrain.isEmpty == false
  }

  /// Ends the units that ended during the drain.
  @usableFromInline
  mutating func finishUnitsEndedDuringDrain() {
    guard let book else { return }
    let finished = book.finishedDuringDrain
    book.finishedDuringDrain.removeAll()
    for unit in finished {
      finishTask(unit.token, countedWhenCancelled: unit.countedWhenCancelled)
    }
  }

  /// Whether any task waits for the store to be idle.
  @inlinable
  var hasIdleWaiters: Bool {
    book?.idleWaiters.isEmpty == false
  }

  /// Keeps `continuation` until the engine finds the store idle.
  mutating func addIdleWaiter(
    _ id: ObjectIdentifier,
    _ continuation: CheckedContinuation<Void, Never>,
    link: EngineLink<R>
  ) {
    makeBook(link: link).idleWaiters.add(id, continuation)
  }

  /// Forgets the waiting task `id` and returns its continuation, for the engine to resume.
  mutating func takeIdleWaiter(_ id: ObjectIdentifier) -> CheckedContinuation<Void, Never>? {
    book?.idleWaiters.remove(id)
  }

  /// Forgets every waiting task and returns them, for the engine to resume.
  mutating func takeIdleWaiters() -> IdleWaiters {
    guard let book else { return IdleWaiters() }
    var waiters = IdleWaiters()
    swap(&waiters, &book.idleWaiters)
    return waiters
  }
}
