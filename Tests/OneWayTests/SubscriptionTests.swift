import Dispatch
import Testing

@testable import OneWay

/// Rules S1–S3: key-path subscriptions on Store, ViewStore and a synchronous store.
@Suite struct SubscriptionTests {
  struct State: Sendable, Equatable {
    var count = 0
    var text = ""
  }

  enum Action: Sendable, Equatable {
    case setCount(Int)
    case setText(String)
    case setBoth(Int, String)
  }

  static func reducer(
    onCount: (@Sendable (Int) -> AnyEffect<Action>)? = nil
  ) -> ClosureReducer<Action, State> {
    ClosureReducer { state, action in
      switch action {
      case .setCount(let count):
        state.count = count
        return onCount?(count) ?? .none
      case .setText(let text):
        state.text = text
      case .setBoth(let count, let text):
        state.count = count
        state.text = text
      }
      return .none
    }
  }

  @Test func s1AStoreSubscriptionIsToldAtOnceThenOnlyWhenItsValueChanges() async {
    let store = Store(reducer: Self.reducer(), state: State())
    let values = Locked<[Int]>([])
    let subscription = await store.subscribe(\.count) { value in
      values.withLock { $0.append(value) }
    }
    await store.send(.setCount(1))
    await store.send(.setText("a"))
    await store.send(.setCount(1))
    await store.send(.setBoth(2, "b"))
    #expect(values.withLock { $0 } == [0, 1, 2])
    _ = subscription
  }

  @MainActor
  @Test func s1S2AViewStoreSubscriptionSeesTheCommittedStateBeforeSendReturns() {
    let store = ViewStore(reducer: Self.reducer(), state: State())
    var seen: [(Int, String)] = []
    let subscription = store.subscribe(\.count) { count in
      seen.append((count, store.state.text))
    }
    store.send(.setBoth(5, "five"))
    #expect(seen.map(\.0) == [0, 5], "called before send returned")
    #expect(seen.last?.1 == "five", "the whole reduce is committed when the closure runs")
    subscription.cancel()
    store.send(.setCount(6))
    #expect(seen.count == 2, "a cancelled subscription is never called again (S3)")
  }

  @MainActor
  @Test func s2ASendFromInsideASubscriptionIsQueuedNotRecursive() {
    let store = ViewStore(reducer: Self.reducer(), state: State())
    var order: [String] = []
    let subscription = store.subscribe(\.count) { count in
      order.append("count \(count)")
      if count == 1 {
        store.send(.setText("from subscription"))
        order.append("send returned, text is '\(store.state.text)'")
      }
    }
    store.send(.setCount(1))
    #expect(
      order == ["count 0", "count 1", "send returned, text is ''"],
      "the nested send is queued behind the current action"
    )
    #expect(store.state.text == "from subscription", "and reduced before the outer send returns")
    _ = subscription
  }

  @MainActor
  @Test func s1S3SubscribingAndCancellingFromInsideASubscriptionWhileTheStoreNotifies() {
    // The engine walks its own list of subscribers while it notifies (no copy of it): a
    // subscription made or cancelled by a closure during the walk must neither be told twice,
    // nor skip another subscriber, nor be called once cancelled.
    let store = ViewStore(reducer: Self.reducer(), state: State())
    var log: [String] = []
    var late: [StateSubscription] = []
    var second: StateSubscription?
    let first = store.subscribe(\.count) { count in
      log.append("first \(count)")
      guard count == 1 else { return }
      for index in 0..<40 {  // enough to make the list grow past its capacity
        late.append(store.subscribe(\.count) { log.append("late \(index): \($0)") })
      }
      second?.cancel()
    }
    second = store.subscribe(\.count) { log.append("second \($0)") }
    let third = store.subscribe(\.count) { log.append("third \($0)") }
    log.removeAll()

    store.send(.setCount(1))
    #expect(
      log == ["first 1"] + (0..<40).map { "late \($0): 1" } + ["third 1"],
      "each new subscription is told its current value once; the cancelled one is not called"
    )
    log.removeAll()
    store.send(.setCount(2))
    #expect(log == ["first 2", "third 2"] + (0..<40).map { "late \($0): 2" })
    _ = (first, third, late)
  }

  @Test func s3DroppingTheTokenEndsTheSubscriptionAndKeepsNothing() async {
    let store = Store(reducer: Self.reducer(), state: State())
    let calls = Locked(0)
    var subscription: StateSubscription? = await store.subscribe(\.count) { _ in
      calls.withLock { $0 += 1 }
    }
    await store.send(.setCount(1))
    _ = subscription
    subscription = nil
    await store.send(.setCount(2))
    #expect(calls.withLock { $0 } == 2)
    // The forgotten subscriber is removed by a hop onto the store.
    var remaining = await store.withEngine { $0.broadcaster?.subscribers.count ?? 0 }
    var hops = 0
    while remaining > 0 && hops < 100_000 {
      await Task.yield()
      remaining = await store.withEngine { $0.broadcaster?.subscribers.count ?? 0 }
      hops += 1
    }
    #expect(remaining == 0)
  }

  @Test func s3SubscriptionsOfOneStoreNeverSeeAnotherStoresChanges() async {
    let first = Store(reducer: Self.reducer(), state: State())
    let second = Store(reducer: Self.reducer(), state: State())
    let firstValues = Locked<[Int]>([])
    let subscription = await first.subscribe(\.count) { value in
      firstValues.withLock { $0.append(value) }
    }
    await second.send(.setCount(9))
    await first.send(.setCount(1))
    #expect(firstValues.withLock { $0 } == [0, 1])
    _ = subscription
  }

  @Test func s1S2ALockedStoreCallsSubscriptionsUnderItsLockAndQueuesNestedSends() {
    let store = LockedStoreEngine(reducer: Self.reducer(), state: State())
    let order = Locked<[String]>([])
    let subscription = store.subscribe(\.count) { [store] count in
      order.withLock { $0.append("count \(count)") }
      if count == 1 {
        store.send(.setText("nested"))
        order.withLock { $0.append("nested send returned") }
      }
    }
    store.send(.setCount(1))
    #expect(order.withLock { $0 } == ["count 0", "count 1", "nested send returned"])
    #expect(store.state.text == "nested")
    _ = subscription
  }

  @Test func s3SubscriptionsCancelledOnOtherThreadsWhileTheStoreNotifiesAreRaceFree() {
    // A subscription's closure is fetched under its box's lock, when its value changed, while
    // another thread may be cancelling it: run under the thread sanitizer.
    let store = LockedStoreEngine(reducer: Self.reducer(), state: State())
    let calls = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<500 {
        if thread.isMultiple(of: 2) {
          store.send(.setCount(thread * 1_000 + index))
        } else {
          let subscription = store.subscribe(\.count) { _ in calls.withLock { $0 += 1 } }
          store.send(.setText("\(thread) \(index)"))
          subscription.cancel()
        }
      }
    }
    store.send(.setCount(-1))
    #expect(calls.withLock { $0 } >= 4 * 500, "each subscription is told at once")
    #expect(
      store.withEngine { $0.broadcaster?.subscribers.count ?? 0 } == 0,
      "S3: nothing of a cancelled subscription is kept"
    )
  }
}
