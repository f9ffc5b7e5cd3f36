import OneWay

extension Store: ChangeReporting {
  /// The store's changes, for the products built on OneWay's engine, such as
  /// OneWayPersistence's `persist(with:)`; an app has no use for them.
  ///
  /// They carry the application state after each dispatch, without its action: a Swidux
  /// action is any value, which a product could not keep. The application state need not be
  /// `Equatable`, and every dispatch counts as a change, as it does for the engine (see
  /// `EngineState`).
  public var storeChanges: StoreChanges<Never, AppState> {
    let front = core.front
    // The storage, not the core: the engine keeps the observer, and the core keeps the engine.
    let storage = core.storage
    return StoreChanges(isEqual: nil) { start in
      front.withEngine { engine in
        engine.changes(isEqual: nil, state: { _ in storage.appState }, action: { _ in nil })
          .follow(start)
      }
    }
  }
}
