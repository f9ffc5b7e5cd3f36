import OneWay
import Synchronization

/// The reducer every scenario drives: a counter whose actions exercise one store path each.
package struct CounterReducer: Reducer {
  /// What the scenarios send.
  package enum Action: Sendable {
    /// Adds one; no effect.
    case increment
    /// Returns a synchronous effect of `Fixtures.chainLength` `.just(.increment)` actions.
    case chain
    /// Returns a synchronous effect of `shortChainLength` `.just(.increment)` actions.
    case shortChain
    /// Returns a `.single` effect that answers with `.reply`.
    case request
    /// The answer of `.request`: counts and wakes `signal`.
    case reply
    /// Starts an effect that waits until it is cancelled, cancelling the previous one.
    case startLongRunning
    /// Cancels the effect that `.startLongRunning` started.
    case stopLongRunning
  }

  /// The counter.
  package struct State: Sendable, Equatable {
    package var count = 0

    package init() {}
  }

  /// The identifier of the cancellation-churn effect.
  package enum EffectID: Hashable, Sendable {
    case longRunning
  }

  /// Woken when `.reply` is reduced; the round-trip scenario waits on it. `nil` elsewhere, so
  /// that making a reducer allocates nothing.
  package let signal: Signal?

  package init(signal: Signal? = nil) {
    self.signal = signal
  }

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    case .chain:
      state.count &+= 1
      // 8 derived actions: 4 in a concat, 4 in a merge nested in it.
      return .concat(
        .just(.increment),
        .just(.increment),
        .just(.increment),
        .just(.increment),
        .merge(
          .just(.increment),
          .just(.increment),
          .just(.increment),
          .just(.increment)
        )
      )
    case .shortChain:
      state.count &+= 1
      // 4 derived actions: 2 in a concat, 2 in a merge nested in it.
      return .concat(
        .just(.increment),
        .just(.increment),
        .merge(.just(.increment), .just(.increment))
      )
    case .request:
      return .single { .reply }
    case .reply:
      state.count &+= 1
      signal?.fire()
      return .none
    case .startLongRunning:
      return AnyEffect<Action>.single {
        // Returns at once when cancelled; the store then drops the action.
        try? await Task.sleep(for: .seconds(3_600))
        return .increment
      }
      .cancellable(EffectID.longRunning, cancelInFlight: true)
    case .stopLongRunning:
      return .cancel(EffectID.longRunning)
    }
  }
}

/// The number of actions one `.chain` derives (not counting `.chain` itself).
package let chainLength = 8

/// The number of actions one `.shortChain` derives (not counting `.shortChain` itself).
package let shortChainLength = 4

/// The hand-written reference for `Store.send`: an actor whose method runs the same reducer on
/// its own state, with no queue, no effect handling and no change detection.
package actor BareActor {
  let reducer: CounterReducer
  var state = CounterReducer.State()

  package init(reducer: CounterReducer = CounterReducer()) {
    self.reducer = reducer
  }

  package func send(_ action: CounterReducer.Action) {
    let effect = reducer.reduce(state: &state, action: action)
    withExtendedLifetime(effect) {}
  }

  package var count: Int { state.count }
}

/// Scenario 5's reference: `count` bare tasks, each sleeping for an hour and each cancelling the
/// one before; the last is cancelled too, then every task is awaited. `tasks` keeps them, and
/// should have room for `count` already, so that growing it is not timed.
package func startAndCancelBareTasks(_ count: Int, keeping tasks: inout [Task<Void, Never>]) async {
  var previous: Task<Void, Never>?
  for _ in 0..<count {
    previous?.cancel()
    let task = Task { _ = try? await Task.sleep(for: .seconds(3_600)) }
    tasks.append(task)
    previous = task
  }
  previous?.cancel()
  for task in tasks { await task.value }
}

