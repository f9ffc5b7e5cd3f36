import Clocks
import Testing

@testable import OneWay

/// Rules the engine split made explicit: depth (A2), buffering (O4), the backlog (O7), ended
/// loops (O8), cancelled streams (E5), binding at init (L4) and effect identifiers.
@Suite struct EngineRulesTests {
  /// An effect nested `depth` levels deep, alternating `concat` and `merge`, that emits
  /// `depth + 1` actions.
  static func deepEffect(depth: Int) -> AnyEffect<Int> {
    var effect = AnyEffect<Int>.just(0)
    for level in 1...depth {
      effect =
        level.isMultiple(of: 2) ? .concat(effect, .just(level)) : .merge(.just(level), effect)
    }
    return effect
  }

  @Test func a2AnEffectTree100000LevelsDeepIsWalkedAndReleasedWithoutOverflow() async {
    let store = Store(
      reducer: ClosureReducer<Int, Int> { count, action in
        if action < 0 { return Self.deepEffect(depth: 100_000) }
        count += 1
        return .none
      },
      state: 0
    )
    await store.send(-1)
    #expect(await store.state == 100_001, "every action of the tree is reduced within the send")
  }

  @Test func a2ACancellable100000LevelsDeepIsWalkedWithoutOverflow() async {
    // The walk unwraps nested `.cancellable`s in a loop; the action inside is registered under
    // every level's identifier and reduced within the send.
    let store = Store(
      reducer: ClosureReducer<Int, Int> { count, action in
        if action < 0 {
          var effect = AnyEffect<Int>.just(1)
          for level in 0..<100_000 { effect = effect.cancellable(level) }
          return effect
        }
        count += action
        return .none
      },
      state: 0
    )
    await store.send(-1)
    #expect(await store.state == 1)
    #expect(await store.isIdle)
  }

  @MainActor
  @Test func a2AViewStoreWalksADeepTreeSynchronously() {
    let store = ViewStore(
      reducer: ClosureReducer<Int, Int> { count, action in
        if action < 0 { return Self.deepEffect(depth: 100_000) }
        count += 1
        return .none
      },
      state: 0
    )
    store.send(-1)
    #expect(store.state == 100_001)
  }

  @Test func o4ABufferOfZeroStillDeliversTheCurrentState() async {
    let store = Store(reducer: CountingReducer(), state: CountingReducer.State(number: 3))
    for policy: AsyncStateSequence<CountingReducer.State>.BufferingPolicy in [
      .bufferingNewest(0), .bufferingOldest(0),
    ] {
      var states = store.states.buffering(policy).makeAsyncIterator()
      let first = await states.next()
      #expect(first != nil)
    }
  }

  @Test func o7TheFirstLoopReceivesTheBacklogAsInOneWay3() async {
    // OneWay 3.x's own test: responses sent before anyone loops over `states`.
    struct State: Sendable, Equatable { var text = "" }
    let store = Store(
      reducer: ClosureReducer<String, State> { state, text in
        state.text = text
        return .none
      },
      state: State()
    )
    for text in ["First", "First", "Second", "Second", "Third"] { await store.send(text) }
    var texts: [String] = []
    for await state in store.states {
      texts.append(state.text)
      if texts.count == 4 { break }
    }
    #expect(texts == ["", "First", "Second", "Third"])
    var later = store.states.makeAsyncIterator()
    #expect(await later.next()?.text == "Third", "a later loop starts from the current state")
  }

  static func settingStore() -> Store<ClosureReducer<Int, Int>, ContinuousClock> {
    Store(
      reducer: ClosureReducer<Int, Int> {
        $0 = $1; return .none
      },
      state: 0
    )
  }

  @Test func o7TheFirstLoopStillGetsUpTo64EarlierStates() async {
    let store = Self.settingStore()
    let capacity = StateBacklog<Int>.capacity
    #expect(capacity == 64)
    // The initial state and 63 changes: 64 states, all kept.
    for value in 1..<capacity { await store.send(value) }
    #expect(await store.withEngine { $0.backlog?.count } == capacity)
    var states = store.states.makeAsyncIterator()
    var received: [Int] = []
    for _ in 0..<capacity { received.append(await states.next() ?? -1) }
    #expect(received == Array(0..<capacity), "every earlier state, oldest first")
    await store.send(1_000)
    #expect(await states.next() == 1_000, "then live")
  }

  @Test func o7AfterThe65thStateWithNoLoopANewLoopStartsFromTheCurrentState() async {
    let store = Self.settingStore()
    let capacity = StateBacklog<Int>.capacity
    for value in 1...capacity { await store.send(value) }
    #expect(await store.withEngine { $0.backlog == nil }, "dropped at the 65th state")
    var states = store.states.makeAsyncIterator()
    #expect(await states.next() == capacity, "the current state, no earlier one")
    await store.send(1_000)
    #expect(await states.next() == 1_000)
  }

