import Observation
import Testing

@testable import OneWay

/// Rule M3: child stores (`store.scope(state:action:)` on Store and ViewStore), with the rules
/// it touches: A3–A5 (sending), O1/O7 (states), S1–S3 (subscriptions), V2 (Observation), E1
/// (lifetimes).
@Suite struct StoreScopeTests {
  enum AppAction: Sendable, Equatable {
    case counter(CountingReducer.Action)
    case loader(Loader.Action)
    case setOther(Int)
    case setCounter(Int)
  }

  struct AppState: Sendable, Equatable {
    var counter = CountingReducer.State(number: 0)
    var loader = Loader.State()
    var other = 0
    /// Every child action the parent's own reducer saw, with the child's number then.
    var log: [String] = []
  }

  /// A child feature with one asynchronous effect, which tells when it has started, waits on a
  /// gate, and tells when it is cancelled.
  struct Loader: Reducer {
    enum Action: Sendable, Equatable {
      case load
      case loaded
    }

    struct State: Sendable, Equatable {
      var isLoading = false
      var loads = 0
    }

    let gate: Gate
    let started: Counter
    let cancelled: Locked<Bool>

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .load:
        state.isLoading = true
        let gate = gate
        let started = started
        let cancelled = cancelled
        return .single {
          await withTaskCancellationHandler {
            await started.increment()
            await gate.wait()
          } onCancel: {
            cancelled.withLock { $0 = true }
          }
          return .loaded
        }
      case .loaded:
        state.isLoading = false
        state.loads += 1
        return .none
      }
    }
  }

  /// The parent: the counter and the loader embedded with `Scope`, and a reducer of its own that
  /// logs the counter's actions and changes its own and the child's state.
  static func appReducer(
    gate: Gate = Gate(),
    started: Counter = Counter(),
    cancelled: Locked<Bool> = Locked(false)
  ) -> AppReducer {
    ClosureReducer<AppAction, AppState> { state, action in
      switch action {
      case .counter(let action):
        state.log.append("\(action) \(state.counter.number)")
      case .loader:
        break
      case .setOther(let value):
        state.other = value
      case .setCounter(let value):
        state.counter.number = value
      }
      return .none
    }
    .scope(
      state: \.counter,
      action: AppAction.counter,
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    ) {
      CountingReducer()
    }
    .scope(
      state: \.loader,
      action: AppAction.loader,
      extract: { if case .loader(let action) = $0 { action } else { nil } }
    ) {
      Loader(gate: gate, started: started, cancelled: cancelled)
    }
  }

  typealias AppReducer = Scope<
    Scope<ClosureReducer<AppAction, AppState>, CountingReducer>, Loader
  >

  @MainActor
  static func appViewStore(
    gate: Gate = Gate(),
    started: Counter = Counter(),
    cancelled: Locked<Bool> = Locked(false)
  ) -> ViewStore<AppReducer, ContinuousClock> {
    ViewStore(
      reducer: appReducer(gate: gate, started: started, cancelled: cancelled),
      state: AppState()
    )
  }

  static func appStore(
    gate: Gate = Gate(),
    started: Counter = Counter(),
    cancelled: Locked<Bool> = Locked(false)
  ) -> Store<AppReducer, ContinuousClock> {
    Store(
      reducer: appReducer(gate: gate, started: started, cancelled: cancelled),
      state: AppState()
    )
  }

  // MARK: - Sending through a child

  @MainActor
  @Test func m3A4AChildViewStoreSendReducesThroughTheParentWhoseOtherReducerSeesIt() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    child.send(.increment)
    #expect(child.state.number == 1)
    #expect(parent.state.counter.number == 1)
    #expect(parent.state.log == ["increment 1"], "the parent's own reducer saw the child action")
    // The seeds' example, on the child: synchronous effects are reduced within the send.
    child.send(.increment)
    child.send(.decrement)
    child.send(.twice)
    #expect(child.state.number == 3)
    #expect(child.state.isLoading == false)
    #expect(
      parent.state.log == [
        "increment 1", "increment 2", "decrement 1", "twice 1", "setIsLoading(true) 1",
        "increment 2", "increment 3", "setIsLoading(false) 3",
      ]
    )
  }

  @Test func m3A3AChildStoreSendReducesThroughTheParentBeforeItReturns() async {
    let parent = Self.appStore()
    let child: Store<CountingReducer, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    await child.send(.twice)
    #expect(await child.state == CountingReducer.State(number: 2, isLoading: false))
    let state = await parent.state
    #expect(state.counter.number == 2)
    #expect(state.log.count == 5, "twice, setIsLoading, increment, increment, setIsLoading")
  }

  /// Reads the root's state from the child's isolation without a hop: this traps unless the
  /// child runs on the root's executor.
  static func rootNumber(
    from child: isolated Store<CountingReducer, ContinuousClock>,
    root: Store<AppReducer, ContinuousClock>
  ) -> Int {
    root.assumeIsolated { $0.engine.state.counter.number }
  }

  @Test func m3AChildStoreRunsOnItsRootsExecutor() async {
    let parent = Self.appStore()
    let child: Store<CountingReducer, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    let grandchild: Store<CountingReducer, ContinuousClock> = await child.scope(
      state: \.self,
      action: { $0 }
    )
    await grandchild.send(.increment)
    #expect(await Self.rootNumber(from: child, root: parent) == 1)
    #expect(await Self.rootNumber(from: grandchild, root: parent) == 1)
  }

  // MARK: - The child's state is the parent's projection

  @MainActor
  @Test func m3TheChildViewStoresStateIsTheParentsProjectionAfterChildAndParentSends() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    #expect(child.state == parent.state.counter)
    #expect(child.initialState == parent.state.counter)
    parent.send(.setCounter(10))
    #expect(child.state.number == 10, "a parent change reaches the child before send returns")
    child.send(.decrement)
    #expect(parent.state.counter.number == 9)
    parent.send(.counter(.increment))
    #expect(child.state.number == 10)
    parent.send(.setOther(1))
    #expect(child.state == parent.state.counter)
  }

  @Test func m3TheChildStoresStateIsTheParentsProjectionAfterChildAndParentSends() async {
    let parent = Self.appStore()
    let child: Store<CountingReducer, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    await parent.send(.setCounter(10))
    #expect(await child.state.number == 10)
    await child.send(.decrement)
    #expect(await parent.state.counter.number == 9)
    await parent.send(.counter(.increment))
    #expect(await child.state == parent.state.counter)
  }

  // MARK: - Observing a child

  @Test func m3O1AChildStatesLoopSeesOnlyTheChildsChanges() async {
    let parent = Self.appStore()
    let child: Store<CountingReducer, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    var states = child.states.makeAsyncIterator()
    await parent.send(.setOther(1))
    await child.send(.increment)
    await parent.send(.setOther(2))
    await parent.send(.setCounter(5))
    await parent.send(.setCounter(5))
    await parent.send(.loader(.loaded))
    await child.send(.increment)
    var numbers: [Int] = []
    for _ in 0..<4 { numbers.append(await states.next()?.number ?? -1) }
    #expect(numbers == [0, 1, 5, 6], "the child's creation state, then its changes only")
    // Nothing else is buffered: the next state the loop gets is the next change.
    await parent.send(.setOther(3))
    await child.send(.decrement)
    #expect(await states.next()?.number == 5)
  }

  @MainActor
  @Test func m3S1S2AChildSubscriptionIsCalledOnlyForProjectedChangesBeforeSendReturns() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    var seen: [Int] = []
    var wholeStates = 0
    let numbers = child.subscribe(\.number) { number in
      #expect(child.state.number == number, "the child's state is committed")
      #expect(parent.state.counter.number == number, "and so is the parent's")
      seen.append(number)
    }
    let states = child.subscribe(\.self) { _ in wholeStates += 1 }
    parent.send(.setOther(1))
    parent.send(.loader(.loaded))
    #expect(seen == [0])
    #expect(wholeStates == 1)
    child.send(.increment)
    #expect(seen == [0, 1], "called before the child's send returned")
    parent.send(.setCounter(7))
    #expect(seen == [0, 1, 7], "a parent change of the child's state is a child change")
    child.send(.setIsLoading(true))
    #expect(seen == [0, 1, 7], "another field of the child")
    #expect(wholeStates == 4)
    numbers.cancel()
    child.send(.increment)
    #expect(seen == [0, 1, 7], "S3: never again after cancel")
    _ = states
  }

  @MainActor
  @Test func m3A5ASendToTheChildFromItsSubscriptionIsQueuedNotRecursive() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    var seen: [Int] = []
    let subscription = child.subscribe(\.number) { number in
      seen.append(number)
      if number == 1 { child.send(.increment) }
    }
    child.send(.increment)
    #expect(seen == [0, 1, 2])
    #expect(child.state.number == 2)
    #expect(parent.state.log == ["increment 1", "increment 2"])
    subscription.cancel()
  }

  @MainActor
  @Test func m3V2ObservationOfAChildViewStoreFiresOnlyForProjectedChanges() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    let childFired = Locked(0)
    let parentFired = Locked(0)
    func trackChild() {
      withObservationTracking {
        _ = child.state
      } onChange: {
        childFired.withLock { $0 += 1 }
      }
    }
    func trackParent() {
      withObservationTracking {
        _ = parent.state
      } onChange: {
        parentFired.withLock { $0 += 1 }
      }
    }
    trackChild()
    trackParent()
    parent.send(.setOther(1))
    #expect(childFired.withLock { $0 } == 0, "a change elsewhere in the parent")
    #expect(parentFired.withLock { $0 } == 1)
    trackParent()
    child.send(.increment)
    #expect(childFired.withLock { $0 } == 1)
    #expect(parentFired.withLock { $0 } == 2)
    trackChild()
    parent.send(.setCounter(5))
    #expect(childFired.withLock { $0 } == 2, "the parent changed the child's state")
  }

  @MainActor
  @Test func m3V2ScopingDoesNotObserveTheParent() {
    let parent = Self.appViewStore()
    let fired = Locked(0)
    var child: ViewStore<CountingReducer, ContinuousClock>?
    withObservationTracking {
      child = parent.scope(state: \.counter, action: AppAction.counter)
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    parent.send(.setOther(1))
    child?.send(.increment)
    #expect(fired.withLock { $0 } == 0)
  }

  // MARK: - Five levels

  /// One level of nesting: a child at `\.child`, and a count of the child actions this level
  /// saw.
  struct Level<Child: Reducer>: Reducer {
    enum Action: Sendable {
      case child(Child.Action)
      case bump
    }

    struct State: Sendable, Equatable {
      var child: Child.State
      var seen = 0
      var bumps = 0
    }

    let child: Child

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .child(let action):
        state.seen += 1
        return child.reduce(state: &state.child, action: action).map(Action.child)
      case .bump:
        state.bumps += 1
        return .none
      }
    }
  }

  typealias L1 = Level<CountingReducer>
  typealias L2 = Level<L1>
  typealias L3 = Level<L2>
  typealias L4 = Level<L3>
  typealias L5 = Level<L4>

  @MainActor
  @Test func m3A4FiveLevelsOfChildViewStoresReduceInTheRootWithinOneSend() {
    let root = ViewStore(
      reducer: L5(child: L4(child: L3(child: L2(child: L1(child: CountingReducer()))))),
      state: L5.State(
        child: .init(child: .init(child: .init(child: .init(child: .init(number: 0)))))
      )
    )
    let level4: ViewStore<L4, ContinuousClock> = root.scope(state: \.child, action: L5.Action.child)
    let level3: ViewStore<L3, ContinuousClock> = level4.scope(
      state: \.child,
      action: L4.Action.child
    )
    let level2: ViewStore<L2, ContinuousClock> = level3.scope(
      state: \.child,
      action: L3.Action.child
    )
    let level1: ViewStore<L1, ContinuousClock> = level2.scope(
      state: \.child,
      action: L2.Action.child
    )
    let counter: ViewStore<CountingReducer, ContinuousClock> = level1.scope(
      state: \.child,
      action: L1.Action.child
    )
    var numbers: [Int] = []
    let subscription = counter.subscribe(\.number) { numbers.append($0) }
    counter.send(.twice)
    #expect(counter.state == CountingReducer.State(number: 2, isLoading: false))
    #expect(root.state.child.child.child.child.child.number == 2)
    // Five actions (twice and the four it derives) went through every level.
    #expect(root.state.seen == 5)
    #expect(level4.state.seen == 5)
    #expect(level1.state.seen == 5)
    #expect(level3.state == root.state.child.child)
    #expect(numbers == [0, 1, 2])
    // A change at level 3 alone does not reach the levels below it.
    level3.send(.bump)
    #expect(level3.state.bumps == 1)
    #expect(root.state.child.child.bumps == 1)
    #expect(numbers == [0, 1, 2])
    subscription.cancel()
  }

  @Test func m3A3FiveLevelsOfChildStoresReduceInTheRootWithinOneSend() async {
    let root = Store(
      reducer: L5(child: L4(child: L3(child: L2(child: L1(child: CountingReducer()))))),
      state: L5.State(
        child: .init(child: .init(child: .init(child: .init(child: .init(number: 0)))))
      )
    )
    let level4: Store<L4, ContinuousClock> = await root.scope(
      state: \.child,
      action: L5.Action.child
    )
    let level3: Store<L3, ContinuousClock> = await level4.scope(
      state: \.child,
      action: L4.Action.child
    )
    let level2: Store<L2, ContinuousClock> = await level3.scope(
      state: \.child,
      action: L3.Action.child
    )
    let level1: Store<L1, ContinuousClock> = await level2.scope(
      state: \.child,
      action: L2.Action.child
    )
    let counter: Store<CountingReducer, ContinuousClock> = await level1.scope(
      state: \.child,
      action: L1.Action.child
    )
    await counter.send(.twice)
    #expect(await counter.state == CountingReducer.State(number: 2, isLoading: false))
    #expect(await root.state.seen == 5)
    #expect(await level2.state == root.state.child.child.child)
  }

  // MARK: - Lifetimes

  @MainActor
  @Test func m3E1AChildReleasedWhileTheParentsEffectsRunLeavesThemRunning() async {
    let gate = Gate()
    let cancelled = Locked(false)
    let parent = Self.appViewStore(gate: gate, cancelled: cancelled)
    var child: ViewStore<Loader, ContinuousClock>? = parent.scope(
      state: \.loader,
      action: AppAction.loader
    )
    weak let released = child
    child?.send(.load)
    #expect(parent.state.loader.isLoading)
    #expect(parent.isIdle == false)
    child = nil
    #expect(released == nil, "the parent does not keep its child alive")
    await gate.open()
    await parent.waitUntilIdle()
    #expect(parent.state.loader == Loader.State(isLoading: false, loads: 1))
    #expect(cancelled.withLock { $0 } == false)
    #expect(
      parent.engine.broadcaster?.subscribers.isEmpty ?? true,
      "S3: nothing of the child is kept"
    )
  }

  @MainActor
  @Test func m3E1AParentReleasedWhileAChildExistsLivesUntilTheChildGoes() async {
    let gate = Gate()
    let started = Counter()
    let cancelled = Locked(false)
    var parent: ViewStore<AppReducer, ContinuousClock>? = Self.appViewStore(
      gate: gate,
      started: started,
      cancelled: cancelled
    )
    weak let releasedParent = parent
    var child: ViewStore<Loader, ContinuousClock>? = parent?.scope(
      state: \.loader,
      action: AppAction.loader
    )
    parent = nil
    #expect(releasedParent != nil, "the child keeps its parent alive")
    child?.send(.load)
    #expect(child?.state.isLoading == true)
    #expect(releasedParent?.state.loader.isLoading == true)
    await started.wait(until: 1)
    #expect(cancelled.withLock { $0 } == false)
    child = nil
    #expect(releasedParent == nil, "the parent goes with its last child")
    #expect(cancelled.withLock { $0 }, "E1: the parent's deinit cancelled its effects")
    await gate.open()
  }

  @Test func m3E1AChildStoreKeepsItsParentAliveAndItsStatesLoopsEndWithIt() async {
    let started = Counter()
    let cancelled = Locked(false)
    var parent: Store<AppReducer, ContinuousClock>? = Self.appStore(
      started: started,
      cancelled: cancelled
    )
    weak let releasedParent = parent
    var child: Store<Loader, ContinuousClock>? = await parent?.scope(
      state: \.loader,
      action: AppAction.loader
    )
    weak let releasedChild = child
    let states = child!.states
    parent = nil
    #expect(releasedParent != nil)
    await child?.send(.load)
    var iterator = states.makeAsyncIterator()
    #expect(await iterator.next()?.isLoading == false)
    #expect(await iterator.next()?.isLoading == true)
    await started.wait(until: 1)
    child = nil
    #expect(releasedChild == nil)
    #expect(releasedParent == nil)
    #expect(cancelled.withLock { $0 })
    #expect(await iterator.next() == nil, "O5: the child's loops finish when it goes")
  }

  // MARK: - Idleness, reset and logs

  @Test func m3AChildIsIdleWhenItsRootIsAndResetDoesNothing() async {
    let gate = Gate()
    let started = Counter()
    let cancelled = Locked(false)
    let parent = Self.appStore(gate: gate, started: started, cancelled: cancelled)
    let child: Store<Loader, ContinuousClock> = await parent.scope(
      state: \.loader,
      action: AppAction.loader
    )
    #expect(await child.isIdle)
    await child.send(.load)
    #expect(await child.isIdle == false, "the feature's effect runs in the root")
    await started.wait(until: 1)
    await child.reset()
    #expect(cancelled.withLock { $0 } == false, "a child store has no effects of its own")
    await gate.open()
    await child.waitUntilIdle()
    #expect(await child.state == Loader.State(isLoading: false, loads: 1))
    #expect(await parent.isIdle)
  }

  @MainActor
  @Test func m3L3AChildLogsTheActionsSentToItWithItsStateAfterEach() {
    let parent = Self.appViewStore()
    let child: ViewStore<CountingReducer, ContinuousClock> = parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    let lines = Locked<[String]>([])
    child.debug(.all, to: StoreLogger { entry in lines.withLock { $0.append(entry.message) } })
    child.send(.increment)
    parent.send(.setOther(1))
    child.send(.setIsLoading(false))
    child.debug(.none)
    child.send(.increment)
    #expect(
      lines.withLock { $0 } == [
        "[CountingReducer] action: increment",
        "[CountingReducer] state: State(number: 1, isLoading: false)",
        "[CountingReducer] action: setIsLoading(false)",
      ]
    )
  }

  // MARK: - Concurrency

  /// Run under the thread sanitizer: the root and its child stores share one executor, and a
  /// child reaches the root's engine without a hop (`RootEngine`, `ChildReference`).
  @Test func m3ConcurrentSendsToARootAndItsChildrenAreAllReduced() async {
    let parent = Self.appStore()
    let child: Store<CountingReducer, ContinuousClock> = await parent.scope(
      state: \.counter,
      action: AppAction.counter
    )
    let grandchild: Store<CountingReducer, ContinuousClock> = await child.scope(
      state: \.self,
      action: { $0 }
    )
    let seen = Locked(0)
    let subscription = await grandchild.subscribe(\.number) { _ in seen.withLock { $0 += 1 } }
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for _ in 0..<200 {
            switch task % 3 {
            case 0: await parent.send(.counter(.increment))
            case 1: await child.send(.increment)
            default: await grandchild.send(.increment)
            }
          }
        }
      }
      group.addTask {
        for _ in 0..<100 {
          let scoped: Store<CountingReducer, ContinuousClock> = await child.scope(
            state: \.self,
            action: { $0 }
          )
          await scoped.send(.setIsLoading(false))
        }
      }
    }
    #expect(await parent.state.counter.number == 1_600)
    #expect(await grandchild.state.number == 1_600)
    #expect(seen.withLock { $0 } == 1_601)
    subscription.cancel()
  }
}
