/// Tells everyone who watches a store about its states: `states` loops, synchronous
/// subscriptions, the view store's Observation hooks, and the channel of reductions.
///
/// The engine calls it on the store's isolation, after it has committed a state. What runs
/// user code synchronously (subscriptions, hooks, the reductions channel) is handed back to
/// the engine as values to call, so that no user code runs inside a mutation of the engine.
@usableFromInline
struct Broadcaster<Action, State: Sendable> {
  @usableFromInline var streams = StateStreams<State>()
  /// The states produced before the first loop started; `nil` once one has (O7).
  @usableFromInline var backlog: StateBacklog<State>?
  @usableFromInline var subscribers: [StateSubscriber<State>] = []
  @usableFromInline var observer: StateObserver?
  /// The channel of reductions; `nil` while nobody listens, so that checking it is one load.
  @usableFromInline var reductions: ReductionChannel<Action, State>?

  init() {
    backlog = StateBacklog()
  }

  /// Sets the store's log (`nil`: no log).
  mutating func setLog(_ log: ((Reduction<Action, State>) -> Void)?) {
    if let reductions {
      reductions.log = log
      if log == nil, reductions.observers.isEmpty { self.reductions = nil }
    } else if let log {
      reductions = ReductionChannel(log: log)
    }
  }

  /// Adds an observer of every reduced action.
  mutating func addReductionObserver(_ observer: @escaping (Reduction<Action, State>) -> Void) {
    if reductions == nil { reductions = ReductionChannel(log: nil) }
    reductions!.observers.append(observer)
  }

  // Whether anything needs the state before a reduce, and whether anything must hear of each
  // reduced action, are asked by the engine (`StoreEngine.needsPreviousState` and
  // `StoreEngine.reportsReductions`), field by field: a getter of this struct, called on the
  // engine's stored property, made the engine copy the whole broadcaster (a retain and a
  // release of each field) on every reduce.

  /// Sends a newly committed state to the `states` loops, or keeps it for the first one.
  @inlinable @inline(__always)
  mutating func publish(_ state: State) {
    if !streams.isEmpty { streams.publish(state) }
    if backlog != nil { backlog!.append(state) }
  }

  /// A new `states` loop: the first receives the backlog, every later one the current state.
  mutating func addStream(
    id: UInt64,
    current: State,
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy,
    onEnd: @escaping @Sendable (UInt64) -> Void
  ) -> AsyncStream<State> {
    let initial = backlog.map { $0.ordered(current: current) } ?? [current]
    backlog = nil
    return streams.add(id: id, initial: initial, bufferingPolicy: bufferingPolicy, onEnd: onEnd)
  }

  /// Forgets the subscriptions that have ended.
  @usableFromInline
  mutating func removeCancelledSubscribers() {
    subscribers.removeAll { $0.isCancelled }
  }

  func finishAll() {
    streams.finishAll()
  }
}

/// Who hears of every reduced action: the store's log and the observers of reductions (the
/// test store's), called on the store's isolation.
@usableFromInline
final class ReductionChannel<Action, State> {
  // Used only by the engine, on its store's isolation.
  /// The store's log, set by its logging options; apart from the observers, so that changing
  /// the options replaces it.
  @usableFromInline var log: ((Reduction<Action, State>) -> Void)?
  @usableFromInline var observers: [(Reduction<Action, State>) -> Void] = []

  init(log: ((Reduction<Action, State>) -> Void)?) {
    self.log = log
  }
}
