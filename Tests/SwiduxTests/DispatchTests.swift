import Dispatch
import Swidux
import Testing

/// `dispatch` is synchronous and safe from any thread at once (D2); run under the thread
/// sanitizer in CI (`swift test --sanitize=thread`).
@Suite struct DispatchTests {
  static let threads = 8
  static let actionsPerThread = 10_000

  struct Sent: Action {
    let sender: Int
    let index: Int
  }

  struct Tally {
    var nextIndex = Array(repeating: 0, count: DispatchTests.threads)
    var outOfOrder = 0
    var total = 0
  }

  static let tallyReducer = Reducer<Tally> { tally, action in
    let sent = action as! Sent
    if tally.nextIndex[sent.sender] != sent.index { tally.outOfOrder += 1 }
    tally.nextIndex[sent.sender] = sent.index + 1
    tally.total += 1
  }

  @Test func d2EightThreadsDispatchingTenThousandActionsEachLoseNoneAndKeepTheirOrder() {
    let store = Store(initialState: Tally(), reducer: Self.tallyReducer)
    let totals = Locked<[Int]>([])
    let token = store.subscribe(\.total) { totals.append($0) }

    DispatchQueue.concurrentPerform(iterations: Self.threads) { sender in
      for index in 0..<Self.actionsPerThread { store.dispatch(Sent(sender: sender, index: index)) }
    }

    withExtendedLifetime(token) {
      let tally = store.getState()
      #expect(tally.total == Self.threads * Self.actionsPerThread, "no action lost")
      #expect(tally.nextIndex == Array(repeating: Self.actionsPerThread, count: Self.threads))
      #expect(tally.outOfOrder == 0, "each thread's actions are reduced in its order")
      #expect(
        totals.current == Array(0...(Self.threads * Self.actionsPerThread)),
        "every change told, in order"
      )
    }
  }

  @Test func d2WhenDispatchReturnsTheActionIsReducedAndItsSubscribersTold() {
    let store = Store(initialState: Tally(), reducer: Self.tallyReducer)
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { sender in
      let seen = Locked<Int?>(nil)
      let token = store.subscribe(\.nextIndex[sender]) { index in seen.withLock { $0 = index } }
      for index in 0..<1_000 {
        store.dispatch(Sent(sender: sender, index: index))
        let reduced = store.getState().nextIndex[sender] == index + 1
        let told = seen.current == index + 1
        if !reduced || !told { failures.withLock { $0 += 1 } }
      }
      withExtendedLifetime(token) {}
    }
    #expect(failures.current == 0)
  }

  @Test func d2AReducerThatDispatchesToItsOwnStoreIsQueuedNotRecursiveAndNeverDeadlocks() {
    struct Step: Action { let value: Int }
    let holder = Locked<Store<[Int]>?>(nil)
    let store = Store(
      initialState: [Int](),
      reducer: Reducer<[Int]> { steps, action in
        let value = (action as! Step).value
        steps.append(value)
        if value < 10 { holder.current?.dispatch(Step(value: value + 10)) }
        steps.append(-value)
      }
    )
    holder.withLock { $0 = store }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { sender in
      store.dispatch(Step(value: sender + 1))
    }
    let steps = store.getState()
    #expect(steps.count == 4 * Self.threads)
    for (position, value) in steps.enumerated() where (1..<10).contains(value) {
      #expect(
        steps[position + 1] == -value && steps[position + 2] == value + 10,
        "the nested dispatch runs after the whole reduce that made it, and right after it"
      )
    }
    holder.withLock { $0 = nil }
  }

  /// Every entry point at once from 8 threads, with middlewares and subscribers: the
  /// `@unchecked Sendable` types of the module (the store, its core, the actions, the states
  /// and the subscribers' values and closures) under the thread sanitizer.
  @Test func d2EveryEntryPointFromEightThreadsAtOnceIsRaceFree() {
    let passed = Locked(0)
    let counting = Middleware<Tally> { _ in
      { next in
        { action in
          passed.withLock { $0 += 1 }
          next(action)
        }
      }
    }
    let store = Store(
      initialState: Tally(),
      reducer: Self.tallyReducer,
      middlewares: [counting, counting]
    )
    let calls = Locked(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { sender in
      for index in 0..<1_000 {
        let token = store.subscribe(\.total) { _ in calls.withLock { $0 += 1 } }
        store.dispatch(Sent(sender: sender, index: index))
        _ = store.getState().total
        withExtendedLifetime(token) {}
      }
    }
    #expect(store.getState().total == Self.threads * 1_000)
    #expect(store.getState().outOfOrder == 0)
    #expect(passed.current == 2 * Self.threads * 1_000, "each action passed both middlewares")
    #expect(calls.current >= Self.threads * 1_000, "each subscriber was told at least at once")
  }
}
