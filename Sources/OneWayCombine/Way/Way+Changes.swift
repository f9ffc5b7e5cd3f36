import OneWay

extension Way: ChangeReporting {
  /// The way's changes, for the products built on OneWay's engine, such as
  /// OneWayPersistence's `persist(with:)`; an app has no use for them.
  ///
  /// Read it on the way's thread (or any thread, with `.threadSafe`), and follow it at once:
  /// following takes the way's lock.
  public var storeChanges: StoreChanges<Action, State> {
    let front = self.front
    return StoreChanges(isEqual: ==) { start in
      front.withEngine { engine in
        engine.changes(isEqual: nil, state: \.value, action: \.value).follow(start)
      }
    }
  }
}
