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
    let state = self.state
    guard
      let observer = persistence.attach(
        currentState: state,
        changed: state != persistence.loadedState
      )
    else { return }
    observeReductions { observer($0.action, $0.state, $0.stateChanged) }
  }
}
