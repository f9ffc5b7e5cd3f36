import Clocks
import Testing

@testable import OneWayTesting

@Suite("TestStore: what passes")
struct TestStorePassingTests {
  @Test func sendAssertsEachStateChange() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
    await store.send(.noop)
    #expect(await store.state.count == 1)
    await store.finish()
  }

  @Test func receivesTheActionOfAnAsynchronousEffect() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.fetch) { $0.isLoading = true }
    await store.receive(.response("ok")) {
      $0.isLoading = false
      $0.text = "ok"
    }
    await store.finish()
  }

  @Test func receivesEveryActionOfASequenceInOrder() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.incrementTwiceLater)
    // Generous timeouts: they only matter when a loaded machine (the thread sanitizer, the
    // suite's stress tests) is slow to run the effect's task.
    await store.receive(.increment, timeout: 30) { $0.count = 1 }
    await store.receive(.increment, timeout: 30) { $0.count = 2 }
    await store.finish(timeout: 30)
  }

  @Test func receivesTheActionOfASynchronousEffect() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    // The sent action's own change is asserted alone, before `.just`'s action.
    await store.send(.incrementAndEcho) { $0.count = 1 }
    await store.receive(.response("echo")) { $0.text = "echo" }
    await store.finish()
  }

  @Test func timeMovesOnlyWithTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(reducer: Counter(), state: Counter.State(), clock: clock)
    await store.send(.debouncedIncrement)
    await clock.advance(by: .milliseconds(299))
    #expect(await store.state.count == 0)
    await clock.advance(by: .milliseconds(2))
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func cancellingALongLivingEffectEndsIt() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.startTimer)
    await store.receive(.tick, timeout: 30) { $0.count = 1 }
    await store.send(.stopTimer)
    await store.finish(timeout: 30)
  }

  @Test func actionsOfBindMustBeReceivedFirst() async {
    let store = TestStore(reducer: Bound(), state: Bound.State())
    await store.receive(.bound) { $0.isBound = true }
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func nonExhaustiveChecksOnlyWhatTheTestSets() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    store.exhaustivity = .off
    await store.send(.fetch)  // `isLoading` changes, unasserted
    await store.receive(.response("ok")) { $0.text = "ok" }  // `isLoading` unasserted
    await store.send(.increment) { $0.count = 1 }
    // No `finish()`: leftovers are not failures either.
  }

  @Test func nonExhaustiveReceiveSkipsToTheNamedAction() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    store.exhaustivity = .off
    await store.send(.loadAll)
    await store.receive(.response("done")) { $0.text = "done" }  // `.increment` skipped
    #expect(await store.state.count == 1)
  }
}

