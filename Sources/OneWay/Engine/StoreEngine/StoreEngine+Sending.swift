/// Sending and reducing: an action, and every action its synchronous effects derive from it,
/// reduced before `send` returns (A5).
extension StoreEngine {
  // Inlinable: the send and the reduce of every action, specialized for the client's reducer in the
  // client's module; each declaration says whether it is inlined into its caller.

  /// Reduces `action`, and every action that synchronous effects derive from it, before it
  /// returns; if the engine is already reducing, only queues it (A5).
  ///
  /// Specialized for the store's reducer but never inlined: a caller's `send` is one call,
  /// and the reduce is inlined here, with no frame of its own.
  @inlinable @inline(never)
  package func send(_ action: Action) {
    if context != nil { return sendInContext(action) }
    sendHere(action)
  }

  /// ``send(_:)`` inside the store's context, apart, so that a store without one takes a
  /// branch, not a call; specialized, like `send`, for the client's reducer.
  @inlinable @inline(never)
  func sendInContext(_ action: Action) {
    context.unsafelyUnwrapped.context.run { sendHere(action) }
  }

  /// The body of ``send(_:)``, inlined into it.
  @inlinable @inline(__always)
  func sendHere(_ action: Action) {
    guard core.begin(with: action) else {
      if let hold = broadcaster?.hold { hold.onHeld(action) }
      return
    }
    if core.queue.isEmpty {
      reduce(action)
      if !core.queue.isEmpty { drainQueue() }
    } else {
      core.queue.append(action, from: nil)
      drainQueue()
    }
    core.isProcessing = false
    if scheduler.hasBook { afterDrain() }
  }

  /// Ends the units that ended while the engine was reducing, once no drain is running, and
  /// wakes the tasks waiting for idleness if the store is idle: what follows a drain when the
  /// store has run effects.
  ///
  /// `settle()` calls it too, and `settle()` also runs inside a drain: a synchronous source
  /// that emits while the drain subscribes it reaches `receive`, and so `settle()`, on the same
  /// thread (through the recursive lock). Ending the units then would make the drain drop the
  /// actions they queued (C2 admits an action only while its unit is alive), so they are ended
  /// only once the outermost drain is over.
  @inlinable
  func afterDrain() {
    if !core.isProcessing, scheduler.hasUnitsEndedDuringDrain {
      scheduler.finishUnitsEndedDuringDrain()
    }
    if scheduler.hasIdleWaiters { resumeIdleWaitersIfIdle() }
  }

  /// Not inlined into ``send(_:)``, which calls it twice: each would be a copy of the reduce.
  @inlinable @inline(never)
  func drainQueue() {
    // Every reduce of the drain runs on this thread: its `@Triggered` counter is looked up once.
    var counter: UnsafeMutablePointer<UInt64>?
    while let entry = core.queue.popFirst() {
      var origin = entry.origin ?? .send
      if let source = entry.source {
        // Read before `admit`, which forgets a unit registered for this action alone.
        if reportsReductions { origin = self.origin(of: source) }
        if !scheduler.admit(entry) { continue }
      }
      reduce(entry.action, origin: origin, counter: &counter)
    }
  }

  /// Reduces one action: the reducer, the commit, the action's effects, then the observers.
  @inlinable @inline(__always)
  func reduce(_ action: Action) {
    var counter: UnsafeMutablePointer<UInt64>?
    reduce(action, origin: .send, counter: &counter)
  }

