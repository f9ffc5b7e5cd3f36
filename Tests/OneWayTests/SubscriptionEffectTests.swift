import Testing

@testable import OneWay

/// Synchronous sources (the engine's subscription effect, which 1.x's side ways are built on):
/// on a lock-isolated store they are subscribed and reduced synchronously (W2, A2); on an
/// actor they arrive in order, one hop each (E1).
@Suite struct SubscriptionEffectTests {
  /// A subject in the manner of Combine's `PassthroughSubject`: `send` calls every subscriber
  /// synchronously.
  final class Subject: Sendable {
    private let subscribers = Locked<[Int: @Sendable (Int) -> Void]>([:])
    private let lastID = Locked(0)

    var subscriberCount: Int { subscribers.withLock { $0.count } }

    func send(_ value: Int) {
      for subscriber in subscribers.withLock({ Array($0.values) }) { subscriber(value) }
    }

    func effect() -> AnyEffect<Int> {
      .subscribe { emitter in
        let id = self.lastID.withLock { id in
          id += 1
          return id
        }
        self.subscribers.withLock { $0[id] = emitter.emit }
        return { self.subscribers.withLock { $0[id] = nil } }
      }
    }
  }

  /// A source that emits its values and finishes during the subscription, like `Just`.
  static func immediate(_ values: [Int]) -> AnyEffect<Int> {
    .subscribe { emitter in
      for value in values { emitter.emit(value) }
      emitter.finish()
      return {}
    }
  }

  @Test func w2ASourceThatEmitsOnSubscribeIsReducedBeforeSendReturns() {
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        state.append(action)
        return action == 0 ? Self.immediate([1, 2, 3]) : .none
      },
      state: []
    )
    store.send(0)
    #expect(store.state == [0, 1, 2, 3])
    #expect(store.isIdle, "the source finished, and its unit is forgotten")
  }

  @Test func w3ABoundSubjectIsReducedBeforeItsSendReturns() {
    let subject = Subject()
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]>(bind: { subject.effect() }) { state, action in
        state.append(action)
        return .none
      },
      state: []
    )
    #expect(subject.subscriberCount == 1, "bind() subscribed when the store was created")
    subject.send(10)
    #expect(store.state == [10], "reduced on the next line")
    store.reset()
    #expect(subject.subscriberCount == 1, "reset() ended the old subscription and made a new one")
    subject.send(20)
    #expect(store.state == [10, 20])
  }

  @Test func c2ACancelledSubscriptionIsEndedAndDeliversNothingMore() {
    let subject = Subject()
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        switch action {
        case -1: return subject.effect().cancellable("subject")
        case -2: return .cancel("subject")
        default:
          state.append(action)
          return .none
        }
      },
      state: []
    )
    store.send(-1)
    subject.send(1)
    store.send(-2)
    #expect(subject.subscriberCount == 0)
    subject.send(2)
    #expect(store.state == [1])
    #expect(store.isIdle)
  }

  @Test func e1OnAnActorStoreASourceDeliversInOrder() async {
    let store = Store(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        state.append(action)
        return action == 0 ? Self.immediate(Array(1...100)) : .none
      },
      state: []
    )
    await store.send(0)
    await store.waitUntilIdle()
    #expect(await store.state == Array(0...100))
  }

  @Test func l2ASourceThatNeverEndsKeepsTheStoreBusyUntilReset() {
    let subject = Subject()
    let store = LockedStoreEngine(
      reducer: ClosureReducer<Int, [Int]> { state, action in
        if action == 0 { return subject.effect() }
        state.append(action)
        return .none
      },
      state: []
    )
    store.send(0)
    #expect(!store.isIdle)
    store.reset()
    #expect(store.isIdle)
    #expect(subject.subscriberCount == 0)
  }
}
