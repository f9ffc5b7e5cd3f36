/// Runs several reducers on the same state and actions, one after the other, and merges their
/// effects in the same order.
///
/// It is Swidux's `Reducer.combine(reducers:)` and The Composable Architecture's
/// `CombineReducers`: each reducer sees the state the previous one left, and the effects are
/// merged in the order the reducers are given, so their synchronous actions are queued in that
/// order too.
///
/// ```swift
/// let app = CombineReducers(
///   Scope(
///     state: \.counter,
///     action: AppAction.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
///   ) {
///     Counter()
///   },
///   AppCore(),
///   Analytics()
/// )
/// ```
///
/// The reducers are held as `any Reducer<Action, State>`, so they may be of different types.
/// To chain a fixed set of reducers without existentials, embed children with the modifiers
/// (``Reducer/scope(state:action:extract:child:)``,
/// ``Reducer/ifLet(_:action:extract:then:)``, ``Reducer/forEach(_:action:extract:element:)``).
public struct CombineReducers<Action: Sendable, State: Sendable & Equatable>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The reducers, in the order they run.
  public let reducers: [any Reducer<Action, State>]

  /// Creates a reducer that runs `reducers` in order.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  public init(_ reducers: any Reducer<Action, State>...) {
    self.reducers = reducers
  }

  /// Creates a reducer that runs the reducers of an array in order.
  ///
  /// ```swift
  /// let app = CombineReducers<AppAction, AppState>([AppCore(), Analytics()])
  /// ```
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  public init(_ reducers: [any Reducer<Action, State>]) {
    self.reducers = reducers
  }

  /// Runs each reducer in order on `state`, and merges their effects in that order.
  ///
  /// - Parameters:
  ///   - state: The state every reducer changes in turn.
  ///   - action: The action every reducer handles.
  /// - Returns: The reducers' effects merged in order; `.none` when none has an effect.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    var effects = EffectMerger<Action>()
    for reducer in reducers { effects.append(reducer.reduce(state: &state, action: action)) }
    return effects.merged
  }

  /// Every reducer's `bind()` effect, merged in order.
  public func bind() -> AnyEffect<Action> {
    var effects = EffectMerger<Action>()
    for reducer in reducers { effects.append(reducer.bind()) }
    return effects.merged
  }
}
