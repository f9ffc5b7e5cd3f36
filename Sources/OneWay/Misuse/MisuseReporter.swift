#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place where every ``Misuse`` goes (I1).
///
/// The default reporter fails the running test: a Swift Testing issue when a Swift Testing test
/// is running, an `XCTFail` under XCTest. It finds the test framework through OneWayTesting,
/// so the test target must link OneWayTesting, as every target that imports it does. Outside a
/// test it writes a warning to standard error.
///
/// An app may install its own reporter, to log misuses or to stop at them while debugging:
///
/// ```swift
/// MisuseReporter.current = MisuseReporter { misuse in
///   log.warning("\(misuse)")
///   MisuseReporter.default.report(misuse)
/// }
/// ```
public struct MisuseReporter: Sendable {
  /// Reports a misuse.
  public let report: @Sendable (Misuse) -> Void

  /// A reporter that hands every misuse to `report`.
  public init(_ report: @escaping @Sendable (Misuse) -> Void) {
    self.report = report
  }

  /// Fails the running test, or, outside a test, writes a warning to standard error.
  public static let `default` = MisuseReporter { misuse in
    if TestFrameworkBridge.recordInRunningTest(misuse) { return }
    warning.report(misuse)
  }

  /// Writes every misuse to standard error as a warning, in tests too.
  public static let warning = MisuseReporter { misuse in
    var line = "warning: \(misuse)\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }

  private static let installed = Locked(MisuseReporter.default)

  /// The reporter in effect for the whole process; ``default`` until an app installs another.
  public static var current: MisuseReporter {
    get { installed.withLock { $0 } }
    set { installed.withLock { $0 = newValue } }
  }
}

/// Reports `misuse` to the reporter in effect.
@usableFromInline
package func reportMisuse(_ misuse: Misuse) {
  MisuseReporter.current.report(misuse)
}

/// What OneWayTesting provides, so that a misuse fails the test it happens in.
///
/// OneWay depends on no test framework: importing one would link it into every app. A type of
/// OneWayTesting conforms instead, and OneWay finds it by its name in the runtime's type
/// metadata, which every linked module registers, whether anything calls into it or not.
package protocol MisuseTestRecorder: Sendable {
  /// Records `misuse` in the running test and returns `true`; returns `false` when no test is
  /// running.
  static func record(_ misuse: Misuse) -> Bool
}

enum TestFrameworkBridge {
  /// OneWayTesting's `MisuseTestHook`, when the process links it.
  private static let recorder: (any MisuseTestRecorder.Type)? =
    _typeByName("13OneWayTesting14MisuseTestHookV") as? any MisuseTestRecorder.Type

  static func recordInRunningTest(_ misuse: Misuse) -> Bool {
    recorder?.record(misuse) ?? false
  }
}
