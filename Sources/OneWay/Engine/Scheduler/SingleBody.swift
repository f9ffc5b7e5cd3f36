/// The body of a `.single` effect's unit.
@usableFromInline
struct SingleBody<R: Reducer>: UnitBody where R.Action: Sendable, R.State: Sendable {
  // Inlinable: the task of every `.single`, compiled for the client's action (see `LinkedSink`).

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

  @inlinable
  func pendingStart(_ sink: LinkedSink<R>, priority: EffectPriority)
    -> EffectScheduler<R>.PendingWork
  {
    .startSingle(self, sink, priority: priority)
  }
}
