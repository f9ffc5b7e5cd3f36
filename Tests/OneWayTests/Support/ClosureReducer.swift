import OneWay

/// A reducer assembled from closures, so that each test states its own rules in place.
struct ClosureReducer<Action: Sendable, State: Sendable & Equatable>: Reducer {
  let body: @Sendable (inout State, Action) -> AnyEffect<Action>
  let binding: @Sendable () -> AnyEffect<Action>

  init(
    bind binding: @escaping @Sendable () -> AnyEffect<Action> = { .none },
    _ body: @escaping @Sendable (inout State, Action) -> AnyEffect<Action>
  ) {
    self.body = body
    self.binding = binding
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    body(&state, action)
  }

  func bind() -> AnyEffect<Action> {
    binding()
  }
}

/// A state that records, in order, the actions a reducer saw.
struct Log<Entry: Sendable & Equatable>: Sendable, Equatable {
  var entries: [Entry] = []
}

/// The seeds' counting reducer, verbatim in behaviour.
struct CountingReducer: Reducer {
  enum Action: Sendable, Equatable {
    case increment
    case decrement
    case twice
    case setIsLoading(Bool)
  }

  struct State: Sendable, Equatable {
    var number: Int
    var isLoading: Bool = false
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .decrement:
      state.number -= 1
      return .none
    case .twice:
      return .concat(
        .just(.setIsLoading(true)),
        .merge(
          .just(.increment),
          .just(.increment)
        ),
        .just(.setIsLoading(false))
      )
    case .setIsLoading(let isLoading):
      state.isLoading = isLoading
      return .none
    }
  }
}
