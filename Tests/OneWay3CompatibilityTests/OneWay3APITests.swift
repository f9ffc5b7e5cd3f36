// Source compatibility with OneWay 3.0.0: every public symbol of its documented API, used the
// way its documentation and its users spell it. This file is compiled by every `swift build
// --build-tests` and every `swift test`; a change that breaks one of these spellings breaks the
// build, so CI fails. The functions below are compiled, not run (their behaviour is tested in
// OneWay3BehaviourTests.swift and in the rule tests); `compilesAndRuns` runs a few of them.
//
// This target imports the libraries as a user does (`import`, never `@testable import`), so no
// internal symbol can stand in for a missing public one. Where OneWay 3.x differs (the README's
// "What differs from OneWay 3.x" table), the difference is named in a comment here.

import Clocks
import OneWay
import OneWayTesting
import Testing

#if canImport(SwiftUI)
import SwiftUI
#endif

// MARK: - Reducer

/// The counting reducer of OneWay 3.x's README, as written there.
struct CountingReducer: Reducer {
  enum Action: Sendable {
    case increment
    case decrement
    case twice
    case setIsLoading(Bool)
    case response(String)
  }

  struct State: Sendable, Equatable {
    var number: Int
    var isLoading: Bool
    var text = ""
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .decrement:
      state.number -= 1
      return .none
    case .twice:
      return .concat(
        .just(.setIsLoading(true)),
        .merge(
          .just(.increment),
          .just(.increment)
        ),
        .just(.setIsLoading(false))
      )
    case .setIsLoading(let isLoading):
      state.isLoading = isLoading
      return .none
    case .response(let text):
      state.text = text
      return .none
    }
  }
}

/// A reducer that implements `bind()`, as OneWay 3.x's "External States" section does.
struct BindingReducer: Reducer {
  enum Action: Sendable {
    case response(String)
  }

  struct State: Sendable, Equatable {
    var text: String
  }

  let texts: @Sendable () -> AsyncStream<String>

  func bind() -> AnyEffect<Action> {
    .merge(
      .sequence { send in
        for await text in texts() {
          send(Action.response(text))
        }
      }
    )
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .response(let text):
      state.text = text
      return .none
    }
  }
}

/// `Reducer` as a constrained existential, as 3.x declares it (`Reducer<Action, State>`).
func reducerAsExistential() -> any Reducer<CountingReducer.Action, CountingReducer.State> {
  CountingReducer()
}

// MARK: - Store

func storeAPI() async {
  // `Store<R, C>`: the clock defaults to `ContinuousClock`.
  let store: Store<CountingReducer, ContinuousClock> = Store(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  let logged = Store(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false),
    loggingOptions: .all
  )
  let timed = Store(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false),
    loggingOptions: .none,
    clock: TestClock()
  )
  let _: Store<CountingReducer, ContinuousClock>.Action = .increment
  let _: Store<CountingReducer, ContinuousClock>.State = store.initialState

  await store.send(.increment)
  await store.send(.decrement)
  await store.send(.twice)
  let number: Int = await store.state.number
  let isIdle: Bool = await store.isIdle
  await store.reset()
  await store.debug(.all)
  await logged.debug(.none)
  await timed.send(.increment)
  _ = (number, isIdle)

  // 3.x: `states` is an actor-isolated `AsyncStream<State>` read with `await`; here it is a
  // nonisolated multicast sequence, so the same loops compile without the `await` before
  // `store.states` (with it, Swift warns that nothing is awaited there).
  for await state in store.states {
    print(state.number)
  }
  for await number in store.states.number {
    print(number)
  }
}

// MARK: - ViewStore

