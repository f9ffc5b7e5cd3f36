#if Dependencies
import Dependencies
import OneWay

/// A reducer whose reduces, `bind()` and effects see its base's dependencies changed (K3):
/// the reducer and the children it is made of see the change, its siblings and its parent do
/// not. Build it with ``OneWay/Reducer/dependency(_:_:)`` or
/// ``OneWay/Reducer/transformDependency(_:transform:)``.
public struct DependencyModifiedReducer<Base: Reducer>: Reducer {
  /// The base reducer's actions.
  public typealias Action = Base.Action
  /// The base reducer's state.
  public typealias State = Base.State

  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  /// Reduces `action` with the base reducer, the changed dependencies in force; its effect
  /// runs every piece of its work with them too, however late (K2).
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let context = changed()
    return context.run { base.reduce(state: &state, action: action) }.inside(context)
  }

  /// The base reducer's `bind()` effect, made and run with the changed dependencies.
  public func bind() -> AnyEffect<Action> {
    let context = changed()
    return context.run { base.bind() }.inside(context)
  }

  /// The dependencies in force, changed.
  private func changed() -> DependencyContext {
    DependencyContext(withDependencies(update) { DependencyValues._current })
  }
}

extension Reducer {
  /// Sets a dependency for this reducer, the children it is made of, and their effects;
  /// never for its siblings or its parent (K3).
  ///
  /// ```swift
  /// Scope(state: \.search, action: Action.search) {
  ///   Search().dependency(\.searchClient, .failing)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - value: Its value for this reducer.
  /// - Returns: The reducer, with the dependency set.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyModifiedReducer<Self> {
    DependencyModifiedReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes a dependency for this reducer, the children it is made of, and their effects;
  /// never for its siblings or its parent (K3).
  ///
  /// ```swift
  /// Counter().transformDependency(\.self) { $0.date = .constant(.distantPast) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - transform: Changes the value in force.
  /// - Returns: The reducer, with the dependency changed.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyModifiedReducer<Self> {
    DependencyModifiedReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}
#endif
