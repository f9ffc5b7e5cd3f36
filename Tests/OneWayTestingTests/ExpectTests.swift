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
    await sut.expect(\.count, 1)
    await advanced
  }

  @Test func succeedsForAValueSetBySendsFromAnotherTask() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    async let sends: Void = {
      for _ in 0..<5 { await sut.send(.increment) }
    }()
    await sut.expect(\.count, 5)
    await sends
  }

  @Test func failsWithExpectedAndReceivedValues() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    let line = #line + 2
    await withKnownIssue {
      await sut.expect(\.count, 2, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.count) failed after 0.05 seconds: expected 2, received 1"
        && isRecorded(issue, at: line)
    }
  }

  @Test func failsWhileTheStoreIsBusyEvenIfTheValueMatches() async {
    let clock = TestClock()
    let sut = Store(reducer: Counter(), state: Counter.State(), clock: clock)
    await sut.send(.increment)
    await sut.send(.debouncedNoop)  // waits on the test clock, which never moves
    await withKnownIssue {
      await sut.expect(\.count, 1, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.count) failed after 0.05 seconds: expected 1 with the store idle, "
        + "received 1 but the store is still busy (an action, effect, debounce or throttle "
        + "timer is in flight)"
    }
    await clock.advance(by: .milliseconds(301))
    await sut.expect(\.count, 1)
  }

  @Test func failureDumpsStringsAsSwiftLiterals() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.response("ko"))
    await withKnownIssue {
      await sut.expect(\.text, "ok", timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "expect(\\State.text) failed after 0.05 seconds: expected \"ok\", received \"ko\""
    }
  }

  @Test func failureOfAWholeStateShowsBothValuesAndTheirDifference() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    await withKnownIssue {
      await sut.expect(\.self, Counter.State(count: 2), timeout: 0.05)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("expect(\\State.self) failed after 0.05 seconds: expected\n")
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
        == "expect(\\State.count) failed after 0.05 seconds: expected 2, received 1"
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
    await sut.expect(\.count, 1)
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
        == "expect(\\State.count) failed after 0.05 seconds: expected 2, received 1"
        && isRecorded(issue, at: line)
    }
  }

  @Test func failsWhileTheStoreIsBusyEvenIfTheValueMatches() async {
    let clock = TestClock()
    let sut = ViewStore(reducer: Counter(), state: Counter.State(), clock: clock)
    sut.send(.debouncedNoop)
    await withKnownIssue {
      await sut.expect(\.count, 0, timeout: 0.05)
    } matching: { issue in
      message(of: issue).contains(
        "expected 0 with the store idle, received 0 but the store is still busy"
      )
    }
  }
}