  /// Reduces one action that came from `origin` (which only the channel of reductions reads);
  /// `counter` is the calling thread's `@Triggered` counter, once
  /// a reduce of the same drain has looked it up. Inlined into ``send(_:)`` and
  /// ``drainQueue()``, its two callers, so that a reduce has no frame of its own.
  @inlinable @inline(__always)
  func reduce(
    _ action: Action,
    origin: ReductionOrigin,
    counter: inout UnsafeMutablePointer<UInt64>?
  ) {
    guard needsPreviousState else { return reduceInPlace(action) }
    var next = core.state
    // P1: `@Triggered` compares values; an assignment through one during this reduce (counted
    // per thread, and a reducer never leaves its thread) still makes the reduce a change. The
    // thread's counter is looked up only once some assignment was made in the process (see
    // `TriggeredAssignments`).
    let anyAssignmentBefore = TriggeredAssignments.anyAssignment
    var triggeredBefore: UInt64 = 0
    if anyAssignmentBefore {
      if counter == nil { counter = TriggeredAssignments.counter(for: triggeredKey) }
      triggeredBefore = counter.unsafelyUnwrapped.pointee
    }
    // Only a root engine reduces: a child store forwards its actions to its root (M3).
    let effect = reducer!.reduce(state: &next, action: action)
    let differs = next != core.state
    // Whether the reduce assigned a `@Triggered` property: a change even of an equal state,
    // and, for an observer, a change of the properties it reaches (V4). Not looked up for a
    // state that differs when nothing would use it.
    var assigned = false
    if !differs || broadcaster?.observer != nil {
      if anyAssignmentBefore {
        assigned = counter.unsafelyUnwrapped.pointee != triggeredBefore
      } else {
        // The first assignment in the process may have been made by this reduce: then this
        // thread's counter holds it, and nothing older (the flag was down when it began).
        assigned =
          TriggeredAssignments.anyAssignment
          && TriggeredAssignments.counter(for: triggeredKey).pointee != 0
      }
    }
    let changed = differs || assigned
    if changed { willCommitChange(to: &next, assigned: assigned) }
    // Equal is not identical: `@Ignored` fields may have changed, and they are kept, only not
    // announced.
    core.state = next
    if case .none = effect.operation {
      // Ended here, where it is known to be `.none`, it costs nothing to destroy.
      _ = consume effect
    } else {
      start(effect)
      if scheduler.hasPendingWork { performPendingWork() }
    }
    if broadcaster == nil {
      // Unwatched: only the backlog, if any, keeps the state.
      if changed, backlog != nil { keepInBacklog() }
    } else {
      if changed { didCommit() }
      if reportsReduction(changed: changed) { report(action, changed: changed, origin: origin) }
    }
  }

  /// Whether anything needs the state before a reduce: to tell it apart from the state after
  /// (the backlog, and the broadcaster's `states` loops, Observation hooks and channel of
  /// reductions, see ``Broadcaster/needsPreviousState``). Key-path subscriptions keep their
  /// own last value, so they do not; without any of these, the store reduces the state in
  /// place.
  @inlinable @inline(__always)
  var needsPreviousState: Bool {
    if case .some = backlog { return true }
    return broadcaster?.needsPreviousState ?? false
  }

  /// Whether the store has a channel of reductions: then the origin of each queued action is
  /// kept for it.
  @inlinable
  var reportsReductions: Bool {
    broadcaster?.reductions != nil
  }

  /// Whether the channel of reductions has someone to tell of a reduce that `changed` the
  /// state or not: an unchanged reduce of a store observed only for its changes (persistence)
  /// reports nothing, and costs that store no more than an unobserved one.
  ///
  /// Only called once the broadcaster is known to exist, which is not checked again: the check
  /// was a good part of what this costs an unchanged reduce.
  @inlinable @inline(__always)
  func reportsReduction(changed: Bool) -> Bool {
    guard let channel = broadcaster.unsafelyUnwrapped.reductions else { return false }
    return changed || channel.hearsUnchanged
  }

  /// Whether the store has key-path subscriptions (or child stores) to tell.
  @inlinable @inline(__always)
  var hasSubscribers: Bool {
    broadcaster?.subscribers.isEmpty == false
  }

  /// Reduces one action when nothing needs the state before it (see
  /// ``needsPreviousState``): the reducer mutates the store's state itself, so a
  /// large collection in it is changed in place instead of copied. Whether the state changed is
  /// then unknown; the key-path subscriptions compare their own values.
  @inlinable @inline(__always)
  func reduceInPlace(_ action: Action) {
    // The reducer is user code that runs while the state is being mutated. It is pure (R2); a
    // `send` it makes re-entrantly only appends to the queue, a field apart from the state, and
    // the engine's accesses are not checked dynamically (see the stored properties).
    let effect = reducer!.reduce(state: &core.state, action: action)
    if case .none = effect.operation {
      _ = consume effect
    } else {
      start(effect)
      if scheduler.hasPendingWork { performPendingWork() }
    }
    if hasSubscribers { notifySubscribers() }
  }

  /// Reduces what effects queued, when no `send` is doing so, then wakes the tasks waiting for
  /// idleness: the common ending of every entry point other than `send`.
  @inlinable
  func settle() {
    if !core.isProcessing && !core.queue.isEmpty {
      core.isProcessing = true
      drainQueue()
      core.isProcessing = false
    }
    if scheduler.hasBook { afterDrain() }
  }
}
