// Tests written as a OneWay 3.x user writes them (a `sut`, `expect`, a `TestClock`), each named
// after the rule of Design/0000-contract.md or the OneWay 3.x API it checks.

import Clocks
import OneWay
import OneWayTesting
import Testing

/// A search feature in OneWay 3.x's style: typing is counted at once, the search is debounced.
struct SearchReducer: Reducer {
  enum Action: Sendable {
    case type(String)
    case search(String)
  }

  struct State: Sendable, Equatable {
    var count = 0
    var searched: [String] = []
  }

  enum DebounceID {
    case search
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .type(let text):
      state.count += 1
      return .just(.search(text))
        .debounce(id: DebounceID.search, for: .milliseconds(500))
    case .search(let text):
      state.searched.append(text)
      return .none
    }
  }
}

@Suite("OneWay 3.x behaviours")
struct OneWay3BehaviourTests {
  @Test func x1ExpectPassesWithAnEqualValueWhileADebounceStillWaits() async {
    let clock = TestClock()
    let sut = Store(reducer: SearchReducer(), state: SearchReducer.State(), clock: clock)
    await sut.send(.type("s"))
    await sut.send(.type("sw"))
    await clock.advance(by: .milliseconds(600))
    await sut.expect(\.searched, ["sw"])
    for text in ["swi", "swif", "swift", "swift!", "swift!!"] {
      await sut.send(.type(text))
    }
    await clock.advance(by: .milliseconds(100))  // less than the due time
    // As in 3.x: the store is still busy (the debounce waits on the test clock) when the
    // timeout passes, and the value is compared then.
    await sut.expect(\.searched, ["sw"], timeout: 0.2)
    await sut.expect(\.count, 7, timeout: 0.2)
    await clock.advance(by: .milliseconds(500))
    await sut.expect(\.searched, ["sw", "swift!!"])
  }

  @Test func x1ExpectWithTheDefaultTimeoutAsIn3x() async {
    // The issue's test, as a 3.x user wrote it: five debounced actions, the clock advanced
    // less than the due time, `expect(\.count, 2)`; `expect` waits its default 2 seconds for
    // the store to be idle, then compares.
    let clock = TestClock()
    let sut = Store(reducer: CountingDebounceReducer(), state: .init(), clock: clock)
    await sut.send(.increment)
    await sut.send(.increment)
    for _ in 0..<5 { await sut.send(.debouncedIncrement) }
    await clock.advance(by: .milliseconds(299))
    await sut.expect(\.count, 2)
  }

  @Test @MainActor func x1ViewStoreExpectPassesWhileADebounceStillWaits() async {
    let clock = TestClock()
    let sut = ViewStore(reducer: SearchReducer(), state: SearchReducer.State(), clock: clock)
    sut.send(.type("s"))
    await clock.advance(by: .milliseconds(100))
    await sut.expect(\.count, 1, timeout: 0.1)
    await sut.expect(\.searched, [], timeout: 0.1)
  }

  @Test func e6CreateAcceptsAClosureThatCallsALocalFunction() async {
    // Callback-based code of the test itself: neither `perform` nor `build` is `@Sendable`.
    var performed = 0
    func perform(completionHandler: (CallbackReducer.Action) -> Void) {
      performed += 1
      completionHandler(.received("callback"))
    }
    let effect = Effects.Create { continuation in
      perform { action in continuation.yield(action) }
      continuation.finish()
    }
    .eraseToAnyEffect()
    let anyEffect = AnyEffect<CallbackReducer.Action>.create { continuation in
      perform { action in continuation.yield(action) }
      continuation.finish()
    }
    #expect(performed == 2, "build runs when the effect is created, as in 3.x")
    let sut = Store(
      reducer: CallbackReducer(effects: [effect, anyEffect]),
      state: CallbackReducer.State()
    )
    await sut.send(.run(0))
    await sut.send(.run(1))
    await sut.expect(\.received, ["callback", "callback"])
  }

  @Test func e6CreateDeliversWhatItsCallbackYieldsLater() async {
    var handlers: [(CallbackReducer.Action) -> Void] = []
    func perform(completionHandler: @escaping (CallbackReducer.Action) -> Void) {
      handlers.append(completionHandler)
    }
    let effect = AnyEffect<CallbackReducer.Action>.create { continuation in
      perform { action in
        continuation.yield(action)
        continuation.finish()
      }
    }
    let sut = Store(reducer: CallbackReducer(effects: [effect]), state: CallbackReducer.State())
    await sut.send(.run(0))
    #expect(await sut.isIdle == false, "in flight until the continuation finishes (E3)")
    for handler in handlers { handler(.received("later")) }
    await sut.expect(\.received, ["later"])
    #expect(await sut.isIdle)
  }

