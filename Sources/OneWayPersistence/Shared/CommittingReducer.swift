import OneWay

/// What the engine of a ``SharedStore`` reduces: an action with where it comes from.
enum SharedAction<Action: Sendable>: Sendable {
  /// An action this instance appended to the journal: reduced, and its effect started.
  case committed(Action)
  /// An action another instance appended (or that loading found): reduced without its effect,
  /// which ran on the instance that committed it.
  case replayed(Action)
  /// An action an effect produced: it changes nothing until it is committed like any send.
  case proposed(Action)
}

/// The reducer of a shared store's engine: the app's reducer, with its effects' actions sent
/// back through the journal instead of being reduced at once.
struct CommittingReducer<Base: Reducer>: Reducer {
  typealias Action = SharedAction<Base.Action>
  typealias State = Base.State

  let base: Base
  /// Where proposed actions go, in the order they were reduced: to the shared store's `send`.
  let proposals: AsyncStream<Base.Action>.Continuation

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .committed(let action):
      return base.reduce(state: &state, action: action).map { .proposed($0) }
    case .replayed(let action):
      _ = base.reduce(state: &state, action: action)
      return .none
    case .proposed(let action):
      // `create` yields while the reducer runs, on the engine's executor, so that proposals
      // reach the store in the order their effects produced them; a task per proposal would
      // race its siblings.
      let proposals = proposals
      return .create { continuation in
        proposals.yield(action)
        continuation.finish()
      }
    }
  }

  func bind() -> AnyEffect<Action> {
    base.bind().map { .proposed($0) }
  }
}
