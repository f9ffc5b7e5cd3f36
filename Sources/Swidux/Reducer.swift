/// How actions change a state: a closure that mutates the state in place.
///
/// ```swift
/// let counterReducer = Reducer<Int> { state, action in
///   switch action {
///   case CounterAction.increment: state += 1
///   case CounterAction.decrement: state -= 1
///   default: break
///   }
/// }
/// ```
///
/// A reducer written for one part of the application state runs on the whole of it through
/// ``lift(_:)``, and ``combine(reducers:)`` runs several reducers one after the other.
///
/// The closure is `@Sendable`, so that a reducer can be a global constant, as Swidux code
/// declares them, in the Swift 6 language mode; the store calls it with its lock held, never
/// on two threads at once.
///
/// Subscribers never see the state halfway through a reduce: the store tells them about a
/// change only once the whole reducer has returned, so the order of the assignments inside
/// it does not matter.
public struct Reducer<State>: Sendable {
  /// Changes the state in place for one action; the store calls it with its lock held.
  public let reduce: @Sendable (inout State, Action) -> Void

  /// Creates a reducer from the closure that changes the state for each action.
  ///
  /// - Parameter reduce: Changes the state in place for one action; actions it does not
  ///   handle leave the state as it is.
  public init(reduce: @escaping @Sendable (inout State, Action) -> Void) {
    self.reduce = reduce
  }

  /// A reducer that runs every reducer of `reducers` on the same state, in order.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState>.combine(reducers: [
  ///   counterReducer.lift(\.count),
  ///   historyReducer.lift(\.history),
  /// ])
  /// ```
  ///
  /// - Parameter reducers: The reducers to run; each sees what the ones before it changed.
  /// - Returns: A reducer of the same state.
  public static func combine(reducers: [Reducer<State>]) -> Reducer<State> {
    Reducer { state, action in
      for reducer in reducers { reducer.reduce(&state, action) }
    }
  }

  /// A reducer of a larger state that runs this reducer on the part of it at `keyPath`.
  ///
  /// ```swift
  /// let store = Store<AppState>(
  ///   initialState: AppState(),
  ///   reducer: counterReducer.lift(\.count)
  /// )
  /// ```
  ///
  /// - Parameter keyPath: Where this reducer's state is in the larger state (a key path
  ///   literal such as `\.count` is `Sendable`, as the reducer's closure needs).
  /// - Returns: A reducer of the larger state that leaves the rest of it as it is.
  public func lift<Root>(_ keyPath: WritableKeyPath<Root, State> & Sendable) -> Reducer<Root> {
    let reduce = self.reduce
    return Reducer<Root> { root, action in reduce(&root[keyPath: keyPath], action) }
  }
}
