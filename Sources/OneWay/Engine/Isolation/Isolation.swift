/// Where a store's engine may be used: the one place from which its state, queue and effect
/// book are read and written.
///
/// The engine itself is synchronous and knows nothing of isolation. The store in front of it
/// uses it only on its isolation, and the tasks that run effects come back to it through an
/// ``EngineLink``, which enters the isolation first.
@usableFromInline
package enum Isolation: Sendable {
  /// The store is an actor that runs on this executor (its own, or its root store's); effect
  /// tasks hop onto it. The executor holds nothing, so the tasks that hold it keep no store
  /// alive: the engine itself is reached weakly (see ``EngineLink``).
  case actor(StoreExecutor)
  /// The store lives on the main actor.
  case mainActor
  /// The store is a class whose every entry point takes this lock.
  case lock(EngineLock)

}

/// How code outside a store's isolation (an effect task, the end of a `states` loop, a
/// cancelled subscription) reaches the store's engine: it enters the isolation, then uses the
/// engine if the store still exists.
@usableFromInline
package final class EngineLink<R: Reducer>: @unchecked Sendable
where R.Action: Sendable, R.State: Sendable {
  // Inlinable (`run`, `isSynchronous`): every hop of a unit's task onto the store, compiled in the
  // task.
  // `engine` is read only inside `isolation` (see `run`), where the engine lives; the weak
  // reference itself is loaded and cleared atomically by the runtime.

  @usableFromInline weak var engine: StoreEngine<R>?
  @usableFromInline package let isolation: Isolation

  init(isolation: Isolation) {
    self.isolation = isolation
  }

  /// Runs `body` with the engine on the store's isolation, inside its context (see
  /// ``StoreContext``); `nil` once the store is gone.
  ///
  /// `body` does not escape, so the context of the closure an effect's task passes (the unit's
  /// token, the action) lives in the task's own frame instead of being allocated at each hop.
  @inlinable @inline(__always)
  func run<T: Sendable>(_ body: @Sendable (StoreEngine<R>) -> T) async -> T? {
    switch isolation {
    case .actor(let executor):
      return await Self.run(on: executor) { self.enter(body) }
    case .mainActor:
      return await MainActor.run { self.enter(body) }
    case .lock(let lock):
      return lock.withLock { enter(body) }
    }
  }

  /// Runs `body` with the engine, inside its context; `nil` once the store is gone. Only
  /// called on the store's isolation. A synchronous function of its own, so that an effect
  /// task's hop keeps no more in its asynchronous frame than the engine and `body`.
  @usableFromInline
  func enter<T>(_ body: (StoreEngine<R>) -> T) -> T? {
    guard let engine else { return nil }
    return engine.withContext { body(engine) }
  }

  /// Whether the isolation can be entered synchronously from any thread: a lock.
  @inlinable
  var isSynchronous: Bool {
    if case .lock = isolation { return true }
    return false
  }

  /// Runs `body` with the engine at once, from any thread; only for a lock's isolation.
  func runSynchronously(_ body: (StoreEngine<R>) -> Void) {
    guard case .lock(let lock) = isolation else {
      preconditionFailure("OneWay: only a lock's isolation can be entered synchronously")
    }
    lock.withLock { _ = enter(body) }
  }

  /// Runs `body` on the store's isolation later, without waiting for it: for code that cannot
  /// suspend (a `deinit`, an `onTermination` handler).
  ///
  /// It never runs `body` inline, not even under a lock the calling thread already holds: the
  /// engine relies on it, since subscriptions are removed through it and `notifySubscribers`
  /// walks the list of subscribers by index, unretained.
  func runLater(_ body: @escaping @Sendable (StoreEngine<R>) -> Void) {
    Task { await run(body) }
  }

  @inlinable
  static func run<T>(on executor: isolated StoreExecutor, _ body: () -> T) -> T {
    body()
  }
}
