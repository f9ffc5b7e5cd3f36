#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options an example takes on its command line, checked before it touches anything.
///
/// `--help` (or `-h`) prints `usage` and exits with 0; an option the example does not take
/// prints the usage to standard error and exits with 2, so that a mistyped option never runs
/// the example with a default.
public struct ExampleArguments {
  /// The arguments after the program's name that are not options.
  public let operands: [String]
  /// The options given, among those the example takes.
  public let options: Set<String>

  /// Reads the process's arguments; `options` are the flags the example takes.
  public init(usage: String, options known: Set<String> = []) {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
      print(usage)
      exit(0)
    }
    var operands: [String] = []
    var options: Set<String> = []
    for argument in arguments {
      if known.contains(argument) {
        options.insert(argument)
      } else if argument.hasPrefix("-") {
        Self.refuse("unknown option \(argument)", usage: usage)
      } else {
        operands.append(argument)
      }
    }
    self.operands = operands
    self.options = options
  }

  /// Prints `message` and the usage to standard error, and exits with 2.
  public static func refuse(_ message: String, usage: String) -> Never {
    var text = "error: \(message)\n\(usage)\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(2)
  }
}
