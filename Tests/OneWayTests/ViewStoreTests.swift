import Clocks
import Observation
import Testing

@testable import OneWay

/// Rules A4 and V1–V2: the view store, on the main actor.
@MainActor
@Suite struct ViewStoreTests {
  enum Action: Sendable, Equatable {
    case request
    case response(Bool)
    case search(String)
    case result(String)
    case tap(Int)
    case scratch(Int)
    case number(Int)
  }

  struct State: Sendable, Equatable {
    var number = 0
    var responseWasOnMainThread: Bool?
    var results: [String] = []
    @Ignored var scratch = 0
  }

  private func viewStore(clock: TestClock<Duration> = TestClock())
    -> ViewStore<ClosureReducer<Action, State>, TestClock<Duration>>
  {
    ViewStore(
      reducer: ClosureReducer<Action, State> { state, action in
        switch action {
        case .request:
          return .single { .response(true) }
        case .response:
          // Traps (failing the run) unless the view store reduces on the main actor.
          state.responseWasOnMainThread = MainActor.assumeIsolated { true }
        case .search(let query):
          return .just(.result(query)).debounce(id: "search", for: .milliseconds(300))
        case .result(let query):
          state.results.append(query)
        case .tap(let value):
          return .just(.result("tap \(value)")).throttle(id: "tap", for: .seconds(1))
        case .scratch(let value):
          state.scratch = value
        case .number(let value):
          state.number = value
        }
        return .none
      },
      state: State(),
      clock: clock
    )
  }

  @Test func a4SeedViewStoreShowsTheNewStateOnTheNextLine() {
    let store = ViewStore(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0)
    )
    store.send(.increment)
    store.send(.decrement)
    store.send(.twice)
    #expect(store.state.number == 2)
    #expect(store.state.isLoading == false)
    #expect(store.isIdle)
  }

  @Test func v1AnAsynchronousEffectDeliversItsActionOnTheMainActor() async {
    let store = viewStore()
    store.send(.request)
    #expect(store.isIdle == false)
    await store.waitUntilIdle()
    #expect(store.state.responseWasOnMainThread == true)
  }

  @Test func v2ObservationTrackingFiresOncePerChangeAndNotForAnIgnoredField() {
    let store = viewStore()
    let fired = Locked(0)
    func track() {
      withObservationTracking {
        _ = store.state
      } onChange: {
        fired.withLock { $0 += 1 }
      }
    }
    track()
    store.send(.scratch(1))
    #expect(fired.withLock { $0 } == 0, "an @Ignored-only change is not a change")
    store.send(.number(0))
    #expect(fired.withLock { $0 } == 0, "an equal state is not a change")
    store.send(.number(1))
    #expect(fired.withLock { $0 } == 1)
    store.send(.number(2))
    #expect(fired.withLock { $0 } == 1, "tracking fires once per observation")
    track()
    store.send(.number(3))
    #expect(fired.withLock { $0 } == 2)
    #expect(store.state.scratch == 1, "an ignored field is stored, only not announced")
  }

  @Test func viewStoreStatesAreMulticastWithPropertyLookup() async {
    let store = viewStore()
    var states = store.states.makeAsyncIterator()
    var numbers = store.states.number.makeAsyncIterator()
    #expect(await states.next()?.number == 0)
    #expect(await numbers.next() == 0)
    store.send(.number(7))
    store.send(.search("x"))
    #expect(await states.next()?.number == 7)
    #expect(await numbers.next() == 7)
  }

  @Test func viewStoreDeinitCancelsItsEffects() async {
    let started = Counter()
    let cancelled = Counter()
    weak var weakStore: ViewStore<ClosureReducer<Int, Int>, ContinuousClock>?
    do {
      let store = ViewStore(
        reducer: ClosureReducer<Int, Int> { _, _ in
          .single {
            await started.increment()
            await withTaskCancellationHandler {
              await neverEnding()
            } onCancel: {
              Task { await cancelled.increment() }
            }
            return 0
          }
        },
        state: 0
      )
      weakStore = store
      store.send(1)
      await started.wait(until: 1)
    }
    #expect(weakStore == nil)
    await cancelled.wait(until: 1)
  }

  @Test func viewStoreDebouncesOnItsClock() async {
    let clock = TestClock()
    let store = viewStore(clock: clock)
    store.send(.search("s"))
    store.send(.search("sw"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.results == [])
    await clock.advance(by: .milliseconds(2))
    await store.waitUntilIdle()
    #expect(store.state.results == ["sw"])
  }

  @Test func viewStoreThrottlesOnItsClock() async {
    let clock = TestClock()
    let store = viewStore(clock: clock)
    store.send(.tap(1))
    store.send(.tap(2))
    #expect(store.state.results == ["tap 1"])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
    store.send(.tap(3))
    #expect(store.state.results == ["tap 1", "tap 3"])
    await clock.advance(by: .milliseconds(1_001))
    await store.waitUntilIdle()
  }

  @Test func viewStoreResetRestartsBindAndKeepsState() async {
    let store = ViewStore(
      reducer: ClosureReducer<String, Log<String>>(bind: { .just("bound") }) { state, action in
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    #expect(store.state.entries == ["bound"])
    store.send("a")
    store.reset()
    #expect(store.state.entries == ["bound", "a", "bound"])
  }
}

extension ViewStoreTests {
  @Test func v3BindingReadsAPropertyAndSendsAnActionWhenWritten() {
    let store = viewStore()
    let number = store.bindingAccessors(\.number, send: { .number($0) })
    #expect(number.get() == 0)
    number.set(5)
    #expect(store.state.number == 5)
    #expect(number.get() == 5)
  }
}

/// What a test keeps of a view store that a subscription's closure releases.
@MainActor
private final class ReleasedViewStoreHolder {
  var store: ViewStore<ClosureReducer<Int, Int>, ContinuousClock>?
  var subscription: StateSubscription?
  var continuation: CheckedContinuation<Void, Never>?
}

extension ViewStoreTests {
  @Test func e1AViewStoreReleasedDuringADrainOfItsEffectsActionsIsToldNothingMore() async {
    // An effect's hop keeps the engine alive until its drain ends, so the engine can outlive
    // its store: here the subscription's closure drops the store's last reference while the
    // drain still has `2` to reduce. That reduce changes the state, and must tell neither
    // Observation nor `objectWillChange` about a store that is gone (a dangling reference
    // did, and crashed).
    let holder = ReleasedViewStoreHolder()
    weak var released: ViewStore<ClosureReducer<Int, Int>, ContinuousClock>?
    await withCheckedContinuation { continuation in
      let store = ViewStore(
        reducer: ClosureReducer<Int, Int> { state, action in
          switch action {
          case 0: return .single { 1 }
          case 1: state = 1; return .just(2)
          default: state = action; return .none
          }
        },
        state: 0
      )
      _ = store.state  // an Observation reader: the store now has a registrar
      holder.continuation = continuation
      holder.subscription = store.subscribe(\.self) { value in
        guard value == 1 else { return }
        holder.store = nil
        // Resumed after this hop, so after the drain that reduces `2`.
        holder.continuation?.resume()
        holder.continuation = nil
      }
      holder.store = store
      released = store
      store.send(0)
    }
    #expect(released == nil, "the store was deinitialized during the drain")
    holder.subscription?.cancel()
  }
}
