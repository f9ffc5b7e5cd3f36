/// Debounce timers and throttle windows.
extension EffectScheduler {
  /// The part of the walk that sets up debounce timers and throttle windows.
  @usableFromInline
  mutating func startTimer(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .debounce(let inner, let id, let dueTime, let clock):
      // A wait that the clock has ended, whose task has not woken to claim it yet, runs its
      // effect now, before this action's: on time, it would have run before this action came
      // (E7). Waits still running, and effects of earlier waits still running, are cancelled
      // (T2); the effect run now is not, since it belongs to a wait that had ended.
      let ended = debounces.takeEnded(under: id)
      cancel(id)
      if let ended { steps.append(.walk(ended.run.effect, ended.run.scope)) }
      let deadline = deadline(after: dueTime, on: clock)
      let inner = inner.first
      let priority = inner.priority.map(EffectPriority.init) ?? scope.priority
      let link = self.link
      let wait = spawn(in: scope.adding(id), priority: priority, collecting: &tasks) { runner in
        guard (try? await deadline.wait()) != nil else { return }
        // The store runs the effect, unless the next debounced action has already run it.
        let token = runner.sink.token
        let started = await link.run { $0.debounceEnded(id, wait: token, inner) } ?? []
        for task in started { await task.value }
      }
      debounces.begin(
        id,
        unit: wait,
        end: deadline,
        run: DebouncedRun(effect: inner, scope: scope.adding(id))
      )
    case .throttle(let inner, let id, let interval, let latest, let clock):
      // The window (its timer and its trailing run) outlives the unit that started it, so it
      // is registered at the top level, under every identifier that unit was started under.
      var windowScope = Scope(parent: nil, isBinding: scope.isBinding)
      windowScope.ids = registry.lineageIDs(of: scope.parent) + scope.ids
      windowScope.priority = scope.priority
      let run = ThrottledRun(effect: inner.first, scope: windowScope, interval: interval)
      // A window that the clock has already ended is over, though its timer's task may not
      // have woken yet (E7): it is closed here as its timer would close it, its trailing run
      // (which opens the next window) going first.
      var trailing: (AnyEffect<Action>, Scope)?
      while let (timer, end) = throttles.reachedEnd(of: id),
        let run = closeWindow(id, timer: timer, at: end)
      {
        trailing = run
      }
      if throttles.admit(id, latest: latest, run: run) == .runNow {
        steps.append(.walk(inner.first, scope.adding(id)))
        openWindow(for: run, id: id, until: deadline(after: interval, on: clock))
      }
      // Pushed last, so walked first: the work list is a stack.
      if let (effect, scope) = trailing { steps.append(.walk(effect, scope)) }
    default:
      preconditionFailure("OneWay: only a debounce or a throttle starts a timer")
    }
  }

  /// Opens the window, ending at `end`, that holds back the effects throttled under `id`.
  fileprivate mutating func openWindow(for run: ThrottledRun, id: AnyEffectID, until end: Deadline)
  {
    // The window's timer is in flight (it keeps the store busy) but nobody awaits it.
    var timers: [StartedTask]?
    let link = self.link
    let timer = spawn(in: run.scope.adding(id), priority: .inherited, collecting: &timers) {
      runner in
      guard (try? await end.wait()) != nil else { return }
      let token = runner.sink.token
      _ = await link.run { $0.throttleWindowEnded(id, timer: token, at: end) }
    }
    throttles.open(id, timer: timer, end: end)
  }

  /// Ends the window that `timer` measured and returns its trailing run, with its scope and
  /// the next window opened where this one ended.
  mutating func closeWindow(
    _ id: AnyEffectID,
    timer: EffectToken,
    at end: Deadline
  ) -> (AnyEffect<Action>, Scope)? {
    guard book != nil, let run = throttles.close(id, timer: timer) else { return nil }
    openWindow(for: run, id: id, until: end.advanced(run.interval))
    return (run.effect, run.scope.adding(id))
  }

  /// Whether the debounce wait `unit`, which its task found over, is still to run its effect;
  /// if so, the caller runs it now.
  mutating func claimDebounce(_ id: AnyEffectID, wait unit: EffectToken) -> Bool {
    book != nil && debounces.claim(id, unit: unit)
  }

  fileprivate func deadline(after duration: Duration, on clock: (any Clock<Duration>)?) -> Deadline
  {
    if let clock { return Deadline(after: duration, on: clock) }
    if let makeDeadline = book?.makeDeadline { return makeDeadline(duration) }
    return Deadline(after: duration, on: ContinuousClock())
  }
}
