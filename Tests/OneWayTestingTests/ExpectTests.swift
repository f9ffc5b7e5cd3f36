import Clocks
import Testing

@testable import OneWayTesting

@Suite("expect on Store (X1)")
struct StoreExpectTests {
  @Test func succeedsAfterSynchronousSend() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    await sut.send(.increment)
    await sut.expect(\.count, 2)
  }

  @Test func waitsForAsynchronousEffects() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.incrementTwiceLater)
    await sut.expect(\.count, 2)
    await sut.send(.fetch)
    await sut.expect(\.text, "ok")
    await sut.expect(\.isLoading, false)
  }

  @Test func waitsForTheTestClock() async {
    let clock = TestClock()
    let sut = Store(reducer: Counter(), state: Counter.State(), clock: clock)
    await sut.send(.debouncedIncrement)
    // Moves time only once `expect` is waiting, or before: either way the debounce ends.
    async let advanced: Void = clock.advance(by: .milliseconds(301))
    // A generous timeout: `expect` returns as soon as the store is idle, and a loaded machine
    // (the thread sanitizer, parallel tests) may take a while to run the debounce's task.
    await sut.expect(\.count, 1, timeout: 30)
    await advanced
  }

  @Test func failsWithExpectedAndReceivedValues() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    let line = #line + 2
    await withKnownIssue {
      await sut.expect(\.count, 2, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.count) failed with the store idle: expected 2, received 1"
        && isRecorded(issue, at: line)
    }
  }

  @Test func x1AStoreStillBusyAtTheTimeoutPassesWithAnEqualValue() async {
    let clock = TestClock()
    let sut = Store(reducer: Counter(), state: Counter.State(), clock: clock)
    await sut.send(.increment)
    await sut.send(.debouncedNoop)  // waits on the test clock, which never moves
    await sut.expect(\.count, 1, timeout: 0.05)
    #expect(await sut.isIdle == false)
  }

  @Test func x1AStoreStillBusyAtTheTimeoutFailsWithADifferentValueAndSaysItWasBusy() async {
    let clock = TestClock()
    let sut = Store(reducer: Counter(), state: Counter.State(), clock: clock)
    await sut.send(.increment)
    await sut.send(.debouncedNoop)
    let line = #line + 2
    await withKnownIssue {
      await sut.expect(\.count, 2, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.count) failed with the store still busy after 0.05 seconds (an "
        + "action, effect, debounce wait or throttle timer in flight): expected 2, received 1"
        && isRecorded(issue, at: line)
    }
  }

  @Test func failureDumpsStringsAsSwiftLiterals() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.response("ko"))
    await withKnownIssue {
      await sut.expect(\.text, "ok", timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.text) failed with the store idle: expected \"ok\", received \"ko\""
    }
  }

  @Test func failureOfAWholeStateShowsBothValuesAndTheirDifference() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    await withKnownIssue {
      await sut.expect(\.self, Counter.State(count: 2), timeout: 0.05)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("expect(\\State.self) failed with the store idle: expected\n")
        && text.contains("received\n  Counter.State(\n    count: 1,")
        && text.contains("difference (\u{2212} expected, + received):")
        && text.contains("\u{2212}   count: 2,")
        && text.contains("+   count: 1,")
    }
  }

  @Test func goesToXCTestOutsideSwiftTesting() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    let collector = ReportCollector()
    let line = #line + 2
    await collector.collectOutsideSwiftTesting {
      await sut.expect(\.count, 2, timeout: 0.05)
    }
    let reports = collector.all
    #expect(reports.count == 1)
    #expect(reports.first?.framework == .xcTest)
    #expect(
      reports.first?.message
        == "expect(\\State.count) failed with the store idle: expected 2, received 1"
    )
    #expect(reports.first?.site.line == UInt(line))
    #expect("\(reports.first?.site.filePath ?? "")" == #filePath)
  }
}

@Suite("expect on ViewStore (X1)")
@MainActor
struct ViewStoreExpectTests {
  @Test func succeedsAfterSynchronousSend() async {
    let sut = ViewStore(reducer: Counter(), state: Counter.State())
    sut.send(.increment)
    sut.send(.increment)
    await sut.expect(\.count, 2)
  }

  @Test func waitsForAsynchronousEffects() async {
    let sut = ViewStore(reducer: Counter(), state: Counter.State())
    sut.send(.incrementTwiceLater)
    await sut.expect(\.count, 2)
    sut.send(.fetch)
    await sut.expect(\.text, "ok")
  }

  @Test func waitsForTheTestClock() async {
    let clock = TestClock()
    let sut = ViewStore(reducer: Counter(), state: Counter.State(), clock: clock)
    sut.send(.debouncedIncrement)
    async let advanced: Void = clock.advance(by: .milliseconds(301))
    // A generous timeout: `expect` returns as soon as the store is idle, and a loaded machine
    // (the thread sanitizer, parallel tests) may take a while to run the debounce's task.
    await sut.expect(\.count, 1, timeout: 30)
    await advanced
  }

  @Test func failsWithExpectedAndReceivedValues() async {
    let sut = ViewStore(reducer: Counter(), state: Counter.State())
    sut.send(.increment)
    let line = #line + 2
    await withKnownIssue {
      await sut.expect(\.count, 2, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.count) failed with the store idle: expected 2, received 1"
        && isRecorded(issue, at: line)
    }
  }

  @Test func x1AViewStoreStillBusyAtTheTimeoutPassesWithAnEqualValue() async {
    let clock = TestClock()
    let sut = ViewStore(reducer: Counter(), state: Counter.State(), clock: clock)
    sut.send(.debouncedNoop)
    await sut.expect(\.count, 0, timeout: 0.05)
    #expect(sut.isIdle == false)
  }

  @Test func x1AViewStoreStillBusyFailsWithADifferentValueAndSaysItWasBusy() async {
    let clock = TestClock()
    let sut = ViewStore(reducer: Counter(), state: Counter.State(), clock: clock)
    sut.send(.debouncedNoop)
    await withKnownIssue {
      await sut.expect(\.count, 1, timeout: 0.05)
    } matching: { issue in
      message(of: issue).contains("failed with the store still busy after 0.05 seconds")
        && message(of: issue).hasSuffix("expected 1, received 0")
    }
  }
}
