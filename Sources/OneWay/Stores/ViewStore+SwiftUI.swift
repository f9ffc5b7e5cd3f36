#if canImport(SwiftUI)
import SwiftUI

extension ViewStore {
  /// A SwiftUI binding that reads a property of the state and sends an action when written.
  ///
  /// ```swift
  /// Toggle(
  ///   "isLoading",
  ///   isOn: store.binding(\.isLoading, send: { .setIsLoading($0) })
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to read.
  ///   - action: Makes the action to send from a written value.
  public func binding<Value: Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable,
    send action: @escaping @Sendable (Value) -> Action
  ) -> Binding<Value> {
    let accessors = bindingAccessors(keyPath, send: action)
    return Binding(get: accessors.get, set: accessors.set)
  }
}
#endif

extension ViewStore {
  /// The two halves of ``binding(_:send:)``, kept outside the SwiftUI guard so that every
  /// platform compiles and tests them. SwiftUI calls both on the main actor.
  nonisolated func bindingAccessors<Value: Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable,
    send action: @escaping @Sendable (Value) -> Action
  ) -> (get: @Sendable () -> Value, set: @Sendable (Value) -> Void) {
    (
      get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
      set: { value in MainActor.assumeIsolated { self.send(action(value)) } }
    )
  }
}
