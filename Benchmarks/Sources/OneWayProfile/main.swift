import BenchmarkFixtures
import CallgrindMarks
import Foundation
import LockedStoreFixtures
import OneWay
import OneWayDevTools

// Runs one benchmark scenario in a plain loop, for instruction-level profiling:
//   valgrind --tool=callgrind --dump-before='*callgrindMark*' \
//     .build/release/OneWayProfile b2-viewstore 100000
// Each scenario runs ITERATIONS iterations to warm up, then ITERATIONS more between two marks
// (Measured.swift): the second of callgrind's dumps holds the measured ones. The numbers that
// matter are the differences between a scenario and its baseline, each run with the same
// iteration count.

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
    await measured(iterations) { for _ in $0 { await store.send(.increment) } }
    keep(await store.state.count)
  case "b16-history":
    // b1-store with history on: past the ring's 1,000 entries, each send replaces the oldest.
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    let devTools = await store.devTools()
    await measured(iterations) { for _ in $0 { await store.send(.increment) } }
    keep(await store.state.count)
    keep(devTools.capacity)
  case "b1-bare":
    let actor = BareActor()
    await measured(iterations) { for _ in $0 { await actor.send(.increment) } }
    keep(await actor.count)
  case "b3-chain":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    await measured(iterations) { for _ in $0 { await store.send(.chain) } }
    keep(await store.state.count)
  case "b4-store":
    let signal = Signal()
    let store = Store(reducer: CounterReducer(signal: signal), state: CounterReducer.State())
    await measured(iterations) {
      for _ in $0 {
        await store.send(.request)
        await signal.wait()
      }
    }
  case "b4-bare-shape":
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    await measured(iterations) {
      for _ in $0 {
        await actor.request()
        await signal.wait()
      }
    }
  case "b4-bare-immediate":
    let signal = Signal()
    let actor = BareRoundTrip(signal: signal)
    await measured(iterations) {
      for _ in $0 {
        await actor.requestAtOnce()
        await signal.wait()
      }
    }
  case "b4-bare":
    let actor = BareActor()
    await measured(iterations) { for _ in $0 { await Task { await actor.send(.increment) }.value } }
  case "b5-store":
    let store = Store(reducer: CounterReducer(), state: CounterReducer.State())
    // Each part ends once every effect it started has ended: a cancelled effect's task unwinds
    // later, and that work is part of what a start costs.
    await measured(iterations) {
      for _ in $0 { await store.send(.startLongRunning) }
      await store.send(.stopLongRunning)
      // Asleep between checks rather than yielding: a busy wait's instructions would be
      // counted as the scenario's, as many as the machine's other work leaves it time for.
      while await !store.isIdle { try? await Task.sleep(for: .milliseconds(1)) }
    }
  case "b5-bare":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(2 * iterations)
    await measured(iterations) { await startAndCancelBareTasks($0.count, keeping: &tasks) }
  case "b5-bare-immediate":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(2 * iterations)
    await measured(iterations) { await startAndCancelBareTasksAtOnce($0.count, keeping: &tasks) }
  case "b6-store":
    let fanOut = await StoreFanOut.make(subscribers: subscribers)
    await measured(iterations) { for _ in $0 { await fanOut.round() } }
    await fanOut.tearDown()
  case "b6-bare":
    var fanOut = await BareFanOut.make(subscribers: subscribers)
    await measured(iterations) { for _ in $0 { await fanOut.round() } }
    await fanOut.tearDown()
  case "b11-store-scope1":
    let store = Store(reducer: ScopeLevel1(), state: ScopeLevel1.State())
    // As b1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which b1-store's sends do not.
    let increment = ScopeLevel1.increment
    await measured(iterations) { for _ in $0 { await store.send(increment) } }
    keep(await store.state.child.count)
  case "b11-store-scope5":
    let store = Store(reducer: ScopeLevel5(), state: ScopeLevel5.State())
    // As b1-store: the action read once (a literal there), and the state read after the loop.
    // Without that read, the release of the store after the loop needs the task's own executor,
    // so every send hopped back off the store's executor, which b1-store's sends do not.
    let increment = ScopeLevel5.increment
    await measured(iterations) { for _ in $0 { await store.send(increment) } }
    keep(await store.state.child.child.child.child.child.count)
  case "b11-store-child1":
    let store = await makeChildStore()
    await measured(iterations) { for _ in $0 { await store.send(.increment) } }
  case "b11-store-child5":
    let store = await makeChildStoreFiveLevelsDown()
    await measured(iterations) { for _ in $0 { await store.send(.increment) } }
  case "b14-store-scope5":
    let store = Store(reducer: CaseScopeLevel5(), state: CaseScopeLevel5.State())
    // As b11-store-scope5, with case key paths.
    let increment = CaseScopeLevel5.increment
    await measured(iterations) { for _ in $0 { await store.send(increment) } }
    keep(await store.state.child.child.child.child.child.count)
  case "b7-store":
    await measured(iterations) {
      let stores = $0.map { _ in
        Store(reducer: CounterReducer(), state: CounterReducer.State())
      }
      for store in stores { keep(await store.isIdle) }
    }
  case "b10-unobserved":
    let store = await Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
      .withoutStatesBacklog()
    await measured(iterations) { for index in $0 { await store.send(.append(index)) } }
    keep(await store.state.items.count)
  case "b10-observed":
    let store = Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
    await measured(iterations) { for index in $0 { await store.send(.append(index)) } }
    keep(await store.state.items.count)
  case "b12-default":
    // As the README builds it: no opt-out, no loop; the first 64 states are kept (O7), then
    // dropped for good.
    let store = Store(reducer: ArrayReducer(), state: ArrayReducer.State(size: subscribers))
    await measured(iterations) { for index in $0 { await store.send(.append(index)) } }
    keep(await store.state.items.count)
  case "b10-bare", "b12-bare":
    let actor = BareArrayActor(size: subscribers)
    await measured(iterations) { for index in $0 { await actor.append(index) } }
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
  measured(iterations) { sendToViewStore($0) }
