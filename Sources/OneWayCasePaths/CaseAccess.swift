#if CasePaths
@_exported import CasePathsCore
import OneWay

/// A key path to one case of a `@CasePathable` enum, as the operators of this module take it:
/// `action: \.counter` names the case `counter` of the enum's `AllCasePaths`, whose
/// `AnyCasePath` embeds a child action in the case and extracts it again.
///
/// The operators take this rather than a `CaseKeyPath` (`\Action.Cases.counter`), which is
/// written the same way at the call site: a `CaseKeyPath` is resolved anew on every use, by
/// swift-case-paths' `Case`, through a cast and a key-path lookup at every level; the case path
/// this key path names is read once, when the operator is built, and then costs what a pair of
/// closures costs. `TestStore.receive` takes a `CaseKeyPath`, which may name nested cases
/// (`\.counter.saved`).
public typealias CaseMemberKeyPath<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, AnyCasePath<Root, Value>
>

/// A case's embed and extract, read once from the enum's case paths where an operator is
/// built, so that the reduce of each action only calls them.
@usableFromInline
struct CaseAccess<Root, Value>: Sendable {
  @usableFromInline let casePath: AnyCasePath<Root, Value>

  @usableFromInline
  init(_ keyPath: CaseMemberKeyPath<Root, Value>) where Root: CasePathable {
    casePath = Root.allCasePaths[keyPath: keyPath]
  }

  /// `value` embedded in its case.
  @inlinable
  func embed(_ value: Value) -> Root {
    casePath.embed(value)
  }

  /// The value of the case, or `nil` for a root of another case.
  @inlinable
  func extract(_ root: Root) -> Value? {
    casePath.extract(from: root)
  }
}

/// The embedding of the case at `keyPath`, its case path read once: what a store's `scope`
/// takes as its `action`.
@inlinable
func embedding<Root: CasePathable & Sendable, Value>(
  _ keyPath: CaseMemberKeyPath<Root, Value>
) -> @Sendable (Value) -> Root {
  let access = CaseAccess(keyPath)
  return { access.embed($0) }
}

/// The embedding of the case at `keyPath`, whose payload is an element's id and a child action,
/// its case path read once: what a store's `scope` of a collection takes as its `action`.
@inlinable
func elementEmbedding<Root: CasePathable & Sendable, ID, Value>(
  _ keyPath: CaseMemberKeyPath<Root, (id: ID, action: Value)>
) -> @Sendable (ID, Value) -> Root {
  let access = CaseAccess(keyPath)
  return { access.embed((id: $0, action: $1)) }
}
#endif
