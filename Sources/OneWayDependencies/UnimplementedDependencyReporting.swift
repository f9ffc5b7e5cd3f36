#if Dependencies
import Dependencies
import IssueReporting
import OneWay

extension Misuse.Kind {
  /// A dependency used in a test without a test value, or another issue that
  /// swift-dependencies reports (K4).
  public static let dependencyIssue = Misuse.Kind(rawValue: "dependency issue")
}

/// Sends what swift-dependencies reports (through IssueReporting) to OneWay's one reporter
/// (I1): in a test, it fails that test; elsewhere, it is a warning. IssueReporting's own
/// default reporter reaches Swift Testing by looking its symbols up at run time, which a
/// statically linked test binary on Linux does not allow.
enum UnimplementedDependencyReporting {
  private static let installed = Locked(false)

  /// Puts the forwarding reporter where IssueReporting's default one is, once; reporters an
  /// app installed stay.
  static func install() {
    guard
      installed.withLock({ done in
        defer { done = true }; return !done
      })
    else { return }
    IssueReporters.current = IssueReporters.current.map { reporter in
      reporter is _DefaultReporter ? MisuseForwardingReporter() : reporter
    }
  }
}

struct MisuseForwardingReporter: IssueReporter {
  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let store = DependencyValues._current[StoreNameKey.self]
    MisuseReporter.current.report(
      Misuse(
        .dependencyIssue,
        store: store,
        action: "the reduce or effect that used it",
        problem: message() ?? "swift-dependencies reported an issue",
        advice:
          "give the dependency a testValue, or set it where the store is made: "
          + "Store(reducer:state:withDependencies:) or withDependencies { } operation: { }",
        severity: severity == .warning ? .warning : .error
      )
    )
  }
}
#endif
