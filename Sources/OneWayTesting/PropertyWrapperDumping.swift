import CustomDump
import OneWay

// Failure messages and diffs show a property wrapper as the value it holds, dumped the way
// CustomDump dumps that value (strings quoted, nested values as Swift), never the wrapper's
// storage. Without these, CustomDump still sees the value through the wrappers' `customMirror`,
// but prints a leaf value with `description`, which does not quote strings.

extension Triggered: CustomDumpRepresentable {
  /// The wrapped value.
  public var customDumpValue: Any { wrappedValue }
}

extension Ignored: CustomDumpRepresentable {
  /// The wrapped value.
  public var customDumpValue: Any { wrappedValue }
}

extension CopyOnWrite: CustomDumpRepresentable {
  /// The wrapped value.
  public var customDumpValue: Any { wrappedValue }
}
