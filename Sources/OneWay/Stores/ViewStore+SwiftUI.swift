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
      Binding(
        get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
        set: { value in MainActor.assumeIsolated { self.send(action(value)) } }
      )
    }
  }
#endif
