import Clocks
import OneWay

/// A counter whose effects exercise every path of `expect` and `TestStore`.
struct Counter: Reducer {
  enum Action: Sendable, Equatable {
    case increment
    case decrement
    case incrementLater
    case incrementTwiceLater
    case debouncedIncrement
    case debouncedNoop
    case noop
    case fetch
    case response(String)
    case incrementAndEcho
    case startTimer
    case tick
    case stopTimer
    case loadAll
  }

  struct State: Sendable, Equatable {
    var count = 0
    var text = ""
    var isLoading = false
  }

  enum ID: Hashable, Sendable { case debounce, timer }

  let response: @Sendable () async -> String

  init(response: @escaping @Sendable () async -> String = { "ok" }) {
    self.response = response
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .incrementLater:
      return .single { .increment }
    case .incrementTwiceLater:
      return .sequence { send in
        send(.increment)
        send(.increment)
      }
    case .debouncedIncrement:
      return AnyEffect.just(.increment).debounce(id: ID.debounce, for: .milliseconds(300))
    case .debouncedNoop:
      return AnyEffect.just(.noop).debounce(id: ID.debounce, for: .milliseconds(300))
    case .noop:
      return .none
    case .fetch:
      state.isLoading = true
      let response = self.response
      return .single { .response(await response()) }
    case .response(let text):
      state.isLoading = false
      state.text = text
      return .none
    case .incrementAndEcho:
      state.count += 1
      return .just(.response("echo"))
    case .startTimer:
      return .sequence { send in
        // Never finishes on its own: only `.stopTimer` ends it.
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        send(.tick)
        for await _ in stream {}  // ends when the effect's task is cancelled
        continuation.finish()
      }
      .cancellable(ID.timer)
    case .tick:
      state.count += 1
      return .none
    case .stopTimer:
      return .cancel(ID.timer)
    case .loadAll:
      return .concat(
        .single { .increment },
        .single { .response("done") }
      )
    }
  }
}

/// A reducer whose `bind()` emits at once: its action must be received like any other.
struct Bound: Reducer {
  enum Action: Sendable, Equatable {
    case bound
    case increment
  }

  struct State: Sendable, Equatable {
    var isBound = false
    var count = 0
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .bound:
      state.isBound = true
    case .increment:
      state.count += 1
    }
    return .none
  }

  func bind() -> AnyEffect<Action> {
    .just(.bound)
  }
}

/// A reducer whose state holds each property wrapper, for what `TestStore` checks and shows.
struct Wrapped: Reducer {
  enum Action: Sendable, Equatable {
    case count(Int)
    case countTwice(Int)
    case add(String)
    case addLater(String)
    case note(String)
  }

  struct State: Sendable, Equatable {
    @Triggered var count = 0
    @CopyOnWrite var items: [String] = []
    @Ignored var note = ""
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .count(let count):
      state.count = count
    case .countTwice(let count):
      state.count = count
      state.count = count
    case .add(let item):
      state.items.append(item)
    case .addLater(let item):
      return .just(.add(item))
    case .note(let note):
      state.note = note
    }
    return .none
  }
}
