import OneWay

// Scenario 11: composition. `ScopeLevel1` embeds the counter of scenarios 1 and 2 with `Scope`;
// each `ScopeLevelN` embeds `ScopeLevel(N-1)` the same way, so a send to `ScopeLevel5` reaches
// the counter through five `Scope`s. Each level is a concrete type, as an app's features are,
// with a second action case so that `extract` has a case to rule out. The levels themselves
// do nothing (their parent is `EmptyReducer`): what a send costs beyond scenario 1's or 2's is
// the composition's.

/// One level of scenario 11: the counter embedded with `Scope`.
package struct ScopeLevel1: Reducer {
  package enum Action: Sendable {
    case child(CounterReducer.Action)
    /// An action of the level's own, never sent.
    case other
  }

  package struct State: Sendable, Equatable {
    package var child = CounterReducer.State()

    package init() {}
  }

  let composed = Scope(
    state: \State.child,
    action: Action.child,
    extract: { if case .child(let action) = $0 { action } else { nil } }
  ) {
    CounterReducer()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }

  /// The counter's `.increment`, embedded.
  package static let increment = Action.child(.increment)
}

/// Two levels of scenario 11.
package struct ScopeLevel2: Reducer {
  package enum Action: Sendable {
    case child(ScopeLevel1.Action)
    /// An action of the level's own, never sent.
    case other
  }

  package struct State: Sendable, Equatable {
    package var child = ScopeLevel1.State()

    package init() {}
  }

  let composed = Scope(
    state: \State.child,
    action: Action.child,
    extract: { if case .child(let action) = $0 { action } else { nil } }
  ) {
    ScopeLevel1()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Three levels of scenario 11.
package struct ScopeLevel3: Reducer {
  package enum Action: Sendable {
    case child(ScopeLevel2.Action)
    /// An action of the level's own, never sent.
    case other
  }

  package struct State: Sendable, Equatable {
    package var child = ScopeLevel2.State()

    package init() {}
  }

  let composed = Scope(
    state: \State.child,
    action: Action.child,
    extract: { if case .child(let action) = $0 { action } else { nil } }
  ) {
    ScopeLevel2()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Four levels of scenario 11.
package struct ScopeLevel4: Reducer {
  package enum Action: Sendable {
    case child(ScopeLevel3.Action)
    /// An action of the level's own, never sent.
    case other
  }

  package struct State: Sendable, Equatable {
    package var child = ScopeLevel3.State()

    package init() {}
  }

  let composed = Scope(
    state: \State.child,
    action: Action.child,
    extract: { if case .child(let action) = $0 { action } else { nil } }
  ) {
    ScopeLevel3()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Five levels of scenario 11: a send of `increment` goes through five `Scope`s to the counter.
package struct ScopeLevel5: Reducer {
  package enum Action: Sendable {
    case child(ScopeLevel4.Action)
    /// An action of the level's own, never sent.
    case other
  }

  package struct State: Sendable, Equatable {
    package var child = ScopeLevel4.State()

    package init() {}
  }

  let composed = Scope(
    state: \State.child,
    action: Action.child,
    extract: { if case .child(let action) = $0 { action } else { nil } }
  ) {
    ScopeLevel4()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }

  /// The counter's `.increment`, embedded five times.
  package static let increment = Action.child(.child(.child(.child(.child(.increment)))))
}

// MARK: - Child stores

/// Scenario 11: the counter's child store of a `ScopeLevel1` store (`store.scope(state:action:)`
/// once). The child keeps its parent alive.
package func makeChildStore() async -> Store<CounterReducer, ContinuousClock> {
  let root = Store(reducer: ScopeLevel1(), state: ScopeLevel1.State())
  return await root.scope(state: \.child, action: ScopeLevel1.Action.child)
}

/// Scenario 11: the counter's child store at the end of a chain of five child stores of a
/// `ScopeLevel5` store: a send reaches the root through five embeddings, then the counter
/// through five `Scope`s, and each level's projection is committed on the way back.
package func makeChildStoreFiveLevelsDown() async -> Store<CounterReducer, ContinuousClock> {
  let root = Store(reducer: ScopeLevel5(), state: ScopeLevel5.State())
  let level4: Store<ScopeLevel4, ContinuousClock> = await root.scope(
    state: \.child,
    action: ScopeLevel5.Action.child
  )
  let level3: Store<ScopeLevel3, ContinuousClock> = await level4.scope(
    state: \.child,
    action: ScopeLevel4.Action.child
  )
  let level2: Store<ScopeLevel2, ContinuousClock> = await level3.scope(
    state: \.child,
    action: ScopeLevel3.Action.child
  )
  let level1: Store<ScopeLevel1, ContinuousClock> = await level2.scope(
    state: \.child,
    action: ScopeLevel2.Action.child
  )
  return await level1.scope(state: \.child, action: ScopeLevel1.Action.child)
}

/// Scenario 11 on the main actor: view stores made before the timed sends, and the sends, either
/// through `Scope` or to a child view store. Each has a root of its own, so that a send through
/// `Scope` pays for no child store. Nothing reads `state`, which would make the view stores
/// tell Observation about every later change.
@MainActor
package final class ScopedViewStoreSends {
  /// Sends `.increment` to the counter, embedded as the store needs, once per iteration.
  private let sendIncrements: (Range<Int>) -> Void

  init(_ sendIncrements: @escaping (Range<Int>) -> Void) {
    self.sendIncrements = sendIncrements
  }

  /// `iterations` sends to the store, each reduced before the next.
  package func send(_ iterations: Range<Int>) {
    sendIncrements(iterations)
  }

  /// Sends to a `ScopeLevel1` or `ScopeLevel5` view store (`levels` 1 or 5), each through that
  /// many `Scope`s.
  package static func throughScope(levels: Int) -> ScopedViewStoreSends {
    if levels == 1 {
      let store = ViewStore(reducer: ScopeLevel1(), state: ScopeLevel1.State())
      return ScopedViewStoreSends { for _ in $0 { store.send(ScopeLevel1.increment) } }
    }
    precondition(levels == 5, "scenario 11 nests 1 or 5 levels")
    let store = ViewStore(reducer: ScopeLevel5(), state: ScopeLevel5.State())
    return ScopedViewStoreSends { for _ in $0 { store.send(ScopeLevel5.increment) } }
  }

  /// Sends to the counter's child view store of a `ScopeLevel1` view store (`levels` 1), or at
  /// the end of a chain of five child view stores of a `ScopeLevel5` view store (`levels` 5).
  package static func toChild(levels: Int) -> ScopedViewStoreSends {
    let child: ViewStore<CounterReducer, ContinuousClock>
    if levels == 1 {
      let root = ViewStore(reducer: ScopeLevel1(), state: ScopeLevel1.State())
      child = root.scope(state: \.child, action: ScopeLevel1.Action.child)
    } else {
      precondition(levels == 5, "scenario 11 nests 1 or 5 levels")
      let root = ViewStore(reducer: ScopeLevel5(), state: ScopeLevel5.State())
      let level4: ViewStore<ScopeLevel4, ContinuousClock> = root.scope(
        state: \.child,
        action: ScopeLevel5.Action.child
      )
      let level3: ViewStore<ScopeLevel3, ContinuousClock> = level4.scope(
        state: \.child,
        action: ScopeLevel4.Action.child
      )
      let level2: ViewStore<ScopeLevel2, ContinuousClock> = level3.scope(
        state: \.child,
        action: ScopeLevel3.Action.child
      )
      let level1: ViewStore<ScopeLevel1, ContinuousClock> = level2.scope(
        state: \.child,
        action: ScopeLevel2.Action.child
      )
      child = level1.scope(state: \.child, action: ScopeLevel1.Action.child)
    }
    // The child keeps its parents alive.
    return ScopedViewStoreSends { for _ in $0 { child.send(.increment) } }
  }
}
