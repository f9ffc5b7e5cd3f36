import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills the `PersistenceCrashTrial` program with SIGKILL at random moments while it persists,
/// then recovers what it left and checks it.
///
/// `ONEWAY_CRASH_TRIALS` sets the number of trials of each mode (100 by default).
@Suite("Crash trials", .serialized)
struct CrashTrialTests {
  static let trials = Int(ProcessInfo.processInfo.environment["ONEWAY_CRASH_TRIALS"] ?? "") ?? 100

  /// The program, built beside the test bundle.
  static var program: URL? {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("PersistenceCrashTrial")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// What one run printed before it was killed.
  struct Run {
    var acknowledged: [Int] = []
    var output = ""
  }

  /// Starts the program, waits for `acknowledgements` acks (it may send more in the meantime),
  /// then kills it with SIGKILL.
  func runAndKill(_ arguments: [String], after acknowledgements: Int) throws -> Run {
    let process = Process()
    process.executableURL = Self.program
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    var run = Run()
    var buffer = ""
    let reader = pipe.fileHandleForReading
    while run.acknowledged.count < acknowledgements || !buffer.contains("ready") {
      let data = reader.availableData
      if data.isEmpty { break }
      buffer += String(decoding: data, as: UTF8.self)
      run.acknowledged = acknowledged(in: buffer)
    }
    // A random moment within the next few actions.
    usleep(UInt32.random(in: 0...3000))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    // What was printed before the kill: every acknowledgement the program made.
    buffer += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    run.acknowledged = acknowledged(in: buffer)
    run.output = buffer
    return run
  }

  func acknowledged(in output: String) -> [Int] {
    output.split(separator: "\n").compactMap { line in
      line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
    }
  }

  /// Loads the files in a new process and returns the numbers recovered, the problems other
  /// than an interrupted append (empty if none), and how many interrupted appends it reported.
  func recover(
    _ mode: String,
    _ file: String
  ) throws -> (numbers: [Int], problems: String, interrupted: Int) {
    let process = Process()
    process.executableURL = Self.program
    process.arguments = ["recover", mode, file]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let state = lines.first(where: { $0.hasPrefix("state ") }) else {
      return ([], output, 0)
    }
    let numbers = state.dropFirst(6).split(separator: ",").compactMap { Int($0) }
    // A kill in the middle of an append leaves an unfinished record, which is reported (J3);
    // anything else is a failure.
    let others = lines.filter { $0.hasPrefix("problem ") && !$0.hasPrefix("problem interrupted ") }
    let interrupted = lines.filter { $0.hasPrefix("problem interrupted ") }.count
    return (numbers, others.isEmpty ? "" : output, interrupted)
  }

  /// Runs the trials of `mode` on one file, crash after crash, and returns how many lost an
  /// acknowledged action or recovered something else.
  func trials(_ mode: String) throws -> (trials: Int, failures: [String], interrupted: Int) {
    let folder = TemporaryFolder()
    let file = folder.file().path
    var expected: [Int] = []
    var failures: [String] = []
    var interrupted = 0
    for trial in 0..<Self.trials {
      let run = try runAndKill([mode, file], after: Int.random(in: 0...20))
      let recovered = try recover(mode, file)
      let acknowledged = expected + run.acknowledged
      let next = (acknowledged.last ?? 0) + 1
      let isExact = recovered.numbers == acknowledged || recovered.numbers == acknowledged + [next]
      if !recovered.problems.isEmpty || !isExact {
        failures.append(
          "trial \(trial): acknowledged \(acknowledged.suffix(5)), recovered "
            + "\(recovered.numbers.suffix(5)) \(recovered.problems)"
        )
      }
      interrupted += recovered.interrupted
      expected = recovered.numbers
    }
    return (Self.trials, failures, interrupted)
  }

  @Test func j3JournalModeRecoversExactlyTheAcknowledgedActionsAfterSIGKILL() async throws {
    try #require(Self.program != nil, "PersistenceCrashTrial is not built; run swift build")
    let result = try await onAThreadOfItsOwn { try CrashTrialTests().trials("journal") }
    print(
      "crash trials, journal mode: \(result.trials) trials, \(result.failures.count) lost, "
        + "\(result.interrupted) interrupted appends reported"
    )
    #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
  }

  @Test func j2SnapshotModeAlwaysLeavesOneWholeSnapshotAfterSIGKILL() async throws {
    try #require(Self.program != nil, "PersistenceCrashTrial is not built; run swift build")
    let result = try await onAThreadOfItsOwn { try CrashTrialTests().trials("snapshot") }
    print("crash trials, snapshot mode: \(result.trials) trials, \(result.failures.count) failed")
    #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
  }
}

/// Runs `body` on a thread of its own and returns what it returns. The trials block while
/// their child processes run; on the cooperative pool, which has as many threads as the
/// machine has cores, they would hold back every other test, and the timeouts those wait for.
func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
