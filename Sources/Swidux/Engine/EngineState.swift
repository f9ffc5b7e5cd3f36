/// The application state as the engine holds it: in a box that the reducer changes in place.
///
/// Swidux reduces in place (`inout`) so that a reducer that appends to a large collection in
/// the state does not copy it. The engine reduces a copy of its state and commits it; with
/// the state in a box, that copy is one reference, and the reducer changes the one state in
/// place. Nothing keeps an earlier state to compare with: the store has no `states` loops,
/// every reduce counts as a change (`==` is always `false`, and Swidux's state need not be
/// `Equatable`), and each subscription compares the value at its own key path with the one
/// it last delivered (S1).
struct EngineState<AppState>: Equatable, @unchecked Sendable {
  // @unchecked: the engine reads and writes the box only under its store's lock; a `Store`
  // hands copies of the state to other threads only where `AppState: Sendable` (see `Store`).
  let box: StateBox<AppState>

  init(_ appState: AppState) {
    box = StateBox(appState)
  }

  static func == (lhs: Self, rhs: Self) -> Bool { false }

  /// The value at `keyPath`, in a form the engine's subscriptions accept.
  subscript<Value>(subscribed keyPath: KeyPath<AppState, Value>) -> SubscribedValue<Value> {
    SubscribedValue(box.appState[keyPath: keyPath])
  }
}

/// The one application state of a store.
final class StateBox<AppState> {
  var appState: AppState

  init(_ appState: AppState) {
    self.appState = appState
  }
}
