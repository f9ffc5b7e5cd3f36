import OneWay

/// A composed feature for the dev tools' tests: a parent that counts a child counter's saves.
/// The child's `increment` saves at once (a synchronous effect); the parent's `load` answers
/// from a task (an asynchronous effect). Everything is
/// `Codable`, so that a session of it can be recorded, replayed and turned into a test.
struct Tally: Reducer {
  struct State: Sendable, Equatable, Codable {
    var counter = Counter.State()
    var saves = 0
    var loaded: Int?
  }

  enum Action: Sendable, Equatable, Codable {
    case counter(Counter.Action)
    case load
    case loaded(Int)
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    Core()
      .scope(
        state: \.counter,
        action: Action.counter,
        extract: { if case .counter(let action) = $0 { action } else { nil } }
      ) {
        Counter()
      }
      .reduce(state: &state, action: action)
  }

  struct Core: Reducer {
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .counter(.saved):
        state.saves += 1
        return .none
      case .counter:
        return .none
      case .load:
        let count = state.counter.count
        return .single { .loaded(count * 10) }
      case .loaded(let value):
        state.loaded = value
        return .none
      }
    }
  }

  struct Counter: Reducer {
    struct State: Sendable, Equatable, Codable {
      var count = 0
      var saved = 0
    }

    enum Action: Sendable, Equatable, Codable {
      case increment
      case decrement
      case saved(Int)
    }

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .just(.saved(state.count))
      case .decrement:
        state.count -= 1
        return .none
      case .saved(let count):
        state.saved = count
        return .none
      }
    }
  }
}
