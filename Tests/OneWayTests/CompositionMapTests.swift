import Clocks
import Testing

@testable import OneWay

/// Rule M1: `AnyEffect.map(_:)` keeps everything the effect is.
@Suite struct CompositionMapTests {
  /// A child feature's actions, as a parent wraps them.
  enum Parent: Sendable, Equatable {
    case child(String)
    case start(String)
    case cancel(String)
  }

  /// A store whose parent reducer runs the effect `childEffect` returns for `.start(name)`,
  /// mapped into `.child`, records every `.child` action, and cancels on `.cancel(id)`.
  private func store<C: Clock<Duration>>(
    clock: C,
    _ childEffect: @escaping @Sendable (String) -> AnyEffect<String>
  ) -> Store<ClosureReducer<Parent, Log<String>>, C> {
    Store(
      reducer: ClosureReducer<Parent, Log<String>> { state, action in
        switch action {
        case .start(let name):
          return childEffect(name).map(Parent.child)
        case .child(let value):
          state.entries.append(value)
          return .none
        case .cancel(let id):
          return .cancel(id)
        }
      },
      state: Log<String>(),
      clock: clock
    )
  }

  private func store(
    _ childEffect: @escaping @Sendable (String) -> AnyEffect<String>
  ) -> Store<ClosureReducer<Parent, Log<String>>, ContinuousClock> {
    store(clock: ContinuousClock(), childEffect)
  }

  // MARK: - Synchronous parts stay synchronous

  @Test func m1a2MappedSynchronousEffectsAreReducedWithinTheSameSend() async {
    let store = store { _ in
      .concat(
        .just("a"),
        .merge(.just("b"), .just("c"), .none),
        .concat(.just("d")),
        .just("e")
      )
    }
    await store.send(.start(""))
    #expect(await store.state.entries == ["a", "b", "c", "d", "e"])
    #expect(await store.isIdle)
  }

