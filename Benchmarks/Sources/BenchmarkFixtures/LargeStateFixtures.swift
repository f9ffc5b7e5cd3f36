import OneWay

/// The reducer of scenario 10: a state holding a large array, one append per action.
package struct LargeStateReducer: Reducer {
  package enum Action: Sendable {
    /// Appends one element.
    case append
    /// Drops the elements past the first `count`, to bring the state back to its size between
    /// samples (not timed).
    case truncate(to: Int)
  }

  package struct State: Sendable, Equatable {
    package var values: [Int]

    package init(count: Int) {
      values = Array(0..<count)
    }
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .append:
      state.values.append(state.values.count)
    case .truncate(let count):
      state.values.removeSubrange(count...)
    }
    return .none
  }
}

/// How many appends one sample of scenario 10 times: few enough that the state grows by at
/// most 10 % during a sample at the smallest size.
package let appendsPerSample = 100

/// Scenario 10: a store with a large state, with or without a `states` loop.
package final class LargeStateStore: Sendable {
  package let store: Store<LargeStateReducer, ContinuousClock>
  let size: Int
  let latch: Latch
  let loop: Task<Void, Never>?

  /// A store of `size` elements; `observed` starts a `states` loop and waits until it has the
  /// initial state, unobserved turns O7's backlog off so that nothing needs the previous state.
  package static func make(size: Int, observed: Bool) async -> LargeStateStore {
    let initial = Store(reducer: LargeStateReducer(), state: LargeStateReducer.State(count: size))
    let store = observed ? initial : await initial.withoutStatesBacklog()
    let latch = Latch()
    var loop: Task<Void, Never>?
    if observed {
      latch.arm(1)
      loop = Task {
        for await _ in store.states { latch.arrive() }
      }
      await latch.wait()
    }
    return LargeStateStore(store: store, size: size, latch: latch, loop: loop)
  }

  private init(
    store: Store<LargeStateReducer, ContinuousClock>,
    size: Int,
    latch: Latch,
    loop: Task<Void, Never>?
  ) {
    self.store = store
    self.size = size
    self.latch = latch
    self.loop = loop
  }

  /// `count` appends; with a loop, returns once it has received every state.
  package func append(_ count: Int) async {
    if loop != nil { latch.arm(count) }
    for _ in 0..<count { await store.send(.append) }
    if loop != nil { await latch.wait() }
  }

  /// Brings the state back to its size (not timed).
  package func restore() async {
    if loop != nil { latch.arm(1) }
    await store.send(.truncate(to: size))
    if loop != nil { await latch.wait() }
  }

  /// A store built as the README builds one, with no `states` loop and no opt-out, after
  /// `warmUp` appends (scenario 12): past its 65th state it keeps no backlog (O7).
  package static func makeDefault(size: Int, warmUp: Int) async -> LargeStateStore {
    let store = Store(reducer: LargeStateReducer(), state: LargeStateReducer.State(count: size))
    let fixture = LargeStateStore(store: store, size: size, latch: Latch(), loop: nil)
    await fixture.append(warmUp)
    return fixture
  }

  package func tearDown() async {
    loop?.cancel()
    await loop?.value
  }
}

/// The hand-written references for scenario 10: an actor that runs the same reducer on its
/// own state, either in place (the physical limit of one append) or as the engine did before
/// reducing in place: copy, reduce the copy, compare, commit.
package actor LargeStateBareActor {
  let reducer = LargeStateReducer()
  var state: LargeStateReducer.State
  var changes = 0

  package init(size: Int) {
    state = LargeStateReducer.State(count: size)
  }

  package func appendInPlace() {
    let effect = reducer.reduce(state: &state, action: .append)
    withExtendedLifetime(effect) {}
  }

  package func appendCopyAndCompare() {
    var next = state
    let effect = reducer.reduce(state: &next, action: .append)
    if next != state { changes &+= 1 }
    state = next
    withExtendedLifetime(effect) {}
  }

  package func restore(size: Int) {
    state.values.removeSubrange(size...)
  }
}
