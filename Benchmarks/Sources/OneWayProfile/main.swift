import BenchmarkFixtures
import Foundation
import LockedStoreFixtures
import OneWay
import OneWayDevTools

// Runs one benchmark scenario in a plain loop, for instruction-level profiling:
//   valgrind --tool=callgrind .build/release/OneWayProfile b2-viewstore 100000
// The numbers that matter are the differences between a scenario and its baseline, each run
// with the same iteration count.

let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first else {
  print(
    """
    usage: OneWayProfile SCENARIO [ITERATIONS] [SUBSCRIBERS]
    scenarios: b1-store b1-bare b16-history b2-viewstore b2-viewstore-read b2-viewstore-nobacklog b2-direct b3-chain b4-store
               b4-bare b4-bare-shape b4-bare-immediate b5-store b5-bare b5-bare-immediate
               b6-store b6-bare b7-store
               b8-store-changed b8-store-unchanged b8-bare-changed b8-bare-unchanged
               b9-locked b9-bare
               b11-store-scope1 b11-store-scope5 b11-store-child1 b11-store-child5
               b11-viewstore-scope1 b11-viewstore-scope5 b11-viewstore-child1
               b11-viewstore-child5
               b10-unobserved b10-observed b10-bare b12-default b12-bare
               b13-read-unchanged b13-read-changed b13-bare-unchanged b13-bare-changed
               b13-bare-observation
               b14-store-scope5 b14-viewstore-scope5 b15-viewstore-rows b17-observed-rows
               way-current way-threadsafe way-bare way-bare-locked
               swidux-dispatch swidux-unchanged swidux-bare
               p2-bare p2-snapshots p2-journal
               b7-bytes-store b7-bytes-viewstore b7-bytes-actor b7-bytes-way b7-bytes-swidux
    (SUBSCRIBERS is the number of subscriptions for b8 and swidux-unchanged, the array's size
     for b10 and b12, the properties read for b13, the number of row stores for b15, the number of rows for b17;
     b7-bytes-* print the bytes that ITERATIONS idle stores retain, per store)
    """
  )
  exit(2)
}
let iterations = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let subscribers = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100

/// Runs the scenario from a non-isolated task, as the benchmarks do.
func run(_ scenario: String, iterations: Int, subscribers: Int) async {
  switch scenario {
  case "b1-store":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.increment) }
    keep(await store.state.count)
  case "b16-history":
    // b1-store with history on: past the ring's 1,000 entries, each send replaces the oldest.
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    let devTools = await store.devTools()
    for _ in 0..<iterations { await store.send(.increment) }
    keep(await store.state.count)
    keep(devTools.capacity)
  case "b1-bare":
    let actor = BareActor()
    for _ in 0..<iterations { await actor.send(.increment) }
    keep(await actor.count)
  case "b3-chain":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.chain) }
    keep(await store.state.count)
  case "b4-store":
    let signal = Signal()
    let store = Store(reducer: CounterReducer(signal: signal), state: CounterReducer.State())
    for _ in 0..<iterations {
      await store.send(.request)
      await signal.wait()
    }
  case "b4-bare-shape":
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    for _ in 0..<iterations {
      await actor.request()
      await signal.wait()
    }
  case "b4-bare-immediate":
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    for _ in 0..<iterations {
      await actor.requestAtOnce()
      await signal.wait()
    }
  case "b4-bare":
    let actor = BareActor()
    for _ in 0..<iterations { await Task { await actor.send(.increment) }.value }
  case "b5-store":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.startLongRunning) }
    await store.send(.stopLongRunning)
    // Asleep between checks rather than yielding: a busy wait's instructions would be counted
    // as the scenario's, as many as the machine's other work leaves it time for.
    while await !store.isIdle { try? await Task.sleep(for: .milliseconds(1)) }
  case "b5-bare":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(iterations)
    await startAndCancelBareTasks(iterations, keeping: &tasks)
  case "b5-bare-immediate":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(iterations)
    await startAndCancelBareTasksAtOnce(iterations, keeping: &tasks)
  case "b6-store":
    let fanOut = await StoreFanOut.make(subscribers: subscribers)
    for _ in 0..<iterations { await fanOut.round() }
    await fanOut.tearDown()
  case "b6-bare":
    var fanOut = await BareFanOut.make(subscribers: subscribers)
    for _ in 0..<iterations { await fanOut.round() }
    await fanOut.tearDown()
  case "b11-store-scope1":
    let store = Store(reducer: ScopeLevel1(), state: ScopeLevel1.State())
    // As b1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which b1-store's sends do not.
    let increment = ScopeLevel1.increment
    for _ in 0..<iterations { await store.send(increment) }
    keep(await store.state.child.count)
  case "b11-store-scope5":
    let store = Store(reducer: ScopeLevel5(), state: ScopeLevel5.State())
    // As b1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which b1-store's sends do not.
    let increment = ScopeLevel5.increment
    for _ in 0..<iterations { await store.send(increment) }
    keep(await store.state.child.child.child.child.child.count)
  case "b11-store-child1":
    let store = await makeChildStore()
    for _ in 0..<iterations { await store.send(.increment) }
  case "b11-store-child5":
    let store = await makeChildStoreFiveLevelsDown()
    for _ in 0..<iterations { await store.send(.increment) }
  case "b14-store-scope5":
    let store = Store(reducer: CaseScopeLevel5(), state: CaseScopeLevel5.State())
    // As b11-store-scope5, with case key paths.
    let increment = CaseScopeLevel5.increment
    for _ in 0..<iterations { await store.send(increment) }
    keep(await store.state.child.child.child.child.child.count)
  case "b7-store":
    let stores = (0..<iterations).map { _ in
      Store(reducer: CounterReducer(), state: CounterReducer.State())
    }
    for store in stores { keep(await store.isIdle) }
  case "b10-unobserved":
    let store = await Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
      .withoutStatesBacklog()
    for index in 0..<iterations { await store.send(.append(index)) }
    keep(await store.state.items.count)
  case "b10-observed":
    let store = Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
    for index in 0..<iterations { await store.send(.append(index)) }
    keep(await store.state.items.count)
  case "b12-default":
    // As the README builds it: no opt-out, no loop; the first 64 states are kept (O7), then
    // dropped for good.
    let store = Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
    for index in 0..<iterations { await store.send(.append(index)) }
    keep(await store.state.items.count)
  case "b10-bare", "b12-bare":
    let actor = BareArrayActor(size: subscribers)
    for index in 0..<iterations { await actor.append(index) }
    keep(await actor.count)
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
}

