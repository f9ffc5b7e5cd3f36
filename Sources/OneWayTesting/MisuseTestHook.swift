#if canImport(Testing)
import Testing
#endif

/// Fails the running test with a misuse OneWay found (I1): OneWay's default reporter finds
/// this type by name (see `MisuseTestRecorder`), so a test target that links OneWayTesting
/// fails at a misuse instead of printing a warning.
///
/// A Swift Testing issue when a Swift Testing test is running, or when the process runs
/// Swift Testing's tests and the misuse happened outside a test's task (a detached task); an
/// `XCTFail` in an XCTest run. Warnings are Swift Testing warnings, which fail nothing, and are
/// left to OneWay's warning on standard error elsewhere.
package struct MisuseTestHook: MisuseTestRecorder {
  package static func record(_ misuse: Misuse) -> Bool {
    switch TestProcess.current {
    case .swiftTesting:
      #if canImport(Testing)
      Issue.record(
        Comment(rawValue: misuse.description),
        severity: misuse.severity == .warning ? .warning : .error
      )
      return true
      #else
      return false
      #endif
    case .xcTest:
      guard misuse.severity == .error else { return false }
      FailureReporter.fail(misuse.description, at: TestProcess.unknownSite)
      return true
    case .none:
      return false
    }
  }
}

/// Which test framework runs the current code, if any.
enum TestProcess {
  case swiftTesting
  case xcTest
  case none

  static var current: TestProcess {
    #if canImport(Testing)
    if Test.current != nil { return .swiftTesting }
    #endif
    return runner
  }

  /// How this process was started: SwiftPM runs a test binary once for XCTest and once with
  /// `--testing-library swift-testing`; Xcode runs bundles through `xctest`.
  static let runner: TestProcess = {
    let arguments = CommandLine.arguments
    if let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count,
      arguments[flag + 1] == "swift-testing"
    {
      return .swiftTesting
    }
    let isTestBinary = arguments.contains { argument in
      argument.hasSuffix(".xctest") || argument.hasSuffix("/xctest") || argument == "xctest"
    }
    return isTestBinary ? .xcTest : .none
  }()

  /// A misuse has no call site in the test: it happens inside a store.
  static let unknownSite = CallSite(
    fileID: "OneWay/Misuse",
    filePath: "OneWay/Misuse",
    line: 0,
    column: 0
  )
}

#if canImport(Testing)
/// Runs `body`, which must report at least one misuse through OneWay's reporter (I1): each
/// is a known issue of the running test, not a failure. Returns their messages, so that a
/// test checks what they name. For this package's tests; a user writes `withKnownIssue`.
@discardableResult
package func expectingMisuses(
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async -> [String] {
  let messages = Locked<[String]>([])
  await withKnownIssue(isolation: isolation, sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    guard text.hasPrefix("OneWay:") else { return false }
    messages.withLock { $0.append(text) }
    return true
  }
  return messages.withLock { $0 }
}
#endif
