/// Registering units of effect work and starting their tasks, and the work left for the
/// engine to do once it is consistent again.
extension EffectScheduler {
  // Inlinable: the start of every asynchronous effect's unit; its task's body is compiled here, for
  // the client's action (see `spawnUnit`).

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
  /// No task is started here: the walk runs while the engine is inconsistent, and a task
  /// started at once (E7) runs user code, which may reach the engine, before it returns. The
  /// unit is handed to the engine as pending work (see ``takePendingWork()``), which starts it
  /// once the walk is over; while task starts are deferred (see ``deferTaskStarts(link:)``),
  /// it is put in a slot instead.
  ///
  /// `body` is a value, not a closure, so that the task's closure literal, written where the
  /// engine starts it (``StoreEngine/startUnit(_:_:priority:)``), holds what it needs in its
  /// own context: a closure would be a second context, allocated per effect.
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
    if book.unsafelyUnwrapped.defersTaskStarts {
      let slot = TaskSlot()
      registry.attach(slot, to: token)
      book.unsafelyUnwrapped.deferredStarts.append(
        DeferredStart(slot: slot, priority: priority, body: { await body.run(sink) })
      )
      tasks?.append(.inSlot(slot))
    } else if scope.isBinding {
      let slot = TaskSlot()
      registry.attach(slot, to: token)
      book.unsafelyUnwrapped.pendingWork.append(
        .startBindingTask(slot, priority: priority, { await body.run(sink) })
      )
      tasks?.append(.inSlot(slot))
    } else {
      book.unsafelyUnwrapped.pendingWork.append(body.pendingStart(sink, priority: priority))
      tasks?.append(.pending(token))
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

  /// Puts every task from now on in a slot, kept for ``takeDeferredStarts()``, instead of
  /// starting it: for an actor store's initialiser, which uses the engine off the store's
  /// executor and starts the tasks once it is done with the engine (see
  /// ``StoreEngine/bindFromOutside()``).
  mutating func deferTaskStarts(link: EngineLink<R>) {
    makeBook(link: link).defersTaskStarts = true
  }

  /// Ends ``deferTaskStarts(link:)`` and returns the tasks it deferred, in the order they
  /// were started, for the engine to start.
  mutating func takeDeferredStarts() -> [DeferredStart] {
    guard let book else { return [] }
    book.defersTaskStarts = false
    var starts: [DeferredStart] = []
    swap(&starts, &book.deferredStarts)
    return starts
  }
}
