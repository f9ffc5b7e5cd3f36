#if Combine
import CombineSchedulers
import Foundation
import OneWayCombine
import Testing

/// W1: `SideWay`'s vocabulary and the `Publisher` helpers behave as in OneWay 1.3 (its
/// `SideWayTests`, ported), and time-based side ways run on a test scheduler (W2).
@Suite struct SideWayTests {
  struct Failure: Error {}

  @Test func w1JustEmitsAtOnce() {
    var numbers: [Int] = []
    let cancellable = SideWay<Int, Never>.just(10).sink { numbers.append($0) }
    #expect(numbers == [10])
    cancellable.cancel()
  }

  @Test func w1NoneCompletesAtOnceWithoutAValue() {
    var finished = false
    let cancellable = SideWay<Int, Never>.none.sink(
      receiveCompletion: { _ in finished = true },
      receiveValue: { _ in Issue.record("none emitted") }
    )
    #expect(finished)
    cancellable.cancel()
  }

  @Test func w1ConcatRunsOneAfterTheOtherOnATestScheduler() {
    let scheduler = DispatchQueue.test
    var numbers: [Int] = []
    let cancellable = SideWay<Int, Never>.concat(
      .just(1).delay(for: 300, scheduler: scheduler).eraseToSideWay(),
      .just(2).delay(for: 200, scheduler: scheduler).eraseToSideWay(),
      .just(3).delay(for: 100, scheduler: scheduler).eraseToSideWay()
    )
    .sink { numbers.append($0) }
    #expect(numbers == [])
    scheduler.advance(by: 300)
    #expect(numbers == [1])
    scheduler.advance(by: 200)
    #expect(numbers == [1, 2])
    scheduler.advance(by: 100)
    #expect(numbers == [1, 2, 3])
    cancellable.cancel()
  }

  @Test func w1MergeRunsTogetherOnATestScheduler() {
    let scheduler = DispatchQueue.test
    var numbers: [Int] = []
    let cancellable = SideWay<Int, Never>.merge(
      .just(1).delay(for: 300, scheduler: scheduler).eraseToSideWay(),
      .just(2).delay(for: 200, scheduler: scheduler).eraseToSideWay(),
      .just(3).delay(for: 100, scheduler: scheduler).eraseToSideWay()
    )
    .sink { numbers.append($0) }
    #expect(numbers == [])
    scheduler.advance(by: 100)
    #expect(numbers == [3])
    scheduler.advance(by: 100)
    #expect(numbers == [3, 2])
    scheduler.advance(by: 100)
    #expect(numbers == [3, 2, 1])
    cancellable.cancel()
  }

  @Test func w1ConcatAndMergeOverCollectionsAndMapKeepTheirOrder() {
    var numbers: [Int] = []
    let sideWays: [SideWay<Int, Never>] = [.just(1), .just(2), .none, .just(3)]
    let cancellable = SideWay.concat(SideWay.merge(sideWays), SideWay.concat(sideWays))
      .map { $0 * 10 }
      .sink { numbers.append($0) }
    #expect(numbers == [10, 20, 30, 10, 20, 30])
    cancellable.cancel()
  }

  @Test func w1FutureEmitsItsFirstResultOnly() {
    var numbers: [Int] = []
    let cancellable = SideWay<Int, Never>.future { promise in
      promise(.success(10))
      promise(.success(20))
      promise(.success(30))
    }
    .sink { numbers.append($0) }
    #expect(numbers == [10])
    cancellable.cancel()
  }

  @Test func w1FutureWithFailureFails() {
    var error: (any Error)?
    let cancellable = SideWay<Int, any Error>.future { $0(.failure(Failure())) }
      .sink(
        receiveCompletion: { if case .failure(let failure) = $0 { error = failure } },
        receiveValue: { _ in Issue.record("no value expected") }
      )
    #expect(error is Failure)
    cancellable.cancel()
  }

  @Test func w1ErrorInitialiserFailsAtOnce() {
    var error: (any Error)?
    let cancellable = SideWay<Int, any Error>(error: Failure())
      .sink(
        receiveCompletion: { if case .failure(let failure) = $0 { error = failure } },
        receiveValue: { _ in Issue.record("no value expected") }
      )
    #expect(error is Failure)
    cancellable.cancel()
  }

