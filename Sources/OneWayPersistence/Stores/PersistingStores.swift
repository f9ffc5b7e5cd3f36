import OneWay

extension Store where State: Codable {
  /// Persists the store with `persistence`: from now on, every action that changes its state
  /// is written as `persistence`'s mode says, before `send` returns in journal mode.
  ///
  /// Start the store from `persistence.loadedState`. A state that already differs from it
  /// (actions `bind()` reduced in the initialiser) is written at once. A persistence persists
  /// one store; attaching a second reports ``PersistenceError/Reason/alreadyAttached``. Releasing
  /// the store flushes `persistence`.
  public func persist(with persistence: Persistence<State, Action>) {
    persistence.follow(storeChanges)
  }
}

extension ViewStore where State: Codable {
  /// Persists the store with `persistence`: from now on, every action that changes its state
  /// is written as `persistence`'s mode says, before `send` returns in journal mode.
  ///
  /// Start the store from `persistence.loadedState`. A state that already differs from it
  /// (actions `bind()` reduced in the initialiser) is written at once. A persistence persists
  /// one store; attaching a second reports ``PersistenceError/Reason/alreadyAttached``. Releasing
  /// the store flushes `persistence`.
  public func persist(with persistence: Persistence<State, Action>) {
    persistence.follow(storeChanges)
  }
}

extension ChangeReporting where ReportedState: Codable & Sendable, ReportedAction: Sendable {
  /// Persists the store (OneWayCombine's `Way`, Swidux's `Store`) with `persistence`: from now
  /// on, every action that changes its state is written as `persistence`'s mode says, before
  /// `send` (or `dispatch`) returns in journal mode.
  ///
  /// Start the store from `persistence.loadedState`. A persistence persists one store;
  /// attaching a second reports ``PersistenceError/Reason/alreadyAttached``. Releasing the store
  /// flushes `persistence`.
  ///
  /// A Swidux store reports its changes without their actions (`ReportedAction` is `Never`):
  /// persist it with snapshots, `Persistence<AppState, Never>(snapshotsAt:initialState:)`, and
  /// attach it before its first dispatch (its state need not be `Equatable`, so a change made
  /// before is not seen).
  public func persist(with persistence: Persistence<ReportedState, ReportedAction>) {
    persistence.follow(storeChanges)
  }
}
