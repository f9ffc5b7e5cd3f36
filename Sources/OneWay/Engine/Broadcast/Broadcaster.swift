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
  /// The hold that keeps every action waiting, if one is installed (see
  /// `StoreEngine+Hold.swift`).
  @exclusivity(unchecked) @usableFromInline var hold: StoreHold<Action>?

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
      if log == nil, reductions.isEmpty { self.reductions = nil }
    } else if let log {
      reductions = ReductionChannel(log: log)
    }
  }

  /// Adds an observer of the reductions that `interest` names.
  func addReductionObserver(
    _ interest: ReductionInterest,
    _ observer: @escaping (Reduction<Action, State>) -> Void
  ) {
    if reductions == nil { reductions = ReductionChannel(log: nil) }
    switch interest {
    case .everyAction: reductions!.observers.append(ReductionObserver(observer))
    case .changes: reductions!.changeObservers.append(ReductionObserver(observer))
    }
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

/// Who hears of reduced actions, called on the store's isolation: the store's log and the
/// observers of every action (the test store's, history, a way's publisher) hear of each one;
/// the observers of changes (persistence) only of those that changed the state.
///
/// The two kinds are kept apart so that a reduce that changed nothing costs a store observed
/// only for its changes one check, not a `Reduction` made and handed to closures that would
/// ignore it.
@usableFromInline
final class ReductionChannel<Action, State> {
  // Used only by the engine, on its store's isolation, and read by the reduce of every send
  // (``hearsUnchanged``): dynamic exclusivity checks would only cost time, as the
  // broadcaster's.
  /// The store's log, set by its logging options; apart from the observers, so that changing
  /// the options replaces it.
  @exclusivity(unchecked) @usableFromInline var log: Observer? {
    didSet { hearsUnchanged = log != nil || !observers.isEmpty }
  }
  /// Never removed: the engine calls them without retaining them (see
  /// ``StoreEngine/report(_:changed:origin:)``).
  @exclusivity(unchecked) @usableFromInline var observers: Observers = [] {
    didSet { hearsUnchanged = log != nil || !observers.isEmpty }
  }
  /// Never removed, as ``observers``.
  @exclusivity(unchecked) @usableFromInline var changeObservers: Observers = []
  /// Whether someone hears of a reduce that did not change the state (the log or an observer
  /// of every action); kept rather than computed, as it is read by every reduce.
  @exclusivity(unchecked) @usableFromInline private(set) var hearsUnchanged = false

  @usableFromInline typealias Observer = (Reduction<Action, State>) -> Void
  @usableFromInline typealias Observers = [ReductionObserver<Action, State>]

  init(log: Observer?) {
    self.log = log
    hearsUnchanged = log != nil
  }

  /// Whether nobody hears of anything.
  var isEmpty: Bool {
    log == nil && observers.isEmpty && changeObservers.isEmpty
  }
}

/// One observer of the channel of reductions.
///
/// A class holding the closure rather than the closure itself, so that the engine calls it
/// with neither a retain of the closure's context nor a reabstraction thunk: the list of a
/// channel holds it, and a closure stored in an array is called through a thunk that returns
/// its result indirectly.
@usableFromInline
final class ReductionObserver<Action, State> {
  @usableFromInline let receive: (Reduction<Action, State>) -> Void

  init(_ receive: @escaping (Reduction<Action, State>) -> Void) {
    self.receive = receive
  }
}

/// Which reductions an observer of the channel of reductions hears of.
@usableFromInline
package enum ReductionInterest: Sendable {
  /// Every reduced action, whether it changed the state or not.
  case everyAction
  /// Only the reduced actions that changed the state (by `!=`, or an assignment through
  /// `@Triggered`).
  case changes
}
