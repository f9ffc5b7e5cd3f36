#if Combine
import Foundation
import OneWayCombine
import Testing

/// W2: `send` is synchronous with both thread options, safe from any thread with
/// `.threadSafe`, and a send made while the way reduces is queued.
@Suite struct WaySendingTests {
  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2SeedCounterReachesTwoOnTheNextLine(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(.increment)
    way.send(.decrement)
    way.send(.twice)
    #expect(way.state.number == 2)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2ASynchronousSideWayThatEndsBeforeItsActionsAreReducedLosesNone(
    threadOption: ThreadOption
  ) {
    // The outer side way emits both actions and completes during the send, so its unit ends
    // while the way is still reducing. Reducing `.run(Just)` subscribes a second synchronous
    // source, whose emission re-enters the engine under the recursive lock; the outer unit must
    // stay alive until the drain is over, or `.saveText` would be dropped (A1, C2).
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    let inner = Just(CounterWay.Action.increment).eraseToSideWay()
    way.send(
      .run([CounterWay.Action.run(inner), .saveText("kept")].publisher.eraseToSideWay())
    )
    #expect(way.state.number == 1)
    #expect(way.state.text == "kept", "no action of a unit that ended mid-drain is dropped")
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2NSWaySeedCounterReachesTwoOnTheNextLine(threadOption: ThreadOption) {
    let way = TestNSWay(
      initialState: .init(number: 0),
      subjects: Subjects(),
      threadOption: threadOption
    )
    way.send(.increment)
    way.send(.decrement)
    way.send(.twice)
    #expect(way.state.number == 2)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2InitialStateStaysWhatTheWayWasCreatedWith(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 10, text: "Hello"), threadOption: threadOption)
    way.send(.increment)
    way.send(.saveText("World"))
    #expect(way.initialState == .init(number: 10, text: "Hello"))
    #expect(way.state == .init(number: 11, text: "World"))
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2ConsumesSeveralActionsInOrder(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(.increment)
    way.send(.increment)
    way.send(.decrement)
    way.send(.twice)
    way.send(.decrement)
    #expect(way.state.number == 2)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2AHundredThousandChainedJustsAreReducedWithinOneSend(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(.incrementMany)
    #expect(way.state.number == 100_000)
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2SynchronousConcatAndMergeEmitInArgumentOrderWithinTheSend(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(
      .run(
        .concat(
          .just(.saveText("a")),
          .merge(.just(.saveNumber(1)), .just(.saveText("b")), .none),
          .concat([.just(.saveNumber(2)), .just(.saveText("c"))])
        )
      )
    )
    #expect(way.state == .init(number: 2, text: "c"))
    let texts = way.reduced.compactMap { action -> String? in
      switch action {
      case .saveText(let text): text
      case .saveNumber(let number): "\(number)"
      default: nil
      }
    }
    #expect(texts == ["a", "1", "b", "2", "c"])
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2SynchronousPublishersAreReducedWithinTheSend(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(
      .run([CounterWay.Action.increment, .increment, .saveText("done")].publisher.eraseToSideWay())
    )
    #expect(way.state == .init(number: 2, text: "done"))
    way.send(.run(.merge(Just(.increment).eraseToSideWay(), .just(.saveText("merged")))))
    #expect(way.state == .init(number: 3, text: "merged"))
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2ASendFromInsideReduceIsQueuedNotRecursive(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    way.send(.sendIncrementFromReduce)
    #expect(way.state.number == 1, "the queued action was reduced before send returned")
    #expect(way.state.text == "number was 0 during the nested send")
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2ASendFromASinkIsQueuedNotRecursive(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    let seen = Collected<Int>()
    let cancellable = way.publisher.number.sink { number in
      seen.append(number)
      if number == 1 { way.send(.increment) }
    }
    way.send(.increment)
    #expect(way.state.number == 2)
    #expect(seen.values == [0, 1, 2], "the nested send was reduced after the sink returned")
    cancellable.cancel()
  }

  @Test(arguments: [ThreadOption.current, .threadSafe])
  func w2ASendFromASideWayIsQueuedNotRecursive(threadOption: ThreadOption) {
    let way = CounterWay(initialState: .init(number: 0), threadOption: threadOption)
    let sideWay = Deferred { () -> Just<CounterWay.Action> in
      way.send(.increment)
      return Just(.saveText("after \(way.state.number)"))
    }
    way.send(.run(sideWay.eraseToSideWay()))
    #expect(way.state == .init(number: 1, text: "after 0"))
  }

  @Test func w2ThreadSafeSendFromAnotherThreadIsReducedBeforeItReturns() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .threadSafe)
    let seen = Collected<Int>()
    onThreads(1) { _ in
      way.send(.twice)
      seen.append(way.state.number)
    }
    #expect(seen.values == [2])
  }

  /// 8 threads × 10,000 sends at once: nothing lost. CI runs this under the thread sanitizer
  /// (it covers the way's lock-isolated engine and its `@unchecked Sendable` boxes).
  @Test func w2EightThreadsSendTenThousandActionsEach() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .threadSafe)
    let observed = Collected<Int>()
    let cancellable = way.publisher.number.sink { observed.append($0) }
    onThreads(8) { index in
      for _ in 0..<10_000 {
        way.send(index.isMultiple(of: 2) ? .increment : .twice)
        _ = way.state.number
      }
    }
    // 4 threads add 1, 4 threads add 2 (their `.twice` derives two increments).
    #expect(way.state.number == 4 * 10_000 + 4 * 20_000)
    let values = observed.values
    #expect(values.count == 120_001, "every state, once, starting from the current one")
    #expect(values == Array(0...120_000), "in the order they were reduced")
    cancellable.cancel()
  }

  @Test func w2CurrentWayUsedFromAnotherThreadFailsWithAMessageNamingThreadSafe() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
      onThreads(1) { _ in way.send(.increment) }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("CounterWay.send(_:)"))
    #expect(message.contains("threadOption: .threadSafe"))
  }

  @Test func w2CurrentWayResetFromAnotherThreadFailsToo() async {
    await #expect(processExitsWith: .failure) {
      let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
      onThreads(1) { _ in way.reset() }
    }
  }
}
#endif