@MainActor
func viewStoreAPI() async {
  let store: ViewStore<CountingReducer, ContinuousClock> = ViewStore(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  let timed = ViewStore(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false),
    clock: TestClock()
  )
  let _: ViewStore<CountingReducer, ContinuousClock>.Action = .increment
  let _: ViewStore<CountingReducer, ContinuousClock>.State = store.initialState

  store.send(.increment)
  store.send(.decrement)
  store.send(.twice)
  print(store.state.number)  // 2
  let _: Bool = store.isIdle
  store.reset()
  timed.send(.increment)

  // `debug(_:)` returns the view store, so it chains onto the initialiser.
  var debugged = ViewStore(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  .debug(.all)
  debugged = debugged.debug(.none)
  debugged.debug(.action)

  // The type of `ViewStore.states`.
  let states: AsyncViewStateSequence<CountingReducer.State> = store.states
  var iterator: AsyncViewStateSequence<CountingReducer.State>.Iterator =
    states.makeAsyncIterator()
  let _: CountingReducer.State? = await iterator.next()
  let _: AsyncViewStateSequence<CountingReducer.State>.Element? = nil
  for await number in store.states.number {
    print(number)
  }
  // 3.x: `AsyncViewStateSequence(_ upstream: AsyncStream<State>)`, the initialiser its view
  // store used internally, does not exist (the README's table says so).
}

#if canImport(SwiftUI)
/// OneWay 3.x's SwiftUI example.
struct CounterView: View {
  @StateObject private var store = ViewStore(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  .debug(.all)

  var body: some View {
    VStack {
      Text("\(store.state.number)")
      Toggle(
        "isLoading",
        isOn: store.binding(\.isLoading, send: { .setIsLoading($0) })
      )
      Toggle(
        "isLoading",
        isOn: Binding<Bool>(
          get: { store.state.isLoading },
          set: { store.send(.setIsLoading($0)) }
        )
      )
    }
    .onAppear {
      store.send(.increment)
    }
  }
}
#endif

// MARK: - Effects

enum EffectID {
  case request
}

enum ThrottleID {
  case button
}

enum DebounceID {
  case searchText
}

func anyEffectAPI() {
  typealias Effect = AnyEffect<CountingReducer.Action>
  let effects: [Effect] = [
    .none,
    .just(.increment),
    .cancel("requestID"),
    .cancel(EffectID.request),
    .single { .increment },
    .single(priority: .high) { .increment },
    .sequence { send in send(.increment) },
    .sequence(priority: .low) { send in send(.increment) },
    .concat(.just(.increment), .just(.decrement)),
    .concat(priority: .medium, .just(.increment)),
    .concat {
      AnyEffect.just(.increment)
      AnyEffect.just(.decrement)
    },
    .concat(priority: .medium) { AnyEffect.just(.increment) },
    .merge(.just(.increment), .just(.decrement)),
    .merge(priority: .medium, .just(.increment)),
    .merge { AnyEffect.just(.increment) },
    .merge(priority: .medium) { AnyEffect.just(.increment) },
    .create { continuation in
      continuation.yield(.increment)
      continuation.finish()
    },
    .create(bufferingPolicy: .bufferingNewest(1)) { continuation in continuation.finish() },
    Effect.single { .increment }.cancellable("requestID"),
    Effect.single { .increment }.cancellable(EffectID.request, cancelInFlight: true),
    Effect.just(.increment).debounce(id: DebounceID.searchText, for: 0.5),
    Effect.just(.increment).debounce(id: DebounceID.searchText, for: .milliseconds(500)),
    Effect.just(.increment)
      .debounce(id: DebounceID.searchText, for: .milliseconds(500), clock: SuspendingClock()),
    Effect.just(.increment).throttle(id: ThrottleID.button, for: 1.0),
    Effect.just(.increment).throttle(id: ThrottleID.button, for: 1.0, latest: true),
    Effect.just(.increment).throttle(id: ThrottleID.button, for: .seconds(1), latest: false),
    Effect.just(.increment).throttle(id: ThrottleID.button, for: .seconds(1)),
    Effects.Just(CountingReducer.Action.increment).eraseToAnyEffect(),
    AnyEffect(Effects.Empty<CountingReducer.Action>()),
  ]
  for effect in effects {
    // 3.x: `method` was also settable; here it is read from the effect's modifiers.
    switch effect.method {
    case .register(let id, let cancelInFlight):
      print(id, cancelInFlight)
    case .cancel(let id):
      print(id)
    case .throttle(let id, let interval, let latest):
      let seconds: Duration = interval
      print(id, seconds, latest)
    case .none:
      break
    }
    let _: AsyncStream<CountingReducer.Action> = effect.values
  }
  let _: any AnyEffect<Int>.EffectID = "id"
  let _: AnyEffect<Int>.Method = .throttle(id: "id", interval: .seconds(1), latest: true)
  let _: AnyEffect<Int>.Method = .register("id", cancelInFlight: false)
}

func effectsAPI() {
  let effects: [any Effect<Int>] = [
    Effects.Empty<Int>(),
    Effects.Just(1),
    Effects.Single { 1 },
    Effects.Single(priority: .high) { 1 },
    Effects.Sequence { send in send(1) },
    Effects.Sequence(priority: .low) { send in send(1) },
    Effects.Concat([.just(1), .just(2)]),
    Effects.Concat(priority: .high, [.just(1)]),
    Effects.Merge([.just(1), .just(2)]),
    Effects.Merge(priority: .high, [.just(1)]),
    Effects.Create { continuation in continuation.finish() },
    Effects.Create(bufferingPolicy: .bufferingOldest(2)) { continuation in
      continuation.finish()
    },
  ]
  for effect in effects {
    let _: AsyncStream<Int> = effect.values
    let _: AnyEffect<Int> = effect.eraseToAnyEffect()
  }
}

/// An effect of one's own, as 3.x's `Effect` protocol allows.
struct Countdown: Effect {
  var values: AsyncStream<Int> {
    AsyncStream { continuation in
      for value in (1...3).reversed() { continuation.yield(value) }
      continuation.finish()
    }
  }
}

func effectsBuilderAPI() {
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildBlock()
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildBlock(.just(1), .just(2))
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildBlock([.just(1)], [.just(2)])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildArray([[.just(1)], [.just(2)]])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildEither(first: [.just(1)])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildEither(second: [.just(1)])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildExpression(.just(1))
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildFinalResult([.just(1)])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildLimitedAvailability([.just(1)])
  let _: [AnyEffect<Int>] = EffectsBuilder<Int>.buildOptional(nil)
  let _ = AnyEffect<Int>.concat {}
}

// MARK: - Logging

func loggingOptionsAPI() {
  let options: [LoggingOptions] = [.action, .state, .all, .none, LoggingOptions(rawValue: 3)]
  let _: Int = options[0].rawValue
  let _: Bool = LoggingOptions.all.contains(.state)
}

// MARK: - Property wrappers

struct WrappedState: Sendable, Equatable, Hashable {
  @Triggered var number = 0
  @Ignored var scratch = 0
  @CopyOnWrite var items: [Int] = []
}

func propertyWrappersAPI() {
  var state = WrappedState()
  state.number = 10
  state.scratch = 1
  state.items.append(1)
  _ = state.hashValue
  var triggered = Triggered(wrappedValue: 1)
  var ignored = Ignored(wrappedValue: 1)
  var copyOnWrite = CopyOnWrite(wrappedValue: [1])
  triggered.wrappedValue = 2
  ignored.wrappedValue = 2
  copyOnWrite.wrappedValue.append(2)
  let descriptions: [String] = [
    triggered.description, ignored.description, copyOnWrite.description,
  ]
  _ = descriptions
  let _: any CustomStringConvertible = triggered
}

/// OneWay 2.x's wrapper names, deprecated aliases of 3.x's (this function is deprecated so that
/// using them does not warn).
@available(*, deprecated, message: "exercises OneWay 2.x's deprecated names")
func oneWay2Names() async {
  struct State: Sendable, Equatable {
    @Sensitive var number = 0
    @Insensitive var scratch = 0
    @Heap var items: [Int] = []
  }
  var state = State()
  state.number = 1
  state.scratch = 1
  state.items = [1]
  let _: Triggered<Int> = Sensitive(wrappedValue: 1)
  let _: Ignored<Int> = Insensitive(wrappedValue: 1)
  let _: CopyOnWrite<Int> = Heap(wrappedValue: 1)
  let store = Store(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  await store.xctExpect(\.number, 0)
}

// MARK: - OneWayTesting

func oneWayTestingAPI() async {
  let store = Store(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  await store.send(.increment)
  await store.expect(\.number, 1)
  await store.expect(\.number, 1, timeout: 0.1)
  await store.expect(\.number, 1, timeout: 5)
}

@MainActor
func oneWayTestingViewStoreAPI() async {
  let store = ViewStore(
    reducer: CountingReducer(),
    state: CountingReducer.State(number: 0, isLoading: false)
  )
  store.send(.increment)
  await store.expect(\.number, 1)
  await store.expect(\.number, 1, timeout: 0.1)
}

@Suite("OneWay 3.0.0's API compiles unchanged")
struct OneWay3APITests {
  @Test func compilesAndRuns() async {
    anyEffectAPI()
    effectsAPI()
    effectsBuilderAPI()
    loggingOptionsAPI()
    propertyWrappersAPI()
    await oneWayTestingAPI()
    await oneWayTestingViewStoreAPI()
    #expect(reducerAsExistential() is CountingReducer)
  }
}