  @Test func o7TheBacklogIsDroppedForGoodSoNothingKeepsOldStates() async {
    let store = Self.settingStore()
    for value in 1...1_000 { await store.send(value) }
    #expect(await store.withEngine { $0.backlog == nil }, "not made again by later changes")
    var states = store.states.makeAsyncIterator()
    #expect(await states.next() == 1_000)
  }

  @Test func o8LoopsThatEndReleaseWhatTheyHeldWithoutAStateChange() async {
    let store = Store(reducer: CountingReducer(), state: CountingReducer.State(number: 0))
    for _ in 0..<100_000 {
      for await _ in store.states { break }
    }
    // Each ended loop is forgotten by a hop onto the store; wait for the hops, not for time.
    var remaining = await store.withEngine { $0.broadcaster?.streams.count ?? 0 }
    var hops = 0
    while remaining > 0 && hops < 1_000_000 {
      await Task.yield()
      remaining = await store.withEngine { $0.broadcaster?.streams.count ?? 0 }
      hops += 1
    }
    #expect(remaining == 0)
  }

  @Test func e5ACancelledCreateStopsTakingItsBufferedElements() async {
    let store = Store(
      reducer: ClosureReducer<Int, Int> { count, action in
        switch action {
        case -1:
          return .create { continuation in
            for element in 0..<200_000 { continuation.yield(element) }
            continuation.finish()
          }
          .cancellable("flood")
        case -2:
          return .cancel("flood")
        default:
          count += 1
          return .none
        }
      },
      state: 0
    )
    await store.send(-1)
    await store.send(-2)
    await store.waitUntilIdle()
    let reduced = await store.state
    #expect(reduced < 200_000, "the buffered elements after the cancel were not delivered")
    #expect(await store.isIdle)
  }

  @Test func l4BindIsSubscribedToItsSourceWhenInitReturns() async {
    let source = SubscriptionRecordingSource()
    let store = Store(
      reducer: ClosureReducer<Int, Int>(bind: {
        .sequence { send in
          for await value in source { send(value) }
        }
      }) { state, value in
        state = value
        return .none
      },
      state: 0
    )
    #expect(source.isSubscribed, "bind() has run up to its first suspension")
    source.emit(7)
    var states = store.states.changes(of: \.self).makeAsyncIterator()
    while let value = await states.next(), value != 7 {}
    #expect(await store.state == 7, "a value emitted right after init is not missed")
  }

  @MainActor
  @Test func l4AViewStoreIsBoundWhenInitReturns() async {
    let source = SubscriptionRecordingSource()
    let store = ViewStore(
      reducer: ClosureReducer<Int, Int>(bind: {
        .sequence { send in
          for await value in source { send(value) }
        }
      }) { state, value in
        state = value
        return .none
      },
      state: 0
    )
    #expect(source.isSubscribed)
    source.emit(3)
    var states = store.states.changes(of: \.self).makeAsyncIterator()
    while let value = await states.next(), value != 3 {}
    #expect(store.state == 3)
  }

  @Test func t1ADeadlineReachedBeforeItsTaskWaitsIsNotWaitedFor() async {
    let clock = TestClock()
    let deadline = Deadline(after: .seconds(1), on: clock)
    await clock.advance(by: .seconds(1))  // exactly onto it, before anyone waits
    let done = Locked(false)
    let waiter = Task {
      try await deadline.wait()
      done.withLock { $0 = true }
    }
    for _ in 0..<10_000 where !done.withLock({ $0 }) { await Task.yield() }
    #expect(done.withLock { $0 }, "the wait returned without another advance")
    await clock.advance(by: .seconds(1))  // releases a wait that did block, so the test ends
    _ = try? await waiter.value
  }

  @Test func effectIdentifiersOfAClassAndItsSubclassAreDifferentAndSymmetric() {
    class Base: Hashable, @unchecked Sendable {
      static func == (lhs: Base, rhs: Base) -> Bool { true }
      func hash(into hasher: inout Hasher) {}
    }
    final class Derived: Base, @unchecked Sendable {}
    let base = AnyEffectID(Base())
    let derived = AnyEffectID(Derived())
    #expect(base != derived)
    #expect(derived != base)
    #expect(AnyEffectID(Derived()) == derived)
  }
}

/// An asynchronous sequence that records when it is iterated, and emits what the test sends.
final class SubscriptionRecordingSource: AsyncSequence, Sendable {
  typealias Element = Int
  private let state = Locked<(subscribed: Bool, continuation: AsyncStream<Int>.Continuation?)>(
    (false, nil)
  )

  var isSubscribed: Bool { state.withLock { $0.subscribed } }

  func emit(_ value: Int) {
    _ = state.withLock { $0.continuation }?.yield(value)
  }

  func makeAsyncIterator() -> AsyncStream<Int>.Iterator {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    state.withLock { $0 = (true, continuation) }
    return stream.makeAsyncIterator()
  }
}
