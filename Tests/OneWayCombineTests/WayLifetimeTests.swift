#if Combine
import Foundation
import OneWayCombine
import Testing

/// W3: a way is deinitialized when its last reference goes, cancelling its side ways;
/// publishers and sinks do not keep it alive.
@Suite struct WayLifetimeTests {
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w3DeinitCancelsSideWaysAndBind(threadOption: ThreadOption) {
    let subject = CountingSubject<Int>()
    let bound = CountingSubject<Int>()
    weak var weakWay: CounterWay?
    do {
      let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
      weakWay = way
      way.send(.run(subject.map(CounterWay.Action.saveNumber).eraseToSideWay()))
      let bindWay = BoundWay(subject: bound, threadOption: threadOption)
      #expect(subject.subscriberCount == 1)
      #expect(bound.subscriberCount == 1)
      withExtendedLifetime(bindWay) {}
    }
    #expect(weakWay == nil)
    #expect(subject.subscriberCount == 0, "the side way in flight was cancelled")
    #expect(bound.subscriberCount == 0, "bind() was cancelled")
    subject.send(1)
    bound.send(1)
  }

  @Test func w3PublishersAndSinksDoNotKeepTheWayAlive() {
    weak var weakWay: CounterWay?
    var completed = false
    var numbers: [Int] = []
    var cancellable: AnyCancellable?
    var publisher: WayPublisher<Int>?
    do {
      let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
      weakWay = way
      publisher = way.publisher.number
      cancellable = way.publisher.number.sink(
        receiveCompletion: { _ in completed = true },
        receiveValue: { numbers.append($0) }
      )
      way.send(.increment)
    }
    #expect(weakWay == nil)
    #expect(numbers == [0, 1])
    #expect(completed, "the subscription completed when the way went away")
    var lateCompleted = false
    let late = publisher?.sink(
      receiveCompletion: { _ in lateCompleted = true },
      receiveValue: { _ in }
    )
    #expect(lateCompleted, "a subscriber that comes after the way is gone completes at once")
    cancellable?.cancel()
    late?.cancel()
  }

  @Test func w3AWayReferencedOnlyByItsSideWayIsStillDeinitialized() {
    let subject = CountingSubject<Int>()
    weak var weakWay: CounterWay?
    do {
      let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
      weakWay = way
      way.send(.run(subject.map { _ in CounterWay.Action.increment }.eraseToSideWay()))
    }
    #expect(weakWay == nil)
    #expect(subject.subscriberCount == 0)
  }

  @Test func w3NSWayDeinitCancelsItsBind() {
    let subjects = Subjects()
    weak var weakWay: TestNSWay?
    do {
      let way = TestNSWay(initialState: .init(number: 0), subjects: subjects)
      weakWay = way
      subjects.number.send(1)
      #expect(way.state.number == 1)
    }
    #expect(weakWay == nil)
    subjects.number.send(2)
  }

  /// Outputs of a side way published on another thread while the last reference goes: each
  /// is either reduced by a way that is still alive or dropped, never reduced by a dead one.
  @Test func w3DeinitRacingSideWayOutputsOnAnotherThread() {
    for _ in 0..<200 {
      let subject = CountingSubject<Int>()
      let holder = Holder(CounterWay(initialState: .init(number: 0), threadOption: .threadSafe))
      holder.way?.send(.run(subject.map(CounterWay.Action.saveNumber).eraseToSideWay()))
      onThreads(2) { index in
        if index == 0 {
          for value in 0..<50 { subject.send(value) }
        } else {
          holder.release()
        }
      }
      #expect(subject.subscriberCount == 0)
    }
  }
}

/// Holds a way until another thread releases it.
final class Holder: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var stored: CounterWay?

  init(_ way: CounterWay) {
    stored = way
  }

  var way: CounterWay? { lock.withLock { stored } }

  func release() {
    let way = lock.withLock {
      defer { stored = nil }
      return stored
    }
    withExtendedLifetime(way) {}
  }
}
#endif
