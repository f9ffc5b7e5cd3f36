/// How a task that runs one unit of a store's effects reaches the store.
///
/// It goes through the store's ``EngineLink``, which holds the store weakly: a store whose
/// last outside reference is gone is deinitialized even while its effects run, and its engine
/// then cancels them.
@usableFromInline
struct LinkedSink<R: Reducer>: EffectSink where R.Action: Sendable, R.State: Sendable {
  // Inlinable, as everything a unit's task runs: the task is compiled in the client's module, for
  // its action, and hops onto the store without looking a type up.

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