  @Test func w1CatchReplacesTheFailure() {
    var caught: (any Error)?
    var numbers: [Int] = []
    let cancellable = SideWay<Int, any Error>(error: Failure())
      .catch { error in
        caught = error
        return -1
      }
      .sink { numbers.append($0) }
    #expect(caught is Failure)
    #expect(numbers == [-1])
    cancellable.cancel()
  }

  @Test func w1CatchToResultWrapsOutputsAndTheFailure() {
    var results: [Result<Int, any Error>] = []
    let cancellable = SideWay<Int, any Error>.concat(.just(1), SideWay(error: Failure()))
      .catchToResult()
      .sink { results.append($0) }
    #expect(results.count == 2)
    #expect((try? results[0].get()) == 1)
    if case .failure(let error) = results[1] { #expect(error is Failure) } else { Issue.record() }
    cancellable.cancel()
  }

  @Test func w1CatchToResultWithTransform() {
    var numbers: [Int] = []
    let cancellable = SideWay<Int, any Error>.concat(.just(1), SideWay(error: Failure()))
      .catchToResult { result in (try? result.get()) ?? -1 }
      .sink { numbers.append($0) }
    #expect(numbers == [1, -1])
    cancellable.cancel()
  }

  @Test func w1CatchToNeverCompletesInsteadOfFailing() {
    var finished = false
    let cancellable = SideWay<Int, any Error>(error: Failure())
      .catchToNever()
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in Issue.record() })
    #expect(finished)
    cancellable.cancel()
  }

  @Test func w1CatchToReturnReplacesTheFailureWithAValue() {
    var numbers: [Int] = []
    let cancellable = SideWay<Int, any Error>(error: Failure()).catchToReturn(-1)
      .sink { numbers.append($0) }
    #expect(numbers == [-1])
    cancellable.cancel()
  }

  @Test func w1EmptyRunsForTheEffectAndEmitsNothing() {
    var finished = 0
    for sideWay in [SideWay<Int, any Error>.just(10), SideWay<Int, any Error>(error: Failure())] {
      let cancellable = sideWay.empty(outputType: Void.self, failureType: Never.self)
        .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { Issue.record() })
      cancellable.cancel()
    }
    #expect(finished == 2)
  }

  @Test func w1EraseToSideWayWithTransform() {
    var texts: [String] = []
    let cancellable = [1, 2].publisher.eraseToSideWay { "\($0)" }.sink { texts.append($0) }
    #expect(texts == ["1", "2"])
    cancellable.cancel()
  }

  @Test func w1AsyncEmitsTheOperationsResult() async {
    let value = await firstValue(of: SideWay<Int, Never>.async { await twelve() })
    #expect(value == 12)
  }

  @Test func w1AsyncThrowingEmitsTheResultOrFails() async {
    let value = await firstValue(
      of: SideWay<Int, any Error>.async { await twelve() }.catchToNever()
    )
    #expect(value == 12)
    let failure = await firstValue(
      of: SideWay<Int, any Error>.async { throw Failure() }.catchToResult().map { result in
        if case .failure(let error) = result { error is Failure ? -1 : 0 } else { 0 }
      }
    )
    #expect(failure == -1)
  }

  /// The task starts at the subscriber's first demand, so its result, even a failure thrown at
  /// once, always follows the subscription (operators such as `catch` accept nothing before).
  @MainActor @Test func w1AsyncStartsItsTaskAtTheFirstDemand() async {
    let runs = RunCount()
    let recorder = EventRecorder()
    SideWay<Int, any Error>.async { @MainActor in
      runs.value += 1
      throw Failure()
    }
    .subscribe(recorder)
    // A task started by the subscription would run here: the main actor runs it first.
    await Task.yield()
    #expect(runs.value == 0)
    let events = await recorder.events(afterRequesting: .max(1))
    #expect(runs.value == 1)
    #expect(events == ["subscription", "failure"])
  }

  /// 1.3's TestWay: a future that answers on a test scheduler is reduced when the scheduler
  /// reaches it, and only its first answer counts.
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2DelayedSideWayIsReducedWhenTheSchedulerAdvances(threadOption: ThreadOption) {
    let way = TestWay(
      initialState: .init(number: 0, text: ""),
      subjects: Subjects(),
      threadOption: threadOption
    )
    way.send(.fetchDelayedNumber)
    #expect(way.state.number == 0)
    way.scheduler.advance(by: 100)
    #expect(way.state.number == 10)
    way.scheduler.advance(by: 200)
    #expect(way.state.number == 10)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2DelayedFailureIsCaughtToAnAction(threadOption: ThreadOption) {
    let way = TestWay(
      initialState: .init(number: 0, text: ""),
      subjects: Subjects(),
      threadOption: threadOption
    )
    way.send(.fetchDelayedNumberWithError)
    #expect(way.state.number == 0)
    way.scheduler.advance(by: 100)
    #expect(way.state.number == -1)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3ResetCancelsADelayedSideWayInFlight(threadOption: ThreadOption) {
    let way = TestWay(
      initialState: .init(number: 0, text: ""),
      subjects: Subjects(),
      threadOption: threadOption
    )
    let scheduler = DispatchQueue.test
    way.send(.increment)
    let delayed = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    delayed.send(
      .run(
        .concat(
          .just(.increment),
          Just(.increment).delay(for: 100, scheduler: scheduler).eraseToSideWay()
        )
      )
    )
    #expect(delayed.state.number == 1, "the leading just is reduced within the send")
    delayed.reset()
    scheduler.advance(by: 100)
    #expect(delayed.state.number == 1, "the delayed part was cancelled")
    way.send(.fetchDelayedNumber)
    way.reset()
    way.scheduler.advance(by: 300)
    #expect(way.state.number == 1)
  }

  @Test func w2AsyncSideWayIsReducedWhenItsTaskFinishes() async {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .threadSafe)
    let numbers = AsyncStream<Int>.makeStream()
    let cancellable = way.publisher.number.sink { numbers.continuation.yield($0) }
    way.send(.run(SideWay.async { CounterWay.Action.saveNumber(await twelve()) }))
    var iterator = numbers.stream.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    #expect(await iterator.next() == 12)
    cancellable.cancel()
  }
}