/// Scenario 5's reference with the tasks a store starts for its effects (rule E7): each task
/// started at once, running up to its sleep before the next is started and cancels it.
package func startAndCancelBareTasksAtOnce(
  _ count: Int,
  keeping tasks: inout [Task<Void, Never>]
) async {
  var previous: Task<Void, Never>?
  for _ in 0..<count {
    previous?.cancel()
    let task: Task<Void, Never>
    // Closure literals, as the store writes them, so that no converting thunk is measured.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      task = Task.immediate { _ = try? await Task.sleep(for: .seconds(3_600)) }
    } else {
      task = Task { _ = try? await Task.sleep(for: .seconds(3_600)) }
    }
    tasks.append(task)
    previous = task
  }
  previous?.cancel()
  for task in tasks { await task.value }
}

/// Scenario 4's reference of the same shape as the store's round trip, without OneWay: the
/// caller hops onto the actor to make a request, the actor starts a task that does not run on
/// the actor, the task hops back onto the actor with its reply, and the actor counts it and
/// wakes the caller through the same `Signal` that the store's reducer fires. These are the
/// hops and the task a `.single` round trip cannot do without; what the store costs beyond
/// them is the engine's.
package actor BareRoundTrip {
  let signal: Signal
  package private(set) var count = 0

  package init(signal: Signal) {
    self.signal = signal
  }

  /// Starts the task that answers.
  package func request() {
    answer()
  }

  /// Not isolated, so that the task it starts runs off the actor, as an effect's does.
  nonisolated func answer() {
    Task { await self.reply() }
  }

  /// ``request()`` with the answering task started at once, as a store starts an effect's
  /// (rule E7): it runs up to its hop back onto the actor before this returns.
  package func requestAtOnce() {
    answerAtOnce()
  }

  nonisolated func answerAtOnce() {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      Task.immediate { await self.reply() }
    } else {
      Task { await self.reply() }
    }
  }

  func reply() {
    count &+= 1
    signal.fire()
  }
}

/// The hand-written reference for `ViewStore.send`: one call of the reducer that the
/// optimizer may not inline.
@inline(never)
package func directReduce(
  _ reducer: CounterReducer,
  _ state: inout CounterReducer.State,
  _ action: CounterReducer.Action
) -> AnyEffect<CounterReducer.Action> {
  reducer.reduce(state: &state, action: action)
}

/// The view store of scenario 2, made once on the main actor.
@MainActor package let mainActorViewStore = ViewStore(
  reducer: CounterReducer(),
  state: CounterReducer.State()
)

/// Scenario 2: `iterations` view-store sends, on the main actor.
@MainActor package func sendToViewStore(_ iterations: Range<Int>) {
  // Loaded once, as a view holds its store: a global is initialised lazily, and checking that
  // on every send would be the benchmark's cost, not the store's.
  let store = mainActorViewStore
  for _ in iterations { store.send(.increment) }
}

/// The view store of scenario 2's third row: without the backlog that a store keeps for its
/// first `states` loop (rule O7), so that the row shows what that backlog costs a send.
@MainActor package let unbackloggedViewStore = ViewStore(
  reducer: CounterReducer(),
  state: CounterReducer.State()
).withoutStatesBacklog()

/// Scenario 2's third row: `iterations` sends to a view store without the O7 backlog.
@MainActor package func sendToViewStoreWithoutBacklog(_ iterations: Range<Int>) {
  let store = unbackloggedViewStore
  for _ in iterations { store.send(.increment) }
}

/// The view store of scenario 2's second row, whose state the loop reads after every send,
/// as a view does: a separate store, because reading `state` makes a view store tell
/// Observation about every later change.
@MainActor package let observedViewStore = ViewStore(
  reducer: CounterReducer(),
  state: CounterReducer.State()
)

/// Scenario 2, second row: `iterations` view-store sends, each followed by a read of `state`
/// through its observable getter, on the main actor.
@MainActor package func sendToViewStoreReadingState(_ iterations: Range<Int>) {
  var total = 0
  let store = observedViewStore
  for _ in iterations {
    store.send(.increment)
    total &+= store.state.count
  }
  keep(total)
}

/// Scenario 2's baseline: `iterations` direct reducer calls, on the main actor.
@MainActor package func reduceDirectly(_ iterations: Range<Int>) {
  let reducer = CounterReducer()
  var state = CounterReducer.State()
  for _ in iterations {
    keep(directReduce(reducer, &state, .increment))
  }
  keep(state.count)
}

