import Testing

@testable import OneWayTesting

/// The text that a recorded issue carries.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Whether `issue` was recorded at `line` of this file.
func isRecorded(_ issue: Issue, at line: Int, fileID: String = #fileID) -> Bool {
  issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == fileID
}

/// Collects the failures that reach the XCTest (or fallback) sink of `FailureReporter`.
final class ReportCollector: Sendable {
  private let reports = Locked<[FailureReporter.Report]>([])

  var all: [FailureReporter.Report] { reports.withLock { $0 } }

  func record(_ report: FailureReporter.Report) {
    reports.withLock { $0.append(report) }
  }

  /// Runs `body` in a task without Swift Testing's task-locals, so that failures are routed
  /// as they are in an XCTest test, and collects them.
  func collectOutsideSwiftTesting(_ body: @escaping @Sendable () async -> Void) async {
    await Task.detached {
      await FailureReporter.$sinkOverride.withValue({ self.record($0) }) {
        await body()
      }
    }.value
  }
}
