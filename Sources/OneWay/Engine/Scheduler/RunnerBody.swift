/// The body of a unit that runs an effect through an ``EffectRunner``, then ends the unit.
@usableFromInline
struct RunnerBody<R: Reducer>: UnitBody where R.Action: Sendable, R.State: Sendable {
  // Inlinable: the task of every `.sequence`, `.stream` and timer, compiled for the client's action
  // (see `LinkedSink`).

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

  @inlinable
  func pendingStart(_ sink: LinkedSink<R>, priority: EffectPriority)
    -> EffectScheduler<R>.PendingWork
  {
    .startRunner(self, sink, priority: priority)
  }
}
