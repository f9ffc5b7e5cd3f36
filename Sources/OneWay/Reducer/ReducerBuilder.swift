/// Builds a reducer's ``Reducer/body`` from a list of reducers, run in the order they are
/// written, their effects merged in that order (M5).
///
/// ```swift
/// var body: some Reducer<Action, State> {
///   Scope(state: \.counter, action: Action.counter, extract: { ... }) { Counter() }
///   Reduce { state, action in
///     // the parent's own logic, which sees each child action after the child
///     .none
///   }
/// }
/// ```
///
/// The list is chained statically (no existentials): each reducer sees the state the previous
/// one left. `if`, `if`-`else` and `switch` choose reducers by a condition the reducer knows
/// when its body is built (a stored property, not the state).
@resultBuilder
public enum ReducerBuilder<Action: Sendable, State: Sendable & Equatable> {
  // Inlinable: the builder's reducers run on every action of a reducer with a body.

  /// A reducer written in the body, as it is.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.Action == Action, R.State == State {
    reducer
  }

  /// The first reducer of the body.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.Action == Action, R.State == State {
    first
  }

  /// The reducers so far, then `next`.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0,
    next: R1
  ) -> ReducerSequence<R0, R1>
  where R0.Action == Action, R0.State == State, R1.Action == Action, R1.State == State {
    ReducerSequence(accumulated, next)
  }

  /// An empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<Action, State> {
    EmptyReducer()
  }

  /// The reducers of an `if` without `else`, when its condition holds.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.Action == Action, R.State == State {
    OptionalReducer(reducer)
  }

  /// The reducers of the first branch of an `if`-`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> EitherReducer<First, Second>
  where
    First.Action == Action, First.State == State, Second.Action == Action,
    Second.State == State
  {
    .first(reducer)
  }

  /// The reducers of the second branch of an `if`-`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> EitherReducer<First, Second>
  where
    First.Action == Action, First.State == State, Second.Action == Action,
    Second.State == State
  {
    .second(reducer)
  }
}

/// Two reducers run one after the other on the same state and action, their effects merged in
/// that order: what ``ReducerBuilder`` makes of a body's list.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.Action == R1.Action, R0.State == R1.State {
  // Inlinable: see ``ReducerBuilder``.

  /// The reducers' actions.
  public typealias Action = R0.Action
  /// The reducers' state.
  public typealias State = R0.State

  @usableFromInline let first: R0
  @usableFromInline let second: R1

  /// Creates a reducer that runs `first`, then `second`.
  @inlinable
  public init(_ first: R0, _ second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs the first reducer, then the second, and merges their effects in that order.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let firstEffect = first.reduce(state: &state, action: action)
    let secondEffect = second.reduce(state: &state, action: action)
    return .merging(firstEffect, secondEffect)
  }

  /// Both reducers' `bind()` effects, merged in order.
  public func bind() -> AnyEffect<Action> {
    .merging(first.bind(), second.bind())
  }
}

/// A reducer that runs only when it is present: what ``ReducerBuilder`` makes of an `if`
/// without `else`.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  /// The wrapped reducer's actions.
  public typealias Action = Wrapped.Action
  /// The wrapped reducer's state.
  public typealias State = Wrapped.State

  @usableFromInline let wrapped: Wrapped?

  /// Creates a reducer that runs `wrapped` when it is not `nil`.
  @inlinable
  public init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  /// Runs the wrapped reducer if there is one; `.none` otherwise.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    wrapped?.reduce(state: &state, action: action) ?? .none
  }

  /// The wrapped reducer's `bind()` effect, if there is one.
  public func bind() -> AnyEffect<Action> {
    wrapped?.bind() ?? .none
  }
}

/// One of two reducers: what ``ReducerBuilder`` makes of an `if`-`else` or a `switch`.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.Action == Second.Action, First.State == Second.State {
  /// The reducers' actions.
  public typealias Action = First.Action
  /// The reducers' state.
  public typealias State = First.State

  /// The first branch's reducer.
  case first(First)
  /// The second branch's reducer.
  case second(Second)

  /// Runs the reducer of the branch that was taken.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch self {
    case .first(let reducer): reducer.reduce(state: &state, action: action)
    case .second(let reducer): reducer.reduce(state: &state, action: action)
    }
  }

  /// The `bind()` effect of the branch that was taken.
  public func bind() -> AnyEffect<Action> {
    switch self {
    case .first(let reducer): reducer.bind()
    case .second(let reducer): reducer.bind()
    }
  }
}
