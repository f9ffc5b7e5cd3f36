#if canImport(XCTest)
import XCTest

@testable import OneWayTesting

/// Runs under XCTest (no Swift Testing task-locals), where failures must reach `XCTFail` at
/// the caller's file and line. `XCTExpectFailure` does not exist in swift-corelibs-xctest, so
/// this case overrides `recordFailure`, through which every `XCTFail` passes, to catch the
/// failures it provokes on purpose.
final class XCTestReportingTests: XCTestCase {
  private struct Failure: Equatable {
    let message: String
    let file: String
    let line: Int
  }

  private let caught = Locked<[Failure]?>(nil)

  /// Catches the failures `body` reports, instead of failing the test.
  private func catchingFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async -> Void
  ) async -> [Failure] {
    caught.withLock { $0 = [] }
    await body()
    return caught.withLock { caught in
      defer { caught = nil }
      return caught ?? []
    }
  }

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    let isCaught = caught.withLock { caught -> Bool in
      guard caught != nil else { return false }
      caught?.append(Failure(message: description, file: filePath, line: lineNumber))
      return true
    }
    if !isCaught {
      super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
    }
  }

  func testFailuresAreRoutedToXCTest() {
    XCTAssertEqual(FailureReporter.currentFramework, .xcTest)
  }

  func testExpectSucceeds() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.incrementTwiceLater)
    await sut.expect(\.count, 2)
  }

  func testExpectFailureReachesXCTFailAtTheCallersLine() async {
    let sut = Store(reducer: Counter(), state: Counter.State())
    await sut.send(.increment)
    let line = #line + 2
    let failures = await catchingFailures {
      await sut.expect(\.count, 2, timeout: 0.05)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.file, "\(#filePath)")
    XCTAssertTrue(
      failures.first?.message.contains(
        "expect(\\State.count) failed with the store idle: expected 2, received 1"
      ) == true,
      failures.first?.message ?? "no failure"
    )
  }

  @MainActor
  func testViewStoreExpectFailureReachesXCTFail() async {
    let sut = ViewStore(reducer: Counter(), state: Counter.State())
    sut.send(.increment)
    let failures = await catchingFailures {
      await sut.expect(\.count, 3, timeout: 0.05)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("expected 3, received 1") == true,
      failures.first?.message ?? "no failure"
    )
  }

  /// I1: a misuse the engine detects fails the XCTest test it happens in, like the Swift
  /// Testing ones (`m4...` in OneWayTests, with `withKnownIssue`).
  func testI1ASendToAnEndedChildStoreReachesXCTFail() async {
    enum Action: Sendable {
      case child(Counter.Action)
      case present
      case dismiss
    }
    let parent = Reduce<Action, Counter.State?> { state, action in
      switch action {
      case .present: state = Counter.State()
      case .dismiss: state = nil
      case .child: break
      }
      return .none
    }
    let store = Store(reducer: parent, state: Counter.State())
    let child: Store<Counter, ContinuousClock>? = await store.scope(
      state: \.self,
      action: Action.child
    )
    await store.send(.dismiss)
    await store.send(.present)
    let failures = await catchingFailures {
      await child?.send(.increment)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("Store<Counter, ContinuousClock> received send(increment)")
        == true,
      failures.first?.message ?? "no failure"
    )
    let state = await store.state
    XCTAssertEqual(state, Counter.State(), "the new child is untouched")
  }

  func testTestStoreSucceeds() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    await store.send(.fetch) { $0.isLoading = true }
    await store.receive(.response("ok")) {
      $0.isLoading = false
      $0.text = "ok"
    }
    await store.finish()
  }

  func testTestStoreFailureReachesXCTFailAtTheCallersLine() async {
    let store = TestStore(reducer: Counter(), state: Counter.State())
    let line = #line + 2
    let failures = await catchingFailures {
      await store.receive(.increment, timeout: 0.05)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertTrue(
      failures.first?.message.contains(
        "receive(Counter.Action.increment): no action arrived within 0.05 seconds and the "
          + "store is idle"
      ) == true,
      failures.first?.message ?? "no failure"
    )
    await store.finish()
  }
}
#endif
