/// Tells everyone who watches a store about its states: `states` loops, synchronous
/// subscriptions, the view store's Observation hooks, and the channel of reductions; and keeps
/// what only a watched store needs (the bookkeeping of its loops, its logger, a child store's
/// pending state).
///
/// The engine makes it the first time something watches (``StoreEngine/makeBroadcaster()``),
/// so that an idle store keeps one empty pointer for all of it. The O7 backlog is not here: every
/// store keeps it from its first change, so the engine holds it itself
/// (``StoreEngine/backlog``).
///
/// The engine calls it on the store's isolation, after it has committed a state. What runs
/// user code synchronously (subscriptions, hooks, the reductions channel) is called by the
/// engine between its steps, never inside a mutation of the engine.
@usableFromInline
final class Broadcaster<Action, State: Sendable> {
  // Inlinable (`needsPreviousState`): read by the reduce of every send.
  // Used only by the engine, on its store's isolation, and user code never runs inside a
  // mutation of these fields (see `StoreEngine`), so dynamic exclusivity checks would only
  // cost time.

  @exclusivity(unchecked) @usableFromInline var streams = StateStreams<State>()
  @exclusivity(unchecked) @usableFromInline var subscribers: [StateSubscriber<State>] = []
  @exclusivity(unchecked) @usableFromInline var observer: StateObserver<State>?
  /// The channel of reductions; `nil` while nobody listens, so that checking it is one load.
  @exclusivity(unchecked) @usableFromInline var reductions: ReductionChannel<Action, State>?
  /// The `states` loops that ended and are not forgotten yet; made with the first loop.
  @exclusivity(unchecked) var endedStreams: EndedStreams?
  /// The identifier of the last `states` loop.
  @exclusivity(unchecked) var lastStreamID: UInt64 = 0
  /// Where the log goes, when it is not the standard output.
  @exclusivity(unchecked) var logger: StoreLogger?
  /// A child engine's state that arrived while it was committing the previous one (see
  /// ``StoreEngine/replaceState(_:)``).
  @exclusivity(unchecked) @usableFromInline var pendingReplacement: State?
  /// Whether the store shows a past state and holds every action that reaches it (see
  /// `StoreEngine+Travel.swift`); only a store whose reductions are observed travels.
  @exclusivity(unchecked) var isTravelling = false

  init() {}

  /// Whether a watcher needs the state before a reduce, to tell it from the state after: the
  /// `states` loops, the Observation hooks, the channel of reductions (which says whether the
  /// state changed). Key-path subscriptions keep their own last value, so they do not.
  @inlinable
  var needsPreviousState: Bool {
    !streams.isEmpty || reductions != nil || observer != nil
  }

  /// Sets the store's log (`nil`: no log).
  func setLog(_ log: ((Reduction<Action, State>) -> Void)?) {
    if let reductions {
      reductions.log = log
      if log == nil, reductions.observers.isEmpty { self.reductions = nil }
    } else if let log {
      reductions = ReductionChannel(log: log)
    }
  }

  /// Adds an observer of every reduced action.
  func addReductionObserver(_ observer: @escaping (Reduction<Action, State>) -> Void) {
    if reductions == nil { reductions = ReductionChannel(log: nil) }
    reductions!.observers.append(observer)
  }

  /// A new `states` loop that receives `initial`, then every published state; `onEnd` is
  /// called with its identifier when it ends.
  func addStream(
    initial: [State],
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy,
    onEnd: @escaping @Sendable (UInt64) -> Void
  ) -> AsyncStream<State> {
    lastStreamID += 1
    return streams.add(
      id: lastStreamID,
      initial: initial,
      bufferingPolicy: bufferingPolicy,
      onEnd: onEnd
    )
  }

  /// Forgets the subscriptions that have ended.
  @usableFromInline
  func removeCancelledSubscribers() {
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