  @Test func m1a2MappedConcatRunsItsSynchronousPrefixAtOnceAndTheRestLater() async {
    let gate = Gate()
    let store = store { _ in
      .concat(
        .just("now"),
        .single {
          await gate.wait()
          return "later"
        },
        .just("after")
      )
    }
    await store.send(.start(""))
    #expect(await store.state.entries == ["now"])
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["now", "later", "after"])
  }

  @Test func m1MapKeepsWhetherAnEffectIsSynchronous() {
    let synchronous: [AnyEffect<Int>] = [
      .none, .just(1), .concat(.just(1), .merge(.just(2))), .cancel("id"),
      AnyEffect.just(1).cancellable("id"), AnyEffect.just(1).throttle(id: "t", for: .seconds(1)),
    ]
    let asynchronous: [AnyEffect<Int>] = [
      .single { 1 }, .sequence { $0(1) }, .create { $0.finish() },
      AnyEffect.just(1).debounce(id: "d", for: .seconds(1)), .concat(.just(1), .single { 2 }),
    ]
    for effect in synchronous { #expect(effect.map { "\($0)" }.isSynchronous) }
    for effect in asynchronous { #expect(!effect.map { "\($0)" }.isSynchronous) }
  }

  // MARK: - The tree, its identifiers and priorities are kept

  @Test func m1MapKeepsTheTreeIdentifiersOptionsAndPriorities() {
    let clock = TestClock()
    let effect: AnyEffect<Int> = .merge(
      priority: .high,
      .concat(
        priority: .low,
        .just(1),
        AnyEffect.single(priority: .medium) { 2 }.cancellable("request", cancelInFlight: true),
        .sequence(priority: .background) { $0(3) }
      ),
      AnyEffect.just(4).debounce(id: "search", for: .milliseconds(300), clock: clock),
      AnyEffect.just(5).throttle(id: "tap", for: .seconds(1), latest: true),
      .cancel("request"),
      .create { $0.finish() },
      .none
    )
    let mapped = effect.map { $0 * 10 }
    #expect(
      outline(mapped) == [
        "merge 6 Optional(TaskPriority.high)",
        "concat 3 Optional(TaskPriority.low)",
        "just 10",
        "cancellable request true",
        "single Optional(TaskPriority.medium)",
        "sequence Optional(TaskPriority.background)",
        "debounce search 0.3 seconds",
        "just 40",
        "throttle tap 1.0 seconds true",
        "just 50",
        "cancel request",
        "stream",
        "none",
      ]
    )
    guard case .debounce(_, _, _, let mappedClock) = mapped.operation.mergedChildren[1].operation
    else {
      Issue.record("not a debounce")
      return
    }
    #expect(mappedClock as? TestClock<Duration> === clock)
  }

  @Test func m1a2AnEffectTreeNested100000LevelsDeepIsMappedWithoutRecursion() {
    // Built, mapped, compared and released one node at a time: nothing here recurses, so the
    // test holds in a debug build as in a release build.
    var effect = AnyEffect<Int>.just(0)
    for level in 1...100_000 {
      switch level % 4 {
      case 0: effect = .concat(effect, .just(level))
      case 1: effect = .merge(.just(level), effect)
      case 2: effect = effect.cancellable(level % 7)
      default: effect = .concat(priority: .high, effect)
      }
    }
    var mapped = effect.map { "#\($0)" }
    #expect(mapped.isSynchronous)
    let comparison = firstDifference(between: effect, and: mapped) { "#\($0)" }
    #expect(comparison.difference == nil)
    #expect(comparison.nodes > 100_000)
    dismantle(&effect)
    dismantle(&mapped)
  }

  // MARK: - Cancellation (C1, C2)

  @Test func m1c1AMappedEffectIsCancelledByItsIdentifier() async {
    let gate = Gate()
    let store = store { name in
      AnyEffect.single {
        await gate.wait()
        return name
      }
      .cancellable("request")
    }
    await store.send(.start("first"))
    await store.send(.cancel("request"))
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [])
    await store.send(.start("second"))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["second"])
  }

  @Test func m1c1MapKeepsCancelInFlight() async {
    let gate = Gate()
    let store = store { name in
      AnyEffect.single {
        await gate.wait()
        return name
      }
      .cancellable("search", cancelInFlight: true)
    }
    await store.send(.start("a"))
    await store.send(.start("ab"))
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["ab"])
  }

  @Test func m1c2AMappedEffectUnderCancelDeliversNothingAfterTheCancel() async {
    // The child's sequence produces three actions at once; the parent cancels on the first.
    let store = Store(
      reducer: ClosureReducer<Parent, Log<String>> { state, action in
        switch action {
        case .start:
          return AnyEffect<String>.sequence { send in
            send("first")
            send("second")
            send("third")
          }
          .cancellable("burst")
          .map(Parent.child)
        case .child(let value):
          state.entries.append(value)
          return value == "first" ? .cancel("burst") : .none
        case .cancel(let id):
          return .cancel(id)
        }
      },
      state: Log<String>()
    )
    await store.send(.start(""))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["first"])
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func m1c2AMappedSynchronousActionUnderAnIdentifierIsDroppedByAnEarlierCancel() async {
    // `.child("cancel")` is queued first; reducing it cancels "id" before "dropped" is reduced.
    let store = Store(
      reducer: ClosureReducer<Parent, Log<String>> { state, action in
        switch action {
        case .start:
          return AnyEffect<String>.merge(
            .just("cancel"),
            AnyEffect.just("dropped").cancellable("id")
          )
          .map(Parent.child)
        case .child(let value):
          state.entries.append(value)
          return value == "cancel" ? .cancel("id") : .none
        case .cancel(let id):
          return .cancel(id)
        }
      },
      state: Log<String>()
    )
    await store.send(.start(""))
    #expect(await store.state.entries == ["cancel"])
    await store.waitUntilIdle()
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  // MARK: - Time (T1–T3)

  @Test func m1t2AMappedDebounceRestartsItsWaitAndRunsOnce() async {
    let clock = TestClock()
    let store = store(clock: clock) { query in
      AnyEffect.single { query }.debounce(id: "search", for: .milliseconds(300))
    }
    await store.send(.start("s"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.start("sw"))
    await clock.advance(by: .milliseconds(299))
    #expect(await store.state.entries == [])
    await clock.advance(by: .milliseconds(2))
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["sw"])
  }

  @Test func m1t3AMappedThrottleRunsTheFirstAndTheLatestOfAWindow() async {
    let clock = TestClock()
    let store = store(clock: clock) { tap in
      AnyEffect.just(tap).throttle(id: "tap", for: .seconds(1), latest: true)
    }
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    await store.send(.start("1"))
    await store.send(.start("2"))
    await store.send(.start("3"))
    #expect(await states.next()?.entries == ["1"])
    await clock.advance(by: .milliseconds(1_001))
    #expect(await states.next()?.entries == ["1", "3"])
  }

  // MARK: - Asynchronous closures are composed

  @Test func m1MapComposesSingleSequenceAndCreate() async {
    let store = store { name in
      .concat(
        .single { "single \(name)" },
        .sequence { send in
          send("sequence 1")
          send("sequence 2")
        },
        .create { continuation in
          continuation.yield("create 1")
          continuation.yield("create 2")
          continuation.finish()
        }
      )
    }
    await store.send(.start("x"))
    await store.waitUntilIdle()
    #expect(
      await store.state.entries == [
        "single x", "sequence 1", "sequence 2", "create 1", "create 2",
      ]
    )
  }

  @Test func m1e3AMappedCreateDeliversValuesYieldedAfterBuildReturns() async {
    let continuation = Locked<AsyncStream<String>.Continuation?>(nil)
    let isBuilt = Gate()
    let store = store { _ in
      .create { built in
        continuation.withLock { $0 = built }
        Task { await isBuilt.open() }
      }
    }
    await store.send(.start(""))
    await isBuilt.wait()
    let built = continuation.withLock { $0 }
    built?.yield("late")
    built?.finish()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["late"])
  }

  @Test func m1AMappedCreateKeepsItsBufferingPolicy() async {
    let continuation = Locked<AsyncStream<Int>.Continuation?>(nil)
    let effect = AnyEffect<Int>.create(bufferingPolicy: .bufferingNewest(1)) { built in
      continuation.withLock { $0 = built }
    }
    .map { $0 * 10 }
    guard case .stream(let makeStream) = effect.operation else {
      Issue.record("a mapped create is a stream")
      return
    }
    let stream = makeStream()
    // Yielded while nobody pulls: the base stream keeps only the newest, as unmapped.
    let built = continuation.withLock { $0 }
    built?.yield(1)
    built?.yield(2)
    built?.yield(3)
    built?.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [30])
  }

  @Test(.timeLimit(.minutes(1)))
  func m1CancellingAMappedCreateTerminatesTheCreatedStream() async {
    let terminated = Gate()
    let store = store { _ in
      AnyEffect<String>.create { continuation in
        continuation.onTermination = { termination in
          if case .cancelled = termination { Task { await terminated.open() } }
        }
        continuation.yield("started")
      }
      .cancellable("stream")
    }
    await store.send(.start(""))
    for await state in store.states where !state.entries.isEmpty { break }
    await store.send(.cancel("stream"))
    await terminated.wait()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["started"])
  }

  @Test(.timeLimit(.minutes(1)))
  func m1AMappedStreamCancelledBetweenTwoPullsTerminatesItsBase() async {
    let terminated = Gate()
    let pulledOnce = Gate()
    let resume = Gate()
    let effect = AnyEffect<Int>.create { continuation in
      continuation.onTermination = { termination in
        if case .cancelled = termination { Task { await terminated.open() } }
      }
      continuation.yield(1)
      continuation.yield(2)
    }
    .map { $0 + 1 }
    guard case .stream(let makeStream) = effect.operation else {
      Issue.record("a mapped create is a stream")
      return
    }
    let stream = makeStream()
    let consumer = Task {
      var iterator = stream.makeAsyncIterator()
      let first = await iterator.next()
      await pulledOnce.open()
      await resume.wait()  // cancelled here, between two pulls
      let second = await iterator.next()
      return [first, second]
    }
    await pulledOnce.wait()
    consumer.cancel()
    await resume.open()
    let pulled = await consumer.value
    await terminated.wait()
    #expect(pulled.first == 2)
    #expect(pulled.last == .some(nil))
  }

  @Test func m1AMappedEffectRunsOnItsOwnThroughValues() async {
    let effect = AnyEffect<Int>.concat(.just(1), .single { 2 }, .sequence { $0(3) }).map { -$0 }
    var values: [Int] = []
    for await value in effect.values { values.append(value) }
    #expect(values == [-1, -2, -3])
  }
}

extension AnyEffect.Operation {
  /// The children of a `merge`, or none.
  fileprivate var mergedChildren: [AnyEffect<Element>] {
    if case .merge(let children, _) = self { return children.effects }
    return []
  }
}