  @Test func e6CancellingACreatedEffectEndsItsStream() async {
    let (terminations, termination) = AsyncStream<Void>.makeStream()
    let effect = AnyEffect<CallbackReducer.Action>.create { continuation in
      continuation.onTermination = { _ in termination.yield() }
      continuation.yield(.received("before the cancel"))
    }
    let sut = Store(reducer: CallbackReducer(effects: [effect]), state: CallbackReducer.State())
    var states = sut.states.makeAsyncIterator()
    _ = await states.next()
    await sut.send(.run(0))
    #expect(await states.next()?.received == ["before the cancel"])
    await sut.send(.cancel)
    var ended = terminations.makeAsyncIterator()
    #expect(await ended.next() != nil, "the stream's onTermination ran")
    await sut.expect(\.received, ["before the cancel"])
    #expect(await sut.isIdle)
  }

  @Test @MainActor func debugChainsOntoTheViewStoreInitialiser() {
    var store = ViewStore(
      reducer: SearchReducer(),
      state: SearchReducer.State()
    )
    .debug(.none)
    store = store.debug(.none)
    store.send(.type("a"))
    #expect(store.state.count == 1)
  }

  @Test func debugChainsOntoTheStoreInitialiser() async {
    let store = await Store(reducer: SearchReducer(), state: SearchReducer.State()).debug(.none)
    await store.send(.type("a"))
    #expect(await store.state.count == 1)
  }

  @Test func methodThrottleCarriesADuration() {
    let effect = AnyEffect<Int>.just(1).throttle(id: "tap", for: .milliseconds(250), latest: true)
    guard case .throttle(let id, let interval, let latest) = effect.method else {
      Issue.record("expected .throttle, got \(effect.method)")
      return
    }
    #expect(id as? String == "tap")
    #expect(interval == .milliseconds(250))
    #expect(latest)
    guard
      case .throttle(_, let seconds, false) = AnyEffect<Int>.just(1)
        .throttle(id: "tap", for: 1.5).method
    else {
      Issue.record("expected .throttle")
      return
    }
    #expect(seconds == .milliseconds(1_500))
  }

  @Test @MainActor func asyncViewStateSequenceIsTheTypeOfViewStoreStates() async {
    let store = ViewStore(reducer: SearchReducer(), state: SearchReducer.State())
    let states: AsyncViewStateSequence<SearchReducer.State> = store.states
    var counts = states.count.makeAsyncIterator()
    #expect(await counts.next() == 0)
    store.send(.type("a"))
    #expect(await counts.next() == 1)
  }

  @Test func propertyWrappersDescribeTheirValues() {
    #expect(Triggered(wrappedValue: 10).description == "10")
    #expect(Ignored(wrappedValue: "note").description == "note")
    #expect(CopyOnWrite(wrappedValue: [1, 2]).description == "[1, 2]")
    #expect("\(Triggered(wrappedValue: 10))" == "10")
  }

  @Test func effectsBuilderHasAnEmptyBlockAndAFinalResult() async {
    let empty = AnyEffect<Int>.concat {}
    var received: [Int] = []
    for await value in empty.values { received.append(value) }
    #expect(received.isEmpty)
    #expect(EffectsBuilder<Int>.buildBlock().isEmpty)
    #expect(EffectsBuilder<Int>.buildFinalResult([.just(1), .just(2)]).count == 2)
    #expect(EffectsBuilder<Int>.buildBlock(.just(1), .just(2)).count == 2)
  }

  @Test func p1TriggeredEmitsEveryAssignmentAsTheSeedsSay() async {
    // number <- 10, 10, 20, 20; prints "10", "10", "20", "20".
    let sut = Store(reducer: TriggeredReducer(), state: TriggeredReducer.State(number: 0))
    var numbers: [Int] = []
    var states = sut.states.makeAsyncIterator()
    _ = await states.next()
    for number in [10, 10, 20, 20] { await sut.send(.set(number)) }
    for _ in 0..<4 { numbers.append(await states.next()?.number ?? -1) }
    #expect(numbers == [10, 10, 20, 20])
  }
}

/// Two plain increments and a debounced one: the issue's 3.x test.
struct CountingDebounceReducer: Reducer {
  enum Action: Sendable {
    case increment
    case debouncedIncrement
  }

  struct State: Sendable, Equatable {
    var count = 0
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .debouncedIncrement:
      return .just(.increment).debounce(id: "debounce", for: .milliseconds(300))
    }
  }
}

/// Runs, cancellably, the effect it was given at the index the action names.
struct CallbackReducer: Reducer {
  enum Action: Sendable {
    case run(Int)
    case cancel
    case received(String)
  }

  struct State: Sendable, Equatable {
    var received: [String] = []
  }

  let effects: [AnyEffect<Action>]

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .run(let index):
      return effects[index].cancellable("callback")
    case .cancel:
      return .cancel("callback")
    case .received(let text):
      state.received.append(text)
      return .none
    }
  }
}

/// The seeds' `@Triggered` state.
struct TriggeredReducer: Reducer {
  enum Action: Sendable {
    case set(Int)
  }

  struct State: Sendable, Equatable {
    @Triggered var number: Int
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .set(let number):
      state.number = number
      return .none
    }
  }
}