// The main thread stays synchronous (an `async` main parks it in dispatch's signal wait,
// which valgrind cannot run): main-actor scenarios run right here, the others in a task that
// the main thread waits for.
switch scenario {
case "b2-viewstore":
  sendToViewStore(0..<iterations)
case "b2-viewstore-read":
  sendToViewStoreReadingState(0..<iterations)
case "b2-viewstore-nobacklog":
  sendToViewStoreWithoutBacklog(0..<iterations)
case "b2-direct":
  reduceDirectly(0..<iterations)
case "b8-store-changed":
  ViewStoreSubscriptions(count: subscribers).send(.changeWatched, 0..<iterations)
case "b8-store-unchanged":
  ViewStoreSubscriptions(count: subscribers).send(.changeOther, 0..<iterations)
case "b8-bare-changed":
  BareSubscriptions(count: subscribers).send(.changeWatched, 0..<iterations)
case "b8-bare-unchanged":
  BareSubscriptions(count: subscribers).send(.changeOther, 0..<iterations)
case "b13-read-unchanged":
  TrackedPropertiesStore(count: subscribers).send(.changeUnread, 0..<iterations)
case "b13-read-changed":
  TrackedPropertiesStore(count: subscribers).send(.changeRead, 0..<iterations)
case "b13-bare-unchanged":
  BareTrackedComparisons(count: subscribers).send(.changeUnread, 0..<iterations)
case "b13-bare-changed":
  BareTrackedComparisons(count: subscribers).send(.changeRead, 0..<iterations)
case "b13-bare-observation":
  BareObservationCalls().send(0..<iterations)
case "b9-locked":
  sendToLockedStore(makeLockedCounterStore(), 0..<iterations)
case "b9-bare":
  sendToBareLockedReducer(BareLockedReducer(), 0..<iterations)
case "b11-viewstore-scope1":
  ScopedViewStoreSends.throughScope(levels: 1).send(0..<iterations)
case "b11-viewstore-scope5":
  ScopedViewStoreSends.throughScope(levels: 5).send(0..<iterations)
case "b11-viewstore-child1":
  ScopedViewStoreSends.toChild(levels: 1).send(0..<iterations)
case "b11-viewstore-child5":
  ScopedViewStoreSends.toChild(levels: 5).send(0..<iterations)
case "b14-viewstore-scope5":
  ScopedViewStoreSends.throughCaseScope().send(0..<iterations)
case "b15-viewstore-rows":
  RowStoreSends(rows: subscribers).send(0..<iterations)
case "b17-observed-rows":
  let rows = ObservedRowSends(rows: subscribers)
  rows.send(0..<iterations)
  keep(rows.told)
case "way-current":
  sendToWay(threadSafe: false, 0..<iterations)
case "way-threadsafe":
  sendToWay(threadSafe: true, 0..<iterations)
case "way-bare":
  reduceWayDirectly(0..<iterations)
case "way-bare-locked":
  reduceWayUnderLock(0..<iterations)
case "swidux-dispatch":
  dispatchToSwidux(subscribers: 0, 0..<iterations)
case "swidux-unchanged":
  dispatchToSwidux(subscribers: subscribers, 0..<iterations)
case "swidux-bare":
  dispatchToBareLockedStore(0..<iterations)
case "p2-bare":
  try sendUnchanged(persisted: .none, 0..<iterations)
case "p2-snapshots":
  try sendUnchanged(persisted: .snapshots, 0..<iterations)
case "p2-journal":
  try sendUnchanged(persisted: .journal, 0..<iterations)
case "b7-bytes-store":
  printRetainedBytes(iterations, "Store") {
    Store(reducer: CounterReducer(), state: CounterReducer.State())
  }
case "b7-bytes-viewstore":
  printRetainedBytes(iterations, "ViewStore") {
    ViewStore(reducer: CounterReducer(), state: CounterReducer.State())
  }
case "b7-bytes-actor":
  printRetainedBytes(iterations, "bare actor") { BareActor() }
case "b7-bytes-way":
  printRetainedBytes(iterations, "Way", makeIdleWay)
case "b7-bytes-swidux":
  printRetainedBytes(iterations, "Swidux store", makeIdleSwiduxStore)
default:
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await run(scenario, iterations: iterations, subscribers: subscribers)
    done.signal()
  }
  done.wait()
}

/// Scenario 8: a state holding a large array, one append per action.
struct ArrayReducer: Reducer {
  enum Action: Sendable { case append(Int) }
  struct State: Sendable, Equatable {
    var items: [Int]
    init(size: Int) { items = Array(0..<size) }
  }
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .append(let value):
      state.items.append(value)
      return .none
    }
  }
}

/// Scenario 8's baseline: an actor that appends to its own array in place.
actor BareArrayActor {
  var items: [Int]
  init(size: Int) { items = Array(0..<size) }
  func append(_ value: Int) { items.append(value) }
  var count: Int { items.count }
}
