import Logging
import OneWay
import OneWayLogging
import OneWayPersistence
import ServiceLifecycle

/// The counters this instance holds: each loaded from the journal on first use and released
/// once idle for `idleTime`. A service, so that its sweep stops with the service group.
actor CounterRegistry: Service {
  typealias Counter = SharedStore<CounterReducer>

  private struct Entry {
    var counter: Counter
    var lastUsed: ContinuousClock.Instant
    /// A counter is never uncreated: once seen created, a send to it needs no check.
    var isCreated = false
  }

  private let journal: any SharedJournal
  private let timeout: Duration
  private let idleTime: Duration
  private let logger: Logger
  private var entries: [String: Entry] = [:]
  /// Loads in flight, so that two requests for one new id load it once.
  private var loading: [String: Task<Counter, any Error>] = [:]

  init(journal: any SharedJournal, timeout: Duration, idleTime: Duration, logger: Logger) {
    self.journal = journal
    self.timeout = timeout
    self.idleTime = idleTime
    self.logger = logger
  }

  /// The counter `id`, or `nil` if it was never created. A counter that does not exist is not
  /// kept, so that requests for unknown ids fill no memory.
  func counter(_ id: String) async throws -> Counter? {
    if let entry = entries[id], entry.isCreated {
      entries[id]?.lastUsed = .now
      return entry.counter
    }
    let counter = try await loaded(id)
    guard await counter.state.created else {
      entries[id] = nil
      return nil
    }
    entries[id]?.isCreated = true
    return counter
  }

  /// Sends `action` to the counter `id` and returns its committed state, or `nil` if the
  /// counter was never created. From the registry's actor straight to the counter's, without
  /// a stop on the request's task between.
  ///
  /// - Throws: A ``Refusal`` (422) when `action` cannot apply to the state this instance holds
  ///   (an add that would overflow); nothing is sent then.
  func send(_ action: CounterReducer.Action, to id: String) async throws -> CounterReducer.State? {
    guard let counter = try await counter(id) else { return nil }
    if let reason = CounterReducer.refusal(of: action, at: await counter.state) {
      throw Refusal(status: .unprocessableContent, message: reason)
    }
    return try await counter.send(action)
  }

  /// The counter `id`, loaded (and created in the journal when it is new): whether it was new,
  /// and its state.
  func create(_ id: String) async throws -> (created: Bool, state: CounterReducer.State) {
    let counter = try await loaded(id)
    let state = try await counter.refresh()
    if state.created {
      entries[id]?.isCreated = true
      return (false, state)
    }
    let created = try await counter.send(.create)
    entries[id]?.isCreated = true
    return (true, created)
  }

  private func loaded(_ id: String) async throws -> Counter {
    if let entry = entries[id] {
      entries[id]?.lastUsed = .now
      return entry.counter
    }
    if let task = loading[id] { return try await task.value }
    let (journal, timeout, logger) = (journal, timeout, logger)
    let task = Task {
      let counter = try await Counter.load(
        id: id,
        reducer: CounterReducer(),
        initialState: CounterReducer.State(),
        journal: journal,
        snapshotEvery: 100,
        maxAttempts: 50,
        timeout: timeout,
        onError: { error in logger.error("counter \(id): \(error)") }
      )
      await counter.debug(.action, to: .swiftLog(logger, actionLevel: .trace))
      return counter
    }
    loading[id] = task
    defer { loading[id] = nil }
    let counter = try await task.value
    entries[id] = Entry(counter: counter, lastUsed: .now)
    return counter
  }

  /// The conflicts the counters this instance holds have met, and how many it holds.
  func stats() async -> (conflicts: Int, counters: Int) {
    var conflicts = 0
    for entry in entries.values { conflicts += await entry.counter.conflicts }
    return (conflicts, entries.count)
  }

  /// Releases the counters unused for `idleTime`; a send in flight keeps its counter alive
  /// until it returns.
  private func sweep() {
    let now = ContinuousClock.now
    let idle = entries.filter { now - $0.value.lastUsed >= idleTime }.keys
    for id in idle { entries[id] = nil }
    if !idle.isEmpty { logger.debug("released \(idle.count) idle counters") }
  }

  func run() async {
    await cancelWhenGracefulShutdown {
      // The sleep throws only when the shutdown cancels it: the sweep ends quietly.
      while (try? await Task.sleep(for: self.idleTime / 2)) != nil {
        await self.sweep()
      }
    }
  }
}
