/// What a store's scheduler keeps between walks: the registry of in-flight units, the open
/// throttle windows, the walk's work list, the work left for the engine, the units that ended
/// during a drain, the tasks waiting for the store to be idle, and how its tasks reach the
/// store.
///
/// The last two are the engine's concerns, kept here because this is the one thing a store
/// makes on its first effect: elsewhere, they would cost every idle store a word. Only the
/// scheduler touches the book; the engine goes through the scheduler's methods.
///
/// Made by the first walk that registers a unit or starts a task (or with the scheduler, for a
/// store whose clock is not `ContinuousClock`, or by the first wait for idleness), so that a
/// store that never had such an effect keeps none of it.
@usableFromInline
final class EffectBook<R: Reducer> where R.Action: Sendable, R.State: Sendable {
  // Used only through the scheduler, on its store's isolation, and user code never runs
  // inside a mutation of these fields (see `StoreEngine`), so dynamic exclusivity checks would
  // only cost time.
  @exclusivity(unchecked) @usableFromInline var registry = EffectRegistry()
  @exclusivity(unchecked) @usableFromInline var throttles =
    ThrottleWindows<EffectScheduler<R>.ThrottledRun>()
  @exclusivity(unchecked) @usableFromInline var debounces =
    DebounceWaits<EffectScheduler<R>.DebouncedRun>()
  /// The walk's work list, kept between walks so that a busy store stops allocating it.
  @exclusivity(unchecked) @usableFromInline var steps: [EffectScheduler<R>.Step] = []
  @exclusivity(unchecked) @usableFromInline var pendingWork: [EffectScheduler<R>.PendingWork] = []
  /// Whether every task is put in a slot and kept in ``deferredStarts`` instead of started:
  /// set while an actor store's initialiser uses the engine off the store's executor, so that
  /// the engine can start the tasks only once it is done (see ``StoreEngine/bindFromOutside()``).
  /// Kept in the book, not the scheduler, so that an idle store without one stays as small.
  @exclusivity(unchecked) @usableFromInline var defersTaskStarts = false
  /// The tasks an actor store's initialiser leaves to start once the engine is done (see
  /// ``StoreEngine/bindFromOutside()``).
  @exclusivity(unchecked) @usableFromInline var deferredStarts: [DeferredStart] = []
  /// Units that ended while the engine was reducing, finished once the drain is over (see
  /// ``StoreEngine/finish(_:countedWhenCancelled:)``), each with whether its task was counted
  /// among the cancelled ones if it was cancelled.
  @exclusivity(unchecked) @usableFromInline var finishedDuringDrain:
    [(token: EffectToken, countedWhenCancelled: Bool)] = []
  /// The tasks waiting for the store to be idle: no action reduced, no unit in this book, no
  /// task of a cancelled unit still running.
  @exclusivity(unchecked) @usableFromInline var idleWaiters = IdleWaiters()
  /// The tasks of cancelled units that have not ended yet; shared with those tasks.
  @usableFromInline let cancelledTasks = CancelledTasks()
  @usableFromInline let link: EngineLink<R>
  /// Makes deadlines on the store's clock; `nil` for `ContinuousClock`, which is made again
  /// when needed.
  let makeDeadline: ((Duration) -> Deadline)?

  @usableFromInline
  init(link: EngineLink<R>) {
    self.link = link
    makeDeadline = nil
  }

  init<C: Clock<Duration>>(link: EngineLink<R>, clock: C) {
    self.link = link
    makeDeadline = { Deadline(after: $0, on: clock) }
  }
}
