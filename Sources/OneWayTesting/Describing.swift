import CustomDump

/// Text pieces of failure messages, written with CustomDump so that values read as Swift.
enum Describing {
  /// The value as CustomDump writes it: `2`, `"ok"`, `Feature.State(count: 1)`.
  static func dump<T>(_ value: T) -> String {
    String(customDumping: value)
  }

  /// A line-by-line difference, or `nil` when the values dump the same.
  static func difference<T>(_ expected: T, _ actual: T) -> String? {
    diff(expected, actual, format: .proportional)
  }

  /// `expected 2, received 1` when both fit on one line; otherwise both values, each on its
  /// own lines, then their difference.
  static func expectedReceived<T>(_ expected: T, _ received: T) -> String {
    let expectedText = dump(expected)
    let receivedText = dump(received)
    if !expectedText.contains("\n") && !receivedText.contains("\n") {
      return "expected \(expectedText), received \(receivedText)"
    }
    var text = "expected\n\(indent(expectedText))\nreceived\n\(indent(receivedText))"
    if let difference = difference(expected, received) {
      text += "\ndifference (\u{2212} expected, + received):\n\(indent(difference))"
    }
    return text
  }

  /// The lines of `text`, indented by two spaces.
  static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  \($0)" }
      .joined(separator: "\n")
  }

  /// `2.0 seconds`, `1 second`.
  static func seconds(_ value: Double) -> String {
    value == 1 ? "1 second" : "\(value) seconds"
  }
}
