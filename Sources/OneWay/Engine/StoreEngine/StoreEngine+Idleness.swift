/// Whether the store is idle, and the tasks that wait until it is.
extension StoreEngine {
  /// No action is being reduced and no effect, debounce wait or throttle timer is in flight
  /// (a cancelled effect counts until its task ends); `bind()`'s effects do not count.
  package var isIdle: Bool { !core.isProcessing && !scheduler.isBusy(wakingWhenNone: false) }

  /// ``isIdle``, for a caller that waits for idleness: if only tasks of cancelled units keep
  /// the store busy, the last of them to end wakes the engine, which then checks again.
  @usableFromInline
  var isIdleWakingWhenCancelledTasksEnd: Bool {
    !core.isProcessing && !scheduler.isBusy(wakingWhenNone: true)
  }

  /// Returns once the store is idle, or once the calling task is cancelled; works on every
  /// isolation, since it reaches the engine through ``link``.
  package nonisolated static func waitUntilIdle(_ link: EngineLink<R>) async {
    let waiter = IdleWaiterID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Task {
          let added = await link.run { engine in
            if engine.isIdleWakingWhenCancelledTasksEnd || waiter.isCancelled { return false }
            engine.scheduler.addIdleWaiter(waiter.id, continuation, link: engine.link)
            return true
          }
          if added != true { continuation.resume() }
        }
      }
    } onCancel: {
      waiter.cancel()
      link.runLater { $0.scheduler.takeIdleWaiter(waiter.id)?.resume() }
    }
  }

  /// Wakes the tasks waiting for idleness if the store is idle; if only tasks of cancelled
  /// units keep it busy, the last of them to end calls this again.
  @usableFromInline
  func resumeIdleWaitersIfIdle() {
    guard scheduler.hasIdleWaiters else { return }
    if isIdleWakingWhenCancelledTasksEnd { scheduler.takeIdleWaiters().resumeAll() }
  }
}
