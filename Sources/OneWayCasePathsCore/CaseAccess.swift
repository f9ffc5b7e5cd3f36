@_exported import CasePathsCore
import OneWay

/// A case key path's embed and extract, resolved once where an operator is built, so that the
/// reduce of each action only calls them.
@usableFromInline
struct CaseAccess<Root, Value>: Sendable {
  @usableFromInline let resolved: Case<Value>

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    resolved = Case(keyPath)
  }

  /// `value` embedded in its case.
  @inlinable
  func embed(_ value: Value) -> Root {
    // The case was built from a key path rooted at `Root`, so it embeds a `Root`.
    resolved._embed(value) as! Root
  }

  /// The value of the case, or `nil` for a root of another case.
  @inlinable
  func extract(_ root: Root) -> Value? {
    resolved._extract(from: root)
  }
}
