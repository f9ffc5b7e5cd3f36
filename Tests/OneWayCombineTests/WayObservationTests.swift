import OneWayCombine
import Testing

/// W3: `way.publisher` gives each subscriber the current state, then every state that differs
/// from the one before; `way.publisher.number` only a changed `number`.
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

  /// OneWay 1.3 published the state after every `send`, equal or not, so that
  /// `publisher.map(\.number)` repeated equal numbers. W3 publishes only changed states; a
  /// property that must be seen on every assignment is marked `@Triggered` (P1).
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3PublisherMapSeesEveryChangedStateAndTriggeredSeesEveryAssignment(
    threadOption: ThreadOption
  ) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    var numbers: [Int] = []
    let cancellable = way.publisher.map(\.number).sink { numbers.append($0) }
    way.send(.saveNumber(10))
    way.send(.saveText("a"))
    way.send(.saveNumber(10))
    way.send(.saveNumber(20))
    #expect(numbers == [0, 10, 10, 20], "once per changed state: the text change repeats 10")
    cancellable.cancel()

    let triggered = TriggeredWay(initialState: .init(number: 0), threadOption: threadOption)
    var assigned: [Int] = []
    let triggeredCancellable = triggered.publisher.map(\.number).sink { assigned.append($0) }
    for number in [10, 10, 20, 20] { triggered.send(number) }
    #expect(assigned == [0, 10, 10, 20, 20])
    triggeredCancellable.cancel()
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
    #expect(first == [0, 1, 2, 3], "every intermediate state of .twice")
    #expect(second == [1, 2, 3])
    firstCancellable.cancel()
    way.send(.increment)
    #expect(first == [0, 1, 2, 3], "nothing after cancel")
    #expect(second == [1, 2, 3, 4])
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
