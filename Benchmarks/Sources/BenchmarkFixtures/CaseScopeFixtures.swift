import OneWay
import OneWayCasePaths

// Scenario 14: scenario 11's five levels of `Scope`, each embedding its child with a case key
// path (`action: \Action.AllCasePaths.child`, OneWayCasePaths) in place of an action case and an
// `extract` closure. Each `CasePathable` conformance is written as `@CasePathable` would write
// it, so that this package builds no swift-syntax (in release, the largest part of its build). Everything else is scenario 11's: a concrete type per level, a second
// action case, the composed reducer kept in a stored property, so that what a send costs
// beyond scenario 11's is the case key path's.

/// One level of scenario 14: the counter embedded with `Scope` and a case key path.
package struct CaseScopeLevel1: Reducer {
  package enum Action: Sendable, CasePathable {
    case child(CounterReducer.Action)
    /// An action of the level's own, never sent.
    case other

    package struct AllCasePaths: Sendable {
      package var child: AnyCasePath<Action, CounterReducer.Action> {
        AnyCasePath(
          embed: Action.child,
          extract: { if case .child(let action) = $0 { action } else { nil } }
        )
      }
    }

    package static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  package struct State: Sendable, Equatable {
    package var child = CounterReducer.State()

    package init() {}
  }

  let composed = Scope(state: \State.child, action: \Action.AllCasePaths.child) {
    CounterReducer()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Two levels of scenario 14.
package struct CaseScopeLevel2: Reducer {
  package enum Action: Sendable, CasePathable {
    case child(CaseScopeLevel1.Action)
    /// An action of the level's own, never sent.
    case other

    package struct AllCasePaths: Sendable {
      package var child: AnyCasePath<Action, CaseScopeLevel1.Action> {
        AnyCasePath(
          embed: Action.child,
          extract: { if case .child(let action) = $0 { action } else { nil } }
        )
      }
    }

    package static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  package struct State: Sendable, Equatable {
    package var child = CaseScopeLevel1.State()

    package init() {}
  }

  let composed = Scope(state: \State.child, action: \Action.AllCasePaths.child) {
    CaseScopeLevel1()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Three levels of scenario 14.
package struct CaseScopeLevel3: Reducer {
  package enum Action: Sendable, CasePathable {
    case child(CaseScopeLevel2.Action)
    /// An action of the level's own, never sent.
    case other

    package struct AllCasePaths: Sendable {
      package var child: AnyCasePath<Action, CaseScopeLevel2.Action> {
        AnyCasePath(
          embed: Action.child,
          extract: { if case .child(let action) = $0 { action } else { nil } }
        )
      }
    }

    package static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  package struct State: Sendable, Equatable {
    package var child = CaseScopeLevel2.State()

    package init() {}
  }

  let composed = Scope(state: \State.child, action: \Action.AllCasePaths.child) {
    CaseScopeLevel2()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Four levels of scenario 14.
package struct CaseScopeLevel4: Reducer {
  package enum Action: Sendable, CasePathable {
    case child(CaseScopeLevel3.Action)
    /// An action of the level's own, never sent.
    case other

    package struct AllCasePaths: Sendable {
      package var child: AnyCasePath<Action, CaseScopeLevel3.Action> {
        AnyCasePath(
          embed: Action.child,
          extract: { if case .child(let action) = $0 { action } else { nil } }
        )
      }
    }

    package static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  package struct State: Sendable, Equatable {
    package var child = CaseScopeLevel3.State()

    package init() {}
  }

  let composed = Scope(state: \State.child, action: \Action.AllCasePaths.child) {
    CaseScopeLevel3()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Five levels of scenario 14: a send of `increment` goes through five `Scope`s to the
/// counter.
package struct CaseScopeLevel5: Reducer {
  package enum Action: Sendable, CasePathable {
    case child(CaseScopeLevel4.Action)
    /// An action of the level's own, never sent.
    case other

    package struct AllCasePaths: Sendable {
      package var child: AnyCasePath<Action, CaseScopeLevel4.Action> {
        AnyCasePath(
          embed: Action.child,
          extract: { if case .child(let action) = $0 { action } else { nil } }
        )
      }
    }

    package static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  package struct State: Sendable, Equatable {
    package var child = CaseScopeLevel4.State()

    package init() {}
  }

  let composed = Scope(state: \State.child, action: \Action.AllCasePaths.child) {
    CaseScopeLevel4()
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }

  /// The counter's `.increment`, embedded five times.
  package static let increment = Action.child(.child(.child(.child(.child(.increment)))))
}

extension ScopedViewStoreSends {
  /// Sends to a `CaseScopeLevel5` view store, each through five `Scope`s of case key paths.
  package static func throughCaseScope() -> ScopedViewStoreSends {
    let store = ViewStore(reducer: CaseScopeLevel5(), state: CaseScopeLevel5.State())
    return ScopedViewStoreSends { for _ in $0 { store.send(CaseScopeLevel5.increment) } }
  }
}
