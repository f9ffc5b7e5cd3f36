/// A reducer made of a closure: a feature's own logic inside a ``Reducer/body``.
///
/// ```swift
/// var body: some Reducer<Action, State> {
///   Scope(state: \.counter, action: Action.counter, extract: { ... }) { Counter() }
///   Reduce { state, action in
///     switch action {
///     case .counter(.increment): state.total += 1
///     case .counter, .reset: break
///     }
///     return .none
///   }
/// }
/// ```
///
/// It is The Composable Architecture's `Reduce`. The closure is pure and synchronous, as
/// ``Reducer/reduce(state:action:)`` is.
public struct Reduce<Action: Sendable, State: Sendable & Equatable>: Reducer {
  // Inlinable: every action of a reducer with a body goes through `reduce`.

  @usableFromInline let run: @Sendable (inout State, Action) -> AnyEffect<Action>

  /// Creates a reducer that runs `reduce` on every action.
  ///
  /// - Parameter reduce: Changes the state in place for an action and returns the effect to
  ///   run afterwards.
  @inlinable
  public init(
    _ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> AnyEffect<Action>
  ) {
    run = reduce
  }

  /// Creates a reducer that runs another reducer: a hand-written reducer inside a body.
  ///
  /// - Parameter reducer: The reducer to run.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.Action == Action, R.State == State {
    run = { reducer.reduce(state: &$0, action: $1) }
  }

  /// Runs the closure.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    run(&state, action)
  }
}
