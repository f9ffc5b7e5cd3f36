/// What the task of one unit of a store's effects runs, given the unit's sink; it must end
/// the unit through the sink (``LinkedSink/finish()`` or ``LinkedSink/emitLast(_:)``).
@usableFromInline
protocol UnitBody<R>: Sendable {
  associatedtype R: Reducer where R.Action: Sendable, R.State: Sendable
  func run(_ sink: LinkedSink<R>) async

  /// The pending work that starts this body's task with `sink` (see
  /// ``EffectScheduler/PendingWork``): a concrete case per body, so that the engine starts it
  /// specialised, without a closure or an existential.
  func pendingStart(_ sink: LinkedSink<R>, priority: EffectPriority)
    -> EffectScheduler<R>.PendingWork
}