private func twelve() async -> Int {
  await Task.yield()
  return 12
}

/// The first value `publisher` emits, waiting for it without a timeout.
private func firstValue<P: Publisher>(of publisher: P) async -> P.Output?
where P.Failure == Never, P.Output: Sendable {
  let box = UncheckedBox<AnyCancellable?>(nil)
  return await withCheckedContinuation { continuation in
    let resumed = UncheckedBox(false)
    box.value = publisher.sink(
      receiveCompletion: { _ in
        if !resumed.value {
          resumed.value = true
          continuation.resume(returning: nil)
        }
      },
      receiveValue: { value in
        if !resumed.value {
          resumed.value = true
          continuation.resume(returning: value)
        }
      }
    )
  }
}

@MainActor private final class RunCount {
  var value = 0
}

/// A subscriber that asks for nothing until told, and records what it receives.
private final class EventRecorder: Subscriber {
  typealias Input = Int
  typealias Failure = any Error

  private var subscription: (any Subscription)?
  private var events: [String] = []
  private var isCompleted = false
  private var completed: CheckedContinuation<[String], Never>?

  func receive(subscription: any Subscription) {
    events.append("subscription")
    self.subscription = subscription
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    events.append("value \(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<any Error>) {
    if case .failure = completion { events.append("failure") } else { events.append("finished") }
    isCompleted = true
    completed?.resume(returning: events)
    completed = nil
  }

  /// Asks the subscription for `demand` and waits for the completion, if it has not come yet.
  func events(afterRequesting demand: Subscribers.Demand) async -> [String] {
    if isCompleted { return events }
    return await withCheckedContinuation { continuation in
      completed = continuation
      subscription?.request(demand)
    }
  }
}

/// A mutable box for the callbacks of one subscription, which Combine calls one at a time.
private final class UncheckedBox<Value>: @unchecked Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
#endif
