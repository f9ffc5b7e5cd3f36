#if Combine
import OneWayCombine
import Testing

/// W3: `way.publisher` gives each subscriber the current state, then the state after every
/// reduce, equal to the one before or not (OneWay 1.3's README: `number <- 10, 10, 20, 20`
/// prints 10, 10, 20, 20 through `publisher.map(\.number)`); `way.publisher.number` only a
/// changed `number` (10, 20).
@Suite struct WayObservationTests {
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3PublisherNumberRemovesDuplicates(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    var numbers: [Int] = []
    let cancellable = way.publisher.number.sink { numbers.append($0) }
    for number in [10, 10, 20, 20, 10, 30, 30, 30] { way.send(.saveNumber(number)) }
    #expect(numbers == [0, 10, 20, 10, 30])
    cancellable.cancel()
  }

  /// The seed's example: `publisher.map(\.number)` repeats an equal number, `publisher.number`
  /// does not.
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3PublisherEmitsEqualStatesAndPublisherNumberDropsRepeats(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    var mapped: [Int] = []
    var numbers: [Int] = []
    let mappedCancellable = way.publisher.map(\.number).sink { mapped.append($0) }
    let numberCancellable = way.publisher.number.sink { numbers.append($0) }
    for number in [10, 10, 20, 20] { way.send(.saveNumber(number)) }
    #expect(mapped == [0, 10, 10, 20, 20])
    #expect(numbers == [0, 10, 20])
    mappedCancellable.cancel()
    numberCancellable.cancel()
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3NSWayPublisherEmitsEqualStatesAndPublisherNumberDropsRepeats(threadOption: ThreadOption) {
    let way = TestNSWay(
      initialState: .init(number: 0),
      subjects: Subjects(),
      threadOption: threadOption
    )
    var states: [TestNSWay.State] = []
    var numbers: [Int] = []
    let statesCancellable = way.publisher.sink { states.append($0) }
    let numberCancellable = way.publisher.number.sink { numbers.append($0) }
    for number in [10, 10, 20, 20] { way.send(.saveNumber(number)) }
    #expect(states.map(\.number) == [0, 10, 10, 20, 20])
    #expect(numbers == [0, 10, 20])
    statesCancellable.cancel()
    numberCancellable.cancel()
  }

  /// Every reduce, not every `send`: a reduce that changes another field, and one that changes
  /// nothing (`.twice` itself, before its two increments), emit too. `@Triggered` changes what
  /// `publisher.number` sees, not what `publisher` emits.
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3PublisherEmitsTheStateAfterEveryReduceEqualOrNot(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    var numbers: [Int] = []
    let cancellable = way.publisher.map(\.number).sink { numbers.append($0) }
    way.send(.saveNumber(10))
    way.send(.saveText("a"))
    way.send(.saveNumber(10))
    way.send(.twice)
    #expect(numbers == [0, 10, 10, 10, 10, 11, 12])
    cancellable.cancel()

    let triggered = TriggeredWay(initialState: .init(number: 0), threadOption: threadOption)
    var assigned: [Int] = []
    var distinct: [Int] = []
    let triggeredCancellable = triggered.publisher.map(\.number).sink { assigned.append($0) }
    let distinctCancellable = triggered.publisher.number.sink { distinct.append($0) }
    for number in [10, 10, 20, 20] { triggered.send(number) }
    #expect(assigned == [0, 10, 10, 20, 20])
    #expect(distinct == [0, 10, 20], "publisher.number compares the values")
    triggeredCancellable.cancel()
    distinctCancellable.cancel()
  }

  /// A subscriber that comes after equal states gets the current state first, once, then the
  /// state after each reduce.
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3ANewSubscriberGetsTheCurrentStateFirst(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    _ = way.publisher  // the relay exists before any subscriber
    way.send(.saveNumber(5))
    way.send(.saveNumber(5))
    way.send(.saveText("unseen"))
    var states: [CounterWay.State] = []
    let cancellable = way.publisher.sink { states.append($0) }
    #expect(states == [.init(number: 5, text: "unseen")])
    way.send(.saveNumber(5))
    #expect(states.map(\.number) == [5, 5])
    cancellable.cancel()

    let nsWay = TestNSWay(
      initialState: .init(number: 0),
      subjects: Subjects(),
      threadOption: threadOption
    )
    nsWay.send(.saveNumber(7))
    var numbers: [Int] = []
    let nsCancellable = nsWay.publisher.map(\.number).sink { numbers.append($0) }
    #expect(numbers == [7])
    nsWay.send(.saveNumber(7))
    #expect(numbers == [7, 7])
    nsCancellable.cancel()
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3EachNewSubscriberStartsFromTheCurrentState(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    var first: [Int] = []
    let firstCancellable = way.publisher.sink { first.append($0.number) }
    way.send(.increment)
    var second: [Int] = []
    let secondCancellable = way.publisher.sink { second.append($0.number) }
    way.send(.twice)
    // `.twice` leaves the state as it is (W3 emits it), then its two increments change it.
    #expect(first == [0, 1, 1, 2, 3], "every intermediate state of .twice")
    #expect(second == [1, 1, 2, 3])
    firstCancellable.cancel()
    way.send(.increment)
    #expect(first == [0, 1, 1, 2, 3], "nothing after cancel")
    #expect(second == [1, 1, 2, 3, 4])
    secondCancellable.cancel()
  }

  @Test func w3ASubscriberWithLimitedDemandGetsTheLatestStateWhenItAsks() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    let subscriber = DemandSubscriber()
    way.publisher.map(\.number).subscribe(subscriber)
    #expect(subscriber.values == [], "no demand yet")
    way.send(.increment)
    subscriber.request(1)
    #expect(subscriber.values == [1], "the current state, not the one it missed")
    way.send(.increment)
    way.send(.increment)
    subscriber.request(2)
    #expect(subscriber.values == [1, 3])
    way.send(.increment)
    #expect(subscriber.values == [1, 3, 4])
    subscriber.cancel()
  }

  @Test func w3SubscribingFromInsideASinkStartsFromTheStateBeingPublished() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    var inner: [Int] = []
    var innerCancellable: AnyCancellable?
    let outer = way.publisher.number.sink { number in
      guard number == 1, innerCancellable == nil else { return }
      innerCancellable = way.publisher.number.sink { inner.append($0) }
    }
    way.send(.increment)
    way.send(.increment)
    #expect(inner == [1, 2])
    outer.cancel()
    innerCancellable?.cancel()
  }