/// Scenario 7: the view stores kept alive by one sample.
@MainActor package func makeViewStores(_ count: Int) -> [ViewStore<CounterReducer, ContinuousClock>]
{
  (0..<count).map { _ in ViewStore(reducer: CounterReducer(), state: CounterReducer.State()) }
}

/// Waits until `store` has no effect in flight (its cancelled effects have ended).
package func waitUntilIdle(_ store: Store<CounterReducer, ContinuousClock>) async {
  while await !store.isIdle { await Task.yield() }
}

/// Keeps the optimizer from discarding `value`, like package-benchmark's `blackHole`.
@inline(never)
package func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A one-shot, re-armable event: `fire()` from any thread, `wait()` from one task at a time;
/// a `fire()` that comes before the `wait()` is not lost.
package final class Signal: Sendable {
  private struct Storage {
    var pending = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let storage = Mutex(Storage())

  package init() {}

  package func fire() {
    let waiter = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
      if let waiter = storage.waiter {
        storage.waiter = nil
        return waiter
      }
      storage.pending += 1
      return nil
    }
    waiter?.resume()
  }

  package func wait() async {
    await withCheckedContinuation { continuation in
      let ready = storage.withLock { storage -> Bool in
        if storage.pending > 0 {
          storage.pending -= 1
          return true
        }
        storage.waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// A countdown that one task waits on until `count` arrivals have happened since `arm(_:)`.
package final class Latch: Sendable {
  private struct Storage {
    var remaining = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let storage = Mutex(Storage())

  package init() {}

  /// Expects `count` more arrivals; call it before whatever causes them.
  package func arm(_ count: Int) {
    storage.withLock { $0.remaining += count }
  }

  package func arrive() {
    let waiter = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
      storage.remaining -= 1
      guard storage.remaining == 0, let waiter = storage.waiter else { return nil }
      storage.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns once every armed arrival has happened.
  package func wait() async {
    await withCheckedContinuation { continuation in
      let ready = storage.withLock { storage -> Bool in
        if storage.remaining <= 0 { return true }
        storage.waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// A store plus `count` tasks, each looping over its own `states` subscription.
package struct StoreFanOut {
  package let store: Store<CounterReducer, ContinuousClock>
  let latch: Latch
  let tasks: [Task<Void, Never>]

  /// Subscribes `count` loops and returns once each has received the initial state.
  package static func make(subscribers count: Int) async -> StoreFanOut {
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    let latch = Latch()
    latch.arm(count)
    let tasks = (0..<count).map { _ in
      Task {
        for await _ in store.states { latch.arrive() }
      }
    }
    await latch.wait()
    return StoreFanOut(store: store, latch: latch, tasks: tasks)
  }

  /// One state change, delivered to every loop.
  package func round() async {
    latch.arm(tasks.count)
    await store.send(.increment)
    await latch.wait()
  }

  package func tearDown() async {
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }
}

/// `count` bare `AsyncStream`s, each with a task looping over it: the reference for fan-out.
package struct BareFanOut {
  let continuations: [AsyncStream<Int>.Continuation]
  let latch: Latch
  let tasks: [Task<Void, Never>]
  var value = 0

  package static func make(subscribers count: Int) async -> BareFanOut {
    let latch = Latch()
    latch.arm(count)
    var continuations: [AsyncStream<Int>.Continuation] = []
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<count {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.yield(0)
      continuations.append(continuation)
      tasks.append(
        Task {
          for await _ in stream { latch.arrive() }
        }
      )
    }
    await latch.wait()
    return BareFanOut(continuations: continuations, latch: latch, tasks: tasks)
  }

  /// One value, yielded to every stream.
  package mutating func round() async {
    value &+= 1
    latch.arm(continuations.count)
    for continuation in continuations { continuation.yield(value) }
    await latch.wait()
  }

  package func tearDown() async {
    for continuation in continuations { continuation.finish() }
    for task in tasks { await task.value }
  }
}
