/// The state of the engine behind a Swidux store: the store's ``StateStorage``.
///
/// Nothing keeps an earlier state to compare with: a Swidux store has no `states` loops,
/// every reduce counts as a change (`==` is always `false`, and Swidux's state need not be
/// `Equatable`), and each subscription compares the value at its own key path with the one it
/// last delivered (S1).
@usableFromInline
struct EngineState: Equatable, @unchecked Sendable {
  // @unchecked: the engine uses the storage only under its store's lock; a `Store` hands
  // copies of the application state to other threads only where it is `Sendable` (see
  // `Store`).
  // Unmanaged: the `StoreCore` that owns the engine holds the storage strongly for as long as
  // the engine exists, and the engine gives its state to no one else; so the engine copies its
  // state (several times per dispatch), and the reducer calls the storage, without counting
  // references.
  let storage: Unmanaged<StateStorage>

  init(storage: StateStorage) {
    self.storage = .passUnretained(storage)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool { false }
}
