/// A store that owns a ``StoreEngine``: the way back onto the store's isolation for the tasks
/// that run its effects.
///
/// `Store` (an actor) and `ViewStore` (the main actor) both conform; the engine is the same.
@usableFromInline
protocol EngineHost: AnyObject, Sendable {
  associatedtype HostReducer: Reducer
  associatedtype HostClock: Clock<Duration>
  associatedtype Observer: StateObserver

  /// Runs `body` on the store's isolation with the store's engine.
  func withEngine<T: Sendable>(_ body: @Sendable (StoreEngine<Self>) -> T) async -> T
}

/// Hooks that a store runs around each change of its state, on its isolation.
@usableFromInline
protocol StateObserver {
  func willChange()
  func didChange()
}

/// The observer of a store that nobody observes synchronously.
@usableFromInline
struct NoStateObserver: StateObserver {
  @inlinable func willChange() {}
  @inlinable func didChange() {}
}

/// How a task that runs one unit of a store's effects reaches the store.
///
/// It holds the store weakly: a store whose last outside reference is gone is deinitialized
/// even while its effects run, and its engine then cancels them.
struct EngineSink<Host: EngineHost>: EffectSink {
  let token: EffectToken
  weak var host: Host?

  func emit(_ action: Host.HostReducer.Action) async {
    await host?.withEngine { $0.receive(action, from: token) }
  }

  func start(_ effect: AnyEffect<Host.HostReducer.Action>) async -> [Task<Void, Never>] {
    await host?.withEngine { $0.start(effect, parent: token) } ?? []
  }

  func finish() async {
    await host?.withEngine { $0.finish(token) }
  }
}

extension EngineHost {
  func subscribe(
    _ bufferingPolicy: AsyncStream<HostReducer.State>.Continuation.BufferingPolicy
  ) async -> AsyncStream<HostReducer.State>? {
    await withEngine { $0.subscribe(bufferingPolicy) }
  }
}