  /// `objectWillChange` is SwiftUI's: it fires for a changed state only, unlike `publisher`.
  @Test func w3ObjectWillChangeFiresOncePerChangedState() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    var count = 0
    let cancellable = way.objectWillChange.sink { count += 1 }
    way.send(.increment)
    way.send(.saveNumber(1))
    way.send(.twice)
    #expect(count == 3)
    cancellable.cancel()
  }

  @Test func w3NSWayPublishesLikeAWay() {
    let subjects = Subjects()
    let way = TestNSWay(initialState: .init(number: 0), subjects: subjects)
    var numbers: [Int] = []
    let cancellable = way.publisher.number.sink { numbers.append($0) }
    way.send(.twice)
    subjects.number.send(10)
    subjects.number.send(10)
    #expect(numbers == [0, 1, 2, 10])
    var changes = 0
    let willChange = way.objectWillChange.sink { changes += 1 }
    way.send(.decrement)
    #expect(changes == 1)
    cancellable.cancel()
    willChange.cancel()
  }
}

/// A way whose `number` is `@Triggered`: assigning an equal value is a change.
final class TriggeredWay: Way<Int, TriggeredWay.State> {
  struct State: Equatable {
    @Triggered var number: Int
  }

  override func reduce(state: inout State, action: Int) -> SideWay<Int, Never> {
    state.number = action
    return .none
  }
}

/// A subscriber that asks for values only when told to.
final class DemandSubscriber: Subscriber {
  typealias Input = Int
  typealias Failure = Never

  private(set) var values: [Int] = []
  private var subscription: (any Subscription)?

  func receive(subscription: any Subscription) {
    self.subscription = subscription
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    values.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  func request(_ demand: Int) {
    subscription?.request(.max(demand))
  }

  func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}
#endif
