/// The engine's view of a store's application state: an object that holds it and reduces
/// actions into it in place.
///
/// The engine's state, ``EngineState``, holds it without naming the application state's type,
/// so that the engine's code is compiled once for Swidux, specialized, rather than run
/// generically for every application state (which costs a lookup of generic metadata at each
/// step of every dispatch). It is a class rather than a protocol so that the engine's state can
/// hold it unretained (an `Unmanaged` reference, see ``EngineState``) and call it without a
/// retain and a release at every dispatch.
@usableFromInline
class StateStorage {
  /// Runs the store's reducer on the state, in place.
  @usableFromInline
  func reduce(_ action: any Action) {
    preconditionFailure("StateStorage is abstract")
  }
}

/// The application state of one store, and its reducer.
///
/// Swidux reduces in place (`inout`), so that a reducer that appends to a large collection in
/// the state does not copy it. The engine reduces a copy of its state and commits it; with
/// the application state in this object, that copy is one reference, and the reducer changes
/// the one application state in place.
///
/// The state lives at a fixed address, so that a subscription to a stored property reads its
/// value at an offset from it (see ``ValueReader``) instead of through a key path.
@usableFromInline
final class AppStateStorage<AppState>: StateStorage {
  // Allocated and initialized here, deinitialized in `deinit`; read and written only under
  // the store's lock (the engine's isolation).
  @usableFromInline let pointer: UnsafeMutablePointer<AppState>
  let reducer: Reducer<AppState>

  init(_ appState: AppState, reducer: Reducer<AppState>) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: appState)
    self.reducer = reducer
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  var appState: AppState { pointer.pointee }

  @usableFromInline
  override func reduce(_ action: any Action) {
    reducer.reduce(&pointer.pointee, action)
  }
}
