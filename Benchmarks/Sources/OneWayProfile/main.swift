import BenchmarkFixtures
import Foundation
import LockedStoreFixtures
import OneWay

// Runs one benchmark scenario in a plain loop, for instruction-level profiling:
//   valgrind --tool=callgrind .build/release/OneWayProfile s2-viewstore 100000
// The numbers that matter are the differences between a scenario and its baseline, each run
// with the same iteration count.

let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first else {
  print(
    """
    usage: OneWayProfile SCENARIO [ITERATIONS] [SUBSCRIBERS]
    scenarios: s1-store s1-bare s2-viewstore s2-viewstore-read s2-viewstore-nobacklog s2-direct s3-chain s4-store
               s4-bare s5-store s6-store s6-bare s7-store
               s8-store-changed s8-store-unchanged s8-bare-changed s8-bare-unchanged
               s9-locked s9-bare
               s11-store-scope1 s11-store-scope5 s11-store-child1 s11-store-child5
               s11-viewstore-scope1 s11-viewstore-scope5 s11-viewstore-child1
               s11-viewstore-child5
               s10-unobserved s10-observed s10-bare
               way-current way-threadsafe way-bare way-bare-locked
               swidux-dispatch swidux-unchanged swidux-bare
               s7-bytes-store s7-bytes-viewstore s7-bytes-actor s7-bytes-way s7-bytes-swidux
    (SUBSCRIBERS is the number of subscriptions for s8 and swidux-unchanged, the array's size
     for s10; s7-bytes-* print the bytes that ITERATIONS idle stores retain, per store)
    """
  )
  exit(2)
}
let iterations = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let subscribers = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100

/// Runs the scenario from a non-isolated task, as the benchmarks do.
func run(_ scenario: String, iterations: Int, subscribers: Int) async {
  switch scenario {
  case "s1-store":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.increment) }
    keep(await store.state.count)
  case "s1-bare":
    let actor = BareActor()
    for _ in 0..<iterations { await actor.send(.increment) }
    keep(await actor.count)
  case "s3-chain":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.chain) }
    keep(await store.state.count)
  case "s4-store":
    let signal = Signal()
    let store = Store(reducer: CounterReducer(signal: signal), state: CounterReducer.State())
    for _ in 0..<iterations {
      await store.send(.request)
      await signal.wait()
    }
  case "s4-bare-shape":
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    for _ in 0..<iterations {
      await actor.request()
      await signal.wait()
    }
  case "s4-bare":
    let actor = BareActor()
    for _ in 0..<iterations { await Task { await actor.send(.increment) }.value }
  case "s5-store":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    for _ in 0..<iterations { await store.send(.startLongRunning) }
    await store.send(.stopLongRunning)
    // Asleep between checks rather than yielding: a busy wait's instructions would be counted
    // as the scenario's, as many as the machine's other work leaves it time for.
    while await !store.isIdle { try? await Task.sleep(for: .milliseconds(1)) }
  case "s5-bare":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(iterations)
    await startAndCancelBareTasks(iterations, keeping: &tasks)
  case "s6-store":
    let fanOut = await StoreFanOut.make(subscribers: subscribers)
    for _ in 0..<iterations { await fanOut.round() }
    await fanOut.tearDown()
  case "s6-bare":
    var fanOut = await BareFanOut.make(subscribers: subscribers)
    for _ in 0..<iterations { await fanOut.round() }
    await fanOut.tearDown()
  case "s11-store-scope1":
    let store = Store(reducer: ScopeLevel1(), state: ScopeLevel1.State())
    // As s1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which s1-store's sends do not.
    let increment = ScopeLevel1.increment
    for _ in 0..<iterations { await store.send(increment) }
    keep(await store.state.child.count)
  case "s11-store-scope5":
    let store = Store(reducer: ScopeLevel5(), state: ScopeLevel5.State())
    // As s1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which s1-store's sends do not.
    let increment = ScopeLevel5.increment
    for _ in 0..<iterations { await store.send(increment) }
    keep(await store.state.child.child.child.child.child.count)
  case "s11-store-child1":
    let store = await makeChildStore()
    for _ in 0..<iterations { await store.send(.increment) }
  case "s11-store-child5":
    let store = await makeChildStoreFiveLevelsDown()
    for _ in 0..<iterations { await store.send(.increment) }
  case "s7-store":
    let stores = (0..<iterations).map { _ in
      Store(reducer: CounterReducer(), state: CounterReducer.State())
    }
    for store in stores { keep(await store.isIdle) }
  case "s10-unobserved":
    let store = await Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
      .withoutStatesBacklog()
    for index in 0..<iterations { await store.send(.append(index)) }
    keep(await store.state.items.count)
  case "s10-observed":
    let store = Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
    for index in 0..<iterations { await store.send(.append(index)) }
    keep(await store.state.items.count)
  case "s10-bare":
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
case "s2-viewstore":
  sendToViewStore(0..<iterations)
case "s2-viewstore-read":
  sendToViewStoreReadingState(0..<iterations)
case "s2-viewstore-nobacklog":
  sendToViewStoreWithoutBacklog(0..<iterations)
case "s2-direct":
  reduceDirectly(0..<iterations)
case "s8-store-changed":
  ViewStoreSubscriptions(count: subscribers).send(.changeWatched, 0..<iterations)
case "s8-store-unchanged":
  ViewStoreSubscriptions(count: subscribers).send(.changeOther, 0..<iterations)
case "s8-bare-changed":
  BareSubscriptions(count: subscribers).send(.changeWatched, 0..<iterations)
case "s8-bare-unchanged":
  BareSubscriptions(count: subscribers).send(.changeOther, 0..<iterations)
case "s9-locked":
  sendToLockedStore(makeLockedCounterStore(), 0..<iterations)
case "s9-bare":
  sendToBareLockedReducer(BareLockedReducer(), 0..<iterations)
case "s11-viewstore-scope1":
  ScopedViewStoreSends.throughScope(levels: 1).send(0..<iterations)
case "s11-viewstore-scope5":
  ScopedViewStoreSends.throughScope(levels: 5).send(0..<iterations)
case "s11-viewstore-child1":
  ScopedViewStoreSends.toChild(levels: 1).send(0..<iterations)
case "s11-viewstore-child5":
  ScopedViewStoreSends.toChild(levels: 5).send(0..<iterations)
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
case "s7-bytes-store":
  printRetainedBytes(iterations, "Store") {
    Store(reducer: CounterReducer(), state: CounterReducer.State())
  }
case "s7-bytes-viewstore":
  printRetainedBytes(iterations, "ViewStore") {
    ViewStore(reducer: CounterReducer(), state: CounterReducer.State())
  }
case "s7-bytes-actor":
  printRetainedBytes(iterations, "bare actor") { BareActor() }
case "s7-bytes-way":
  printRetainedBytes(iterations, "Way", makeIdleWay)
case "s7-bytes-swidux":
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
