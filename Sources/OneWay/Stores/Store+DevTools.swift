/// How a developer tool reaches a `Store` or a `ViewStore`: their part of ``StoreChanges``
/// (see ``StoreControl``), on their isolation.
extension Store {
  /// The tool's way to the store from any task: a hop to the store's actor.
  package nonisolated var storeAccess: StoreAccess<Action, State> {
    StoreAccess(
      run: { body in await self.withHandle(body) },
      send: { action in await self.send(action) },
      isChildStore: parent != nil,
      name: "the store of \(R.self)"
    )
  }

  private func withHandle(_ body: @Sendable (StoreHandle<Action, State>) -> Void) {
    body(engine.handle)
  }
}

extension ViewStore {
  /// The tool's way to the store from any task: a hop to the main actor.
  package nonisolated var storeAccess: StoreAccess<Action, State> {
    StoreAccess(
      run: { body in await MainActor.run { body(self.engine.handle) } },
      send: { action in await self.send(action) },
      isChildStore: parent != nil,
      name: "the view store of \(R.self)"
    )
  }
}
