/// Telling everyone who watches the state about each commit: the backlog, the observer, the
/// `states` loops, the subscriptions and the channel of reductions.
extension StoreEngine {
  // Inlinable: what every commit of a changed state tells (backlog, observer, `states` loops,
  // subscriptions), specialized for the client's state.

  /// The broadcaster, made the first time something watches the state.
  @usableFromInline
  func makeBroadcaster() -> Broadcaster<Action, State> {
    if let broadcaster { return broadcaster }
    let made = Broadcaster<Action, State>()
    broadcaster = made
    return made
  }

  /// A child engine's state that arrived while it was committing the previous one (see
  /// ``replaceState(_:)``).
  @inlinable
  var pendingReplacement: State? {
    get { broadcaster?.pendingReplacement }
    set {
      if newValue == nil, broadcaster == nil { return }
      makeBroadcaster().pendingReplacement = newValue
    }
  }

  /// Runs just before `next`, a changed state, is committed: keeps the state before the
  /// store's first change in the O7 backlog (which holds nothing until then, see
  /// ``StateBacklog``), then tells the observer; `assigned` says whether a `@Triggered`
  /// property was assigned during the reduce.
  @inlinable @inline(__always)
  func willCommitChange(to next: inout State, assigned: Bool) {
    if backlog?.holdsOnlyTheCurrentState == true {
      backlog!.keepFirst(core.state)
    }
    guard let observer = broadcaster?.observer else { return }
    // Safe: the pointers live only for the call, and neither state is written meanwhile: the
    // observers (`objectWillChange`'s subscribers, Observation's `onChange`) may read the
    // store and send, and a send only queues its action until the commit is over (A5).
    // `_withUnprotectedUnsafePointer`: `next` is a local of every store's send (see
    // CONTRIBUTING.md).
    withUnsafePointer(to: &core.state) { current in
      _withUnprotectedUnsafePointer(to: &next) { next in
        observer.willChange(from: current, to: next, assigned: assigned)
      }
    }
  }

  /// Tells the observers, the `states` loops (or the backlog, before the first loop) and the
  /// subscriptions about the committed state.
  @inlinable @inline(__always)
  func didCommit() {
    broadcaster?.observer?.didChange()
    if broadcaster?.streams.isEmpty == false { broadcaster!.streams.publish(core.state) }
    if backlog != nil { keepInBacklog() }
    if hasSubscribers { notifySubscribers() }
  }

  /// Keeps the committed state in the backlog, or drops the backlog for good once it holds its
  /// capacity: at its 65th state with no loop, the store stops keeping old states (O7).
  @inlinable @inline(__always)
  func keepInBacklog() {
    if !backlog!.append(core.state) { backlog = nil }
  }

  // Inlinable so that the loop is specialized for the state. Each subscriber is a closure
  // compiled for its value by the inlinable `subscribe` (see `StateSubscriber`).
  //
  // The loop walks the engine's own list, not a copy of it (a copy costs a retain and a
  // release of the list at every notification, which is most of what one unchanged
  // subscription costs, S4). That is safe because, while it runs, the list only grows: a
  // closure may subscribe (its subscriber is appended; it is told of this state too, which
  // equals the value it was just given, so it is not called twice), but subscribers are only
  // removed here, after the loop, and by a `runLater` task, which runs on the store's
  // isolation and so never inside this loop.
  @inlinable
  func notifySubscribers() {
    let state = core.state
    // Safe without a retain: only called while the broadcaster exists, and the engine keeps it
    // until its own end; retained, it and each subscriber cost a retain and a release per
    // step, most of what an unchanged subscription costs.
    let ended = Unmanaged.passUnretained(broadcaster.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
      broadcaster in
      var ended = false
      var index = 0
      while index < broadcaster.subscribers.count {
        // Safe without a retain: the list holds the subscriber, and so its `notify` closure,
        // for the whole call, even if a subscription made by the closure makes the list grow
        // (see above).
        let alive = Unmanaged.passUnretained(broadcaster.subscribers[index])
          ._withUnsafeGuaranteedRef { $0.notify(state) }
        if !alive { ended = true }
        index += 1
      }
      return ended
    }
    if ended { broadcaster?.removeCancelledSubscribers() }
  }

  /// Where an action that the unit `source` produced came from: `bind()`'s effect or another.
  @usableFromInline
  func origin(of source: EffectToken) -> ReductionOrigin {
    scheduler.isBinding(source) ? .bind : .effect
  }

  /// Tells the channel of reductions about `action`, which came from `origin`: the observers
  /// of changes only if it `changed` the state.
  ///
  /// The log hears of the reduction after the observers (history, persistence, a `Way`'s
  /// publisher).
  ///
  /// Inlinable: the reduce of every send to a store whose reductions are observed (history,
  /// the log, persistence) builds the `Reduction` here; unspecialized, it would look up its
  /// types and copy the action and the state through their value witnesses at every send.
  @inlinable
  func report(_ action: Action, changed: Bool, origin: ReductionOrigin) {
    guard let hearsUnchanged = broadcaster?.reductions?.hearsUnchanged, changed || hearsUnchanged
    else { return }
    let reduction = Reduction(
      action: action,
      state: core.state,
      stateChanged: changed,
      origin: origin
    )
    // The channel is read again at each step rather than bound once: a binding lives to the
    // end of the function, across the observers' calls, and so costs a retain and a release
    // of the channel at every send. The broadcaster keeps the channel while it has an
    // observer, and observers are never removed; the log, which may be removed while it runs,
    // is called last.
    //
    // Walks the channel's own lists by index rather than copying them (a copy costs a retain
    // and a release of the list at every send); an observer that adds another is safe, since
    // the loop reads the count again.
    var index = 0
    while index < reductionChannel.observers.count {
      // Safe without a retain: the list holds the observer, and so its closure, for the whole
      // call, even if the list grows meanwhile (nothing removes from it). Retained, it costs a
      // retain and a release at every send.
      Unmanaged.passUnretained(reductionChannel.observers[index])
        ._withUnsafeGuaranteedRef { $0.receive(reduction) }
      index += 1
    }
    if changed {
      index = 0
      while index < reductionChannel.changeObservers.count {
        // Safe without a retain, as above.
        Unmanaged.passUnretained(reductionChannel.changeObservers[index])
          ._withUnsafeGuaranteedRef { $0.receive(reduction) }
        index += 1
      }
    }
    reductionChannel.log?(reduction)
  }

  /// The channel of reductions, while ``report(_:changed:origin:)`` tells it; only there.
  @inlinable
  var reductionChannel: ReductionChannel<Action, State> {
    // Safe: `report` reads it only after its guard found the channel, which the broadcaster
    // keeps while it has an observer (never removed), and reads it after the log no more.
    broadcaster.unsafelyUnwrapped.reductions.unsafelyUnwrapped
  }
}