case "b2-viewstore-read":
  measured(iterations) { sendToViewStoreReadingState($0) }
case "b2-viewstore-nobacklog":
  measured(iterations) { sendToViewStoreWithoutBacklog($0) }
case "b2-direct":
  measured(iterations) { reduceDirectly($0) }
case "b8-store-changed":
  let fixture = ViewStoreSubscriptions(count: subscribers)
  measured(iterations) { fixture.send(.changeWatched, $0) }
case "b8-store-unchanged":
  let fixture = ViewStoreSubscriptions(count: subscribers)
  measured(iterations) { fixture.send(.changeOther, $0) }
case "b8-bare-changed":
  let fixture = BareSubscriptions(count: subscribers)
  measured(iterations) { fixture.send(.changeWatched, $0) }
case "b8-bare-unchanged":
  let fixture = BareSubscriptions(count: subscribers)
  measured(iterations) { fixture.send(.changeOther, $0) }
case "b13-read-unchanged":
  let fixture = TrackedPropertiesStore(count: subscribers)
  measured(iterations) { fixture.send(.changeUnread, $0) }
case "b13-read-changed":
  let fixture = TrackedPropertiesStore(count: subscribers)
  measured(iterations) { fixture.send(.changeRead, $0) }
case "b13-bare-unchanged":
  let fixture = BareTrackedComparisons(count: subscribers)
  measured(iterations) { fixture.send(.changeUnread, $0) }
case "b13-bare-changed":
  let fixture = BareTrackedComparisons(count: subscribers)
  measured(iterations) { fixture.send(.changeRead, $0) }
case "b13-bare-observation":
  let fixture = BareObservationCalls()
  measured(iterations) { fixture.send($0) }
case "b9-locked":
  let store = makeLockedCounterStore()
  measured(iterations) { sendToLockedStore(store, $0) }
case "b9-bare":
  let bare = BareLockedReducer()
  measured(iterations) { sendToBareLockedReducer(bare, $0) }
case "b11-viewstore-scope1":
  let fixture = ScopedViewStoreSends.throughScope(levels: 1)
  measured(iterations) { fixture.send($0) }
case "b11-viewstore-scope5":
  let fixture = ScopedViewStoreSends.throughScope(levels: 5)
  measured(iterations) { fixture.send($0) }
case "b11-viewstore-child1":
  let fixture = ScopedViewStoreSends.toChild(levels: 1)
  measured(iterations) { fixture.send($0) }
case "b11-viewstore-child5":
  let fixture = ScopedViewStoreSends.toChild(levels: 5)
  measured(iterations) { fixture.send($0) }
case "b14-viewstore-scope5":
  let fixture = ScopedViewStoreSends.throughCaseScope()
  measured(iterations) { fixture.send($0) }
case "b15-viewstore-rows":
  let fixture = RowStoreSends(rows: subscribers)
  measured(iterations) { fixture.send($0) }
case "b17-observed-rows":
  let rows = ObservedRowSends(rows: subscribers)
  measured(iterations) { rows.send($0) }
  keep(rows.told)
case "way-current":
  sendToWay(threadSafe: false, iterations)
case "way-threadsafe":
  sendToWay(threadSafe: true, iterations)
case "way-bare":
  reduceWayDirectly(iterations)
case "way-bare-locked":
  reduceWayUnderLock(iterations)
case "swidux-dispatch":
  dispatchToSwidux(subscribers: 0, iterations)
case "swidux-unchanged":
  dispatchToSwidux(subscribers: subscribers, iterations)
case "swidux-bare":
  dispatchToBareLockedStore(iterations)
case "p2-bare":
  try sendUnchanged(persisted: .none, iterations)
case "p2-snapshots":
  try sendUnchanged(persisted: .snapshots, iterations)
case "p2-journal":
  try sendUnchanged(persisted: .journal, iterations)
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
