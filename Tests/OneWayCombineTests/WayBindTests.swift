#if Combine
import OneWayCombine
import Testing

/// W3: `bind()` is subscribed when the way is created and again on `reset()`, which also
/// cancels every side way in flight and drops queued actions; a bound subject's `send` is
/// reduced before it returns.
@Suite struct WayBindTests {
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3BoundSubjectsAreReducedBeforeTheirSendReturns(threadOption: ThreadOption) {
    let subjects = Subjects()
    let way = TestWay(
      initialState: .init(number: 0, text: ""),
      subjects: subjects,
      threadOption: threadOption
    )
    subjects.number.send(10)
    #expect(way.state.number == 10)
    subjects.number.send(20)
    #expect(way.state.number == 20)
    subjects.number.send(30)
    #expect(way.state.number == 30)
    subjects.text.send("Hello")
    #expect(way.state.text == "Hello")
    subjects.text.send("World")
    #expect(way.state.text == "World")
  }

  @Test func w3BoundSubjectSentFromAnotherThreadIsReducedBeforeItsSendReturns() {
    let subjects = Subjects()
    let way = TestWay(
      initialState: .init(number: 0, text: ""),
      subjects: subjects,
      threadOption: .threadSafe
    )
    let seen = Collected<Int>()
    onThreads(4) { index in
      subjects.number.send(index + 1)
      seen.append(way.state.number)
    }
    #expect(seen.values.count == 4)
    #expect(seen.values.allSatisfy { $0 != 0 })
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3ResetResubscribesBindOnce(threadOption: ThreadOption) {
    let subject = CountingSubject<Int>()
    let way = BoundWay(subject: subject, threadOption: threadOption)
    #expect(subject.subscriberCount == 1, "bind() is subscribed when the way is created")
    way.reset()
    #expect(subject.subscriberCount == 1, "reset() ended the old subscription, then made one")
    subject.send(7)
    #expect(way.state == [7], "reduced once, by the new subscription")
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3ASideWayThatNeverCompletesRunsUntilReset(threadOption: ThreadOption) {
    let subject = CountingSubject<Int>()
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(.run(subject.map(CounterWay.Action.saveNumber).eraseToSideWay()))
    #expect(subject.subscriberCount == 1)
    subject.send(5)
    #expect(way.state.number == 5)
    subject.send(6)
    #expect(way.state.number == 6)
    way.reset()
    #expect(subject.subscriberCount == 0, "reset() cancelled it")
    subject.send(7)
    #expect(way.state.number == 6, "and nothing it publishes is reduced")
  }

  @Test func w3ResetDropsQueuedActionsAndKeepsTheState() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    var resetDuringReduce = false
    let cancellable = way.publisher.number.sink { number in
      guard number == 1, !resetDuringReduce else { return }
      resetDuringReduce = true
      way.send(.increment)  // queued
      way.reset()  // drops it
    }
    way.send(.twice)
    #expect(way.state.number == 1, "the second increment of .twice and the queued one dropped")
    way.send(.increment)
    #expect(way.state.number == 2, "the way goes on after reset")
    cancellable.cancel()
  }

  @Test func w3NSWayBindsItsOwnBind() {
    let subjects = Subjects()
    let way = TestNSWay(initialState: .init(number: 0), subjects: subjects)
    subjects.number.send(10)
    #expect(way.state.number == 10)
    way.reset()
    subjects.number.send(20)
    #expect(way.state.number == 20)
  }
}

/// A way that appends what its bound publisher sends.
final class BoundWay: Way<Int, [Int]> {
  let subject: CountingSubject<Int>

  init(subject: CountingSubject<Int>, threadOption: ThreadOption) {
    self.subject = subject
    super.init(initialState: [], threadOption: threadOption)
  }

  override func reduce(state: inout [Int], action: Int) -> SideWay<Int, Never> {
    state.append(action)
    return .none
  }

  override func bind() -> SideWay<Int, Never> {
    subject.eraseToSideWay()
  }
}
#endif
