import Clocks
import Dispatch
import Testing

@testable import OneWay

/// The engine's contract (A, E, C, T rules) on the third isolation: a synchronous class store
/// behind a lock, used from 8 threads at once. Run under the thread sanitizer in CI.
@Suite struct LockedStoreTests {
  static let threads = 8

  @Test func a1EightThreadsSendingTenThousandActionsEachLoseNothingAndKeepTheirOrder() async {
    struct Sent: Sendable, Equatable { var bySender: [[Int]] = Array(repeating: [], count: 8) }
    let store = LockedStoreEngine(
      reducer: ClosureReducer<(sender: Int, index: Int), Sent> { state, action in
        state.bySender[action.sender].append(action.index)
        return .none
      },
      state: Sent()
    )
    await onThreads(Self.threads) { sender in
      for index in 0..<10_000 { store.send((sender, index)) }
    }
    let state = store.state
    for sender in 0..<Self.threads {
      #expect(state.bySender[sender] == Array(0..<10_000))
    }
  }

  @Test func a2A4TheSeedExampleHoldsOnTheNextLineFromEveryThread() async {
    let failures = Locked(0)
    await onThreads(Self.threads) { _ in
      for _ in 0..<1_000 {
        let store = LockedStoreEngine(
          reducer: CountingReducer(),
          state: CountingReducer.State(number: 0)
        )
        store.send(.increment)
        store.send(.decrement)
        store.send(.twice)
        if store.state.number != 2 { failures.withLock { $0 += 1 } }
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  @Test func a5AReducerThatSendsToItsOwnStoreIsQueuedNotDeadlocked() async {
    let holder = Locked<LockedStoreEngine<ClosureReducer<Int, [Int]>>?>(nil)
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        state.append(action)
        if action < 3 { holder.withLock { $0 }?.send(action + 10) }
        return .none
      },
      state: []
    )
    holder.withLock { $0 = store }
    await onThreads(Self.threads) { _ in store.send(1) }
    let state = store.state
    #expect(state.filter { $0 == 1 }.count == Self.threads)
    #expect(state.filter { $0 == 11 }.count == Self.threads)
    for (position, value) in state.enumerated() where value == 1 {
      #expect(state[position + 1] == 11, "the nested send runs right after the action that sent it")
    }
    holder.withLock { $0 = nil }
  }

  @Test func e1AsynchronousEffectsFromEveryThreadAreAllReduced() async {
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, Int> { count, action in
        if action == 0 { return .single { 1 } }
        count += action
        return .none
      },
      state: 0
    )
    await onThreads(Self.threads) { _ in
      for _ in 0..<1_000 { store.send(0) }
    }
    await store.waitUntilIdle()
    #expect(store.state == Self.threads * 1_000)
    #expect(store.isIdle)
  }

  @Test func c2NothingRegisteredUnderACancelledIdIsReducedAfterTheCancel() async {
    struct State: Sendable, Equatable {
      var cancelled = false
      var lateResponses = 0
    }
    enum Action: Sendable { case start, cancel, response }
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Action, State> { state, action in
        switch action {
        case .start:
          state.cancelled = false
          return .single { .response }.cancellable("request")
        case .cancel:
          state.cancelled = true
          return .cancel("request")
        case .response:
          if state.cancelled { state.lateResponses += 1 }
          return .none
        }
      },
      state: State()
    )
    await onThreads(Self.threads) { _ in
      for _ in 0..<1_000 {
        store.send(.start)
        store.send(.cancel)
      }
    }
    await store.waitUntilIdle()
    #expect(store.state.lateResponses == 0)
    #expect(store.withEngine { $0.scheduler.registry.isEmpty }, "C3: nothing left behind")
  }

  @Test func t2DebounceRunsOnceAfterTheDueTimeOnTheStoresClock() async {
    let clock = TestClock()
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        if action < 0 {
          return .just(-action).debounce(id: "debounce", for: .seconds(1))
        }
        state.append(action)
        return .none
      },
      state: [],
      clock: clock
    )
    await onThreads(Self.threads) { sender in store.send(-(sender + 1))
    }
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.waitUntilIdle()
    #expect(store.state.count == 1, "only the last debounced effect ran")
  }

  @Test func t3ThrottleRunsTheFirstThenTheLatestWhenTheWindowEnds() async {
    let clock = TestClock()
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        if action < 0 {
          return .just(-action).throttle(id: "throttle", for: .seconds(1), latest: true)
        }
        state.append(action)
        return .none
      },
      state: [],
      clock: clock
    )
    store.send(-1)
    await onThreads(Self.threads) { _ in store.send(-2) }
    store.send(-3)
    #expect(store.state == [1])
    var states = store.states.makeAsyncIterator()
    await clock.advance(by: .seconds(1))
    while let state = await states.next(), state.count < 2 {}
    #expect(store.state == [1, 3], "the latest runs when the window ends, and opens a new one")
    #expect(!store.isIdle, "the trailing run's window is in flight (T3)")
    await clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state == [1, 3])
  }

  @Test func e1ALockedStoreReleasedWithEffectsInFlightCancelsThem() async {
    let started = Counter()
    let ended = Counter()
    var store: LockedStoreEngine<ClosureReducer<Int, Int>>? = LockedStoreEngine(
      reducer: ClosureReducer<Int, Int> { _, _ in
        .single {
          await started.increment()
          await neverEnding()
          await ended.increment()
          return 0
        }
      },
      state: 0
    )
    for _ in 0..<10 { store?.send(1) }
    await started.wait(until: 10)
    store = nil
    await ended.wait(until: 10)
    #expect(await ended.value == 10)
  }

  @Test func c3ASynchronousSourceCancelledBeforeItIsSubscribedLeavesNothingBehind() {
    // The source is registered by the walk and subscribed after it; the `.cancel` reduced in
    // between means it is never subscribed, and nothing else would end its unit.
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .merge(
          AnyEffect<Int>.subscribe { _ in {} }.cancellable("source"),
          .cancel("source")
        )
      },
      state: []
    )
    store.send(0)
    let (registered, isBusy) = store.withEngine {
      ($0.scheduler.registry.count, $0.scheduler.registry.isBusy)
    }
    #expect(registered == 0)
    #expect(!isBusy, "C3: the cancelled source, never subscribed, counted as in flight")
    #expect(store.isIdle)
  }

  @Test func c3ASynchronousSourceCancelledByWhatItEmitsAsItStartsLeavesNothingBehind() {
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        state.append(action)
        switch action {
        case 0:
          return AnyEffect<Int>.subscribe { emitter in
            emitter.emit(1)
            return {}
          }
          .cancellable("source")
        case 1: return .cancel("source")
        default: return .none
        }
      },
      state: []
    )
    store.send(0)
    #expect(store.state == [0, 1])
    #expect(store.withEngine { $0.scheduler.registry.isEmpty && !$0.scheduler.registry.isBusy })
    #expect(store.isIdle, "C3: the source cancelled as it started is ended")
  }
}

/// Runs `body` on `count` threads at once, off the cooperative pool: a test that blocked one of
/// the pool's few threads for its whole run would starve the other tests' effects.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: count, execute: body)
      continuation.resume()
    }
  }
}
