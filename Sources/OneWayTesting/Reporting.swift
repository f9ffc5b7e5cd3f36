#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a test helper was called from: the caller's `#fileID`, `#filePath`, `#line` and
/// `#column`.
package struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// The test framework that receives a failure.
enum TestFramework: Sendable, Equatable {
  case swiftTesting
  case xcTest
  case none
}

/// Reports the failures of `expect` and `TestStore` to the running test framework.
///
/// Under Swift Testing (`Test.current != nil`) a failure is an `Issue` recorded at the caller's
/// source location; otherwise it is an `XCTFail` at the caller's file and line. Where neither
/// framework can be imported, it is printed. Tests of this module replace the XCTest and
/// fallback sinks with ``sinkOverride`` to observe what they would receive.
enum FailureReporter {
  /// A failure as it reaches a sink: the framework it was routed to, the message, and where.
  struct Report: Sendable {
    let framework: TestFramework
    let message: String
    let site: CallSite
  }

  /// Replaces the XCTest and fallback sinks for the current task (Swift Testing issues are
  /// observed with `withKnownIssue` instead).
  @TaskLocal static var sinkOverride: (@Sendable (Report) -> Void)?

  /// The framework a failure reported from the current task goes to.
  static var currentFramework: TestFramework {
    #if canImport(Testing)
    if Test.current != nil { return .swiftTesting }
    #endif
    #if canImport(XCTest)
    return .xcTest
    #else
    return .none
    #endif
  }

  /// Reports `message` as a test failure at `site`.
  static func fail(_ message: String, at site: CallSite) {
    let framework = currentFramework
    if framework != .swiftTesting, let sinkOverride {
      sinkOverride(Report(framework: framework, message: message, site: site))
      return
    }
    switch framework {
    case .swiftTesting:
      #if canImport(Testing)
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: String(describing: site.fileID),
          filePath: String(describing: site.filePath),
          line: Int(site.line),
          column: Int(site.column)
        )
      )
      #endif
    case .xcTest:
      #if canImport(XCTest)
      XCTFail(message, file: site.filePath, line: site.line)
      #endif
    case .none:
      print("\(site.fileID):\(site.line): error: \(message)")
    }
  }
}
