#if Combine
import OneWayCombine
import Testing

/// The Combine bridges for OneWay's own stores: `store.publisher` (current state, then every
/// changed state; dynamic member lookup as on `WayPublisher`) and effects made from
/// publishers, so that OneWay 3.x's `bind()` with `PassthroughSubject`s (its README) runs on
/// Linux too.
@Suite struct StoreBridgeTests {
  /// OneWay 3.x's README reducer, bound to two subjects as its README shows.
  struct CountingReducer: Reducer {
    enum Action: Sendable {
      case increment
      case response(String)
    }

    struct State: Sendable, Equatable {
      var number: Int
      var text = ""
    }

    // Combine's subjects are not `Sendable`, though thread-safe: a reducer keeps them boxed.
    let textPublisher: UncheckedSubject<String>
    let numberPublisher: UncheckedSubject<Int>

    init(
      textPublisher: PassthroughSubject<String, Never> = .init(),
      numberPublisher: PassthroughSubject<Int, Never> = .init(),
      bindsWithValues: Bool = false
    ) {
      self.textPublisher = UncheckedSubject(textPublisher)
      self.numberPublisher = UncheckedSubject(numberPublisher)
      self.bindsWithValues = bindsWithValues
    }
    /// Bind as the README does, with `for await ... in publisher.values`, or with the bridge.
    let bindsWithValues: Bool

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .increment:
        state.number += 1
        return .none
      case .response(let text):
        state.text = text
        return .none
      }
    }

    func bind() -> AnyEffect<Action> {
      if bindsWithValues {
        return .merge(
          .sequence { send in
            for await text in textPublisher.subject.values {
              send(Action.response(text))
            }
          },
          .sequence { send in
            for await number in numberPublisher.subject.values {
              send(Action.response(String(number)))
            }
          }
        )
      }
      return .merge(
        .publisher(textPublisher.subject.map(Action.response)),
        numberPublisher.subject.map { Action.response(String($0)) }.eraseToAnyEffect()
      )
    }
  }

  @Test(arguments: [false, true])
  func bridgeSeedBindWithSubjectsOnAStore(bindsWithValues: Bool) async {
    let reducer = CountingReducer(bindsWithValues: bindsWithValues)
    let (text, number) = (reducer.textPublisher.subject, reducer.numberPublisher.subject)
    let store = Store(
      reducer: reducer,
      state: .init(number: 0)
    )
    let texts = store.states.text
    var iterator = texts.makeAsyncIterator()
    #expect(await iterator.next() == "")
    text.send("Hello")
    #expect(await iterator.next() == "Hello")
    number.send(10)
    #expect(await iterator.next() == "10")
  }

  @Test(arguments: [false, true])
  @MainActor
  func bridgeSeedBindWithSubjectsOnAViewStore(bindsWithValues: Bool) async {
    let reducer = CountingReducer(bindsWithValues: bindsWithValues)
    let (text, number) = (reducer.textPublisher.subject, reducer.numberPublisher.subject)
    let store = ViewStore(
      reducer: reducer,
      state: .init(number: 0)
    )
    var iterator = store.states.text.makeAsyncIterator()
    #expect(await iterator.next() == "")
    text.send("Hello")
    #expect(await iterator.next() == "Hello")
    number.send(10)
    #expect(await iterator.next() == "10")
  }

  @Test func bridgePublisherEffectLosesNothingWhenASubjectSendsInABurst() async {
    let reducer = CountingReducer()
    let number = reducer.numberPublisher.subject
    let store = Store(
      reducer: reducer,
      state: .init(number: 0)
    )
    var iterator = store.states.text.makeAsyncIterator()
    #expect(await iterator.next() == "")
    for value in 1...100 { number.send(value) }
    var seen: [String] = []
    while seen.last != "100", let text = await iterator.next() { seen.append(text) }
    #expect(seen == (1...100).map(String.init))
  }

  @Test @MainActor func bridgeViewStorePublisherGivesTheCurrentStateThenChangesOnTheNextLine() {
    let store = ViewStore(
      reducer: CountingReducer(),
      state: .init(number: 0)
    )
    var numbers: [Int] = []
    var states: [CountingReducer.State] = []
    let numberCancellable = store.publisher.number.sink { numbers.append($0) }
    let stateCancellable = store.publisher.sink { states.append($0) }
    store.send(.increment)
    store.send(.response("a"))
    store.send(.increment)
    #expect(numbers == [0, 1, 2], "number only when it changed")
    #expect(states.map(\.number) == [0, 1, 1, 2], "every changed state")
    numberCancellable.cancel()
    stateCancellable.cancel()
  }

  @Test @MainActor func bridgeViewStorePublisherDoesNotKeepTheStoreAlive() {
    weak var weakStore: ViewStore<CountingReducer, ContinuousClock>?
    var cancellable: AnyCancellable?
    do {
      let store = ViewStore(
        reducer: CountingReducer(),
        state: .init(number: 0)
      )
      weakStore = store
      cancellable = store.publisher.number.sink { _ in }
    }
    #expect(weakStore == nil)
    cancellable?.cancel()
  }

  @Test func bridgeStorePublisherGivesTheCurrentStateThenChanges() async {
    let store = Store(
      reducer: CountingReducer(),
      state: .init(number: 0)
    )
    await store.send(.increment)
    let (numbers, continuation) = AsyncStream.makeStream(of: Int.self)
    let cancellable = store.publisher.number.sink { continuation.yield($0) }
    var iterator = numbers.makeAsyncIterator()
    #expect(await iterator.next() == 1, "the current state, after one hop")
    await store.send(.response("a"))
    await store.send(.increment)
    #expect(await iterator.next() == 2, "number only when it changed")
    cancellable.cancel()
  }

  @Test func bridgePublisherEffectOnAWayIsReducedBeforeTheSubjectsSendReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    way.send(.run(subject.map(CounterWay.Action.saveNumber).eraseToSideWay()))
    subject.send(3)
    #expect(way.state.number == 3)
  }
}

/// A subject carried into a `@Sendable` closure: Combine's subjects are thread-safe.
struct UncheckedSubject<Output>: @unchecked Sendable {
  let subject: PassthroughSubject<Output, Never>

  init(_ subject: PassthroughSubject<Output, Never>) {
    self.subject = subject
  }
}
#endif