@Suite("TestStore: what fails, and what it says")
struct TestStoreFailureTests {
  @Test func sendWithAWrongExpectation() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    let line = #line + 2
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      // CustomDump marks unchanged lines with a figure space (U+2007).
      message(of: issue)
        == "send(Counter.Action.increment): the state does not match the expectation "
        + "(− expected, + actual):\n"
        + "  \u{2007} Counter.State(\n"
        + "  −   count: 2,\n"
        + "  +   count: 1,\n"
        + "  \u{2007}   text: \"\",\n"
        + "  \u{2007}   isLoading: false\n"
        + "  \u{2007} )"
        && isRecorded(issue, at: line)
    }
    await store.finish()
  }

  @Test func sendThatChangesTheStateWithoutAClosure() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "send(Counter.Action.increment): the state changed, but the test expected no change "
          + "(− expected, + actual):\n"
      ) && text.contains("−   count: 0,") && text.contains("+   count: 1,")
    }
    await store.finish()
  }

  @Test func sendBeforeReceivingWhatEffectsFedBack() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.incrementAndEcho) { $0.count = 1 }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      message(of: issue) == """
        send(Counter.Action.increment): 1 action must be received before sending another:
          Counter.Action.response("echo")
        """
    }
    await store.finish()
  }

  @Test func sendBeforeReceivingWhatBindEmitted() async {
    let store = TestStore(reducer: Bound(), state: Bound.State())
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      message(of: issue) == """
        send(Bound.Action.increment): 1 action must be received before sending another:
          Bound.Action.bound
        """
    }
    await store.finish()
  }

  @Test func receiveOfAnotherAction() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.fetch) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(.response("ko"))
    } matching: { issue in
      message(of: issue) == """
        receive(Counter.Action.response("ko")): received an unexpected action \
        (− expected, + received):
          − Counter.Action.response("ko")
          + Counter.Action.response("ok")
        """
    }
    await store.finish()
  }

  @Test func receiveWithAWrongExpectation() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.fetch) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(.response("ok")) { $0.text = "ok" }  // forgets `isLoading`
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "receive(Counter.Action.response(\"ok\")): the state does not match the expectation "
          + "(− expected, + actual):\n"
      ) && text.contains("−   isLoading: true") && text.contains("+   isLoading: false")
    }
    await store.finish()
  }

  @Test func receiveWhenNothingArrivesAndTheStoreIsIdle() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.increment) { $0.count = 1 }
    let line = #line + 2
    await withKnownIssue {
      await store.receive(.increment, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "receive(Counter.Action.increment): no action arrived within 0.05 seconds and the "
        + "store is idle"
        && isRecorded(issue, at: line)
    }
    await store.finish()
  }

  @Test func receiveWhileEffectsWaitOnTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(reducer: Counter(), state: Counter.State(), clock: clock)
    await store.send(.debouncedIncrement)
    await withKnownIssue {
      await store.receive(.increment, timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "receive(Counter.Action.increment): no action arrived within 0.05 seconds; effects "
        + "are still in flight (is the test clock advanced past their deadlines?)"
    }
    await clock.advance(by: .milliseconds(301))
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func nonExhaustiveReceiveThatNeverComes() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    store.exhaustivity = .off
    await store.send(.loadAll)
    await withKnownIssue {
      await store.receive(.response("ko"), timeout: 0.5)
    } matching: { issue in
      let text = message(of: issue)
      // Whether the effect's task has ended by then is up to the scheduler, not the test.
      return text.hasPrefix(
        "receive(Counter.Action.response(\"ko\")): no action arrived within 0.5 seconds"
      )
        && text.hasSuffix(
          """

          skipped (exhaustivity .off):
            Counter.Action.increment
            Counter.Action.response("done")
          """
        )
    }
  }

  @Test func nonExhaustiveSendWithAWrongField() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("send(Counter.Action.increment): the state does not match")
        && text.contains("−   count: 5,") && text.contains("+   count: 1,")
    }
  }

  @Test func finishWithAnEffectInFlight() async {
    let clock = TestClock()
    let store = TestStore(reducer: Counter(), state: Counter.State(), clock: clock)
    await store.send(.debouncedIncrement)
    let line = #line + 2
    await withKnownIssue {
      await store.finish(timeout: 0.05)
    } matching: { issue in
      message(of: issue)
        == "finish(): effects are still in flight after 0.05 seconds: advance the test clock "
        + "past their deadlines, or cancel them, before the test ends"
        && isRecorded(issue, at: line)
    }
  }

  @Test func finishWithAnUnreceivedAction() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.fetch) { $0.isLoading = true }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      message(of: issue) == """
        finish(): the store received 1 action that the test did not receive:
          Counter.Action.response("ok")
        """
    }
  }

  @Test func deinitWithAnUnreceivedAction() async {
    let line = #line + 2
    await withKnownIssue {
      let store = TestStore(reducer: Counter(), state: Counter.State())
      await store.send(.incrementAndEcho) { $0.count = 1 }
    } matching: { issue in
      message(of: issue) == """
        The test store was deinitialized with 1 action that the test did not receive:
          Counter.Action.response("echo")
        """
        && isRecorded(issue, at: line)
    }
  }

  @Test func deinitWithoutFinishAfterEffectsStarted() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(reducer: Counter(), state: Counter.State(), clock: clock)
      await store.send(.debouncedIncrement)
    } matching: { issue in
      message(of: issue)
        == "The test store was deinitialized without `await store.finish()` after a send that "
        + "started effects, which may still be in flight: end the test with "
        + "`await store.finish()`"
    }
  }

  @Test func failuresGoToXCTestOutsideSwiftTesting() async {
    let collector = ReportCollector()
    let line = #line + 3
    await collector.collectOutsideSwiftTesting {
      let store = TestStore(reducer: Counter(), state: Counter.State())
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    }
    let reports = collector.all
    #expect(reports.count == 1)
    #expect(reports.first?.framework == .xcTest)
    #expect(reports.first?.site.line == UInt(line))
    #expect(
      reports.first?.message.hasPrefix(
        "send(Counter.Action.increment): the state does not match the expectation"
      ) == true
    )
  }
}

@Suite("TestStore: property wrappers and assertion closures (X2)")
struct TestStoreWrapperTests {
  @Test func x2ATriggeredFieldIsAssertedByValueHoweverOftenTheReducerAssignedIt() async {
    let store = TestStore(reducer: Wrapped(), state: Wrapped.State())
    await store.send(.countTwice(2)) { $0.count = 2 }
    await store.send(.count(2))  // an equal value: no change for the test to assert
    await store.send(.count(3)) { $0.count = 3 }
    await store.finish()
  }

  @Test func x2AssertionClosuresMayCaptureLocalVariables() async {
    let store = TestStore(reducer: Wrapped(), state: Wrapped.State())
    var expected: [String] = []
    expected.append("a")
    await store.send(.add("a")) { $0.items = expected }
    expected.append("b")
    await store.send(.addLater("b"))
    await store.receive(.add("b")) { $0.items = expected }
    await store.finish()
  }

  @Test @MainActor func x2AssertionClosuresMayCaptureLocalVariablesOnTheMainActor() async {
    let store = TestStore(reducer: Wrapped(), state: Wrapped.State())
    var expected = Wrapped.State()
    expected.items = ["a"]
    await store.send(.add("a")) { $0 = expected }
    expected.items.append("b")
    await store.send(.addLater("b"))
    await store.receive(.add("b")) { $0.items = expected.items }
    await store.finish()
  }

  @Test func x2DiffsShowWrappedValuesNeverTheWrappersInternals() async {
    let store = TestStore(reducer: Wrapped(), state: Wrapped.State())
    await withKnownIssue {
      await store.send(.countTwice(2)) { $0.count = 3 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("−   _count: 3,") && text.contains("+   _count: 2,")
        && text.contains("_items: []") && text.contains("_note: \"\"")
        && !text.contains("generation") && !text.contains("Triggered")
        && !text.contains("CopyOnWrite") && !text.contains("Storage")
        && !text.contains("Ignored")
    }
    await store.finish()
  }

  @Test func x2AnIgnoredFieldIsNeverChecked() async {
    // Documented: `@Ignored` takes no part in `==`, so neither a missing nor a wrong
    // expectation of it fails; read `store.state` to check it.
    let store = TestStore(reducer: Wrapped(), state: Wrapped.State())
    await store.send(.note("kept"))
    await store.send(.note("again")) { $0.note = "anything" }
    #expect(await store.state.note == "again")
    await store.finish()
  }
}
