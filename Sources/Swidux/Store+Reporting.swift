import OneWay

extension Store {
  /// The store, seen as one whose actions are `A`s by the products built on OneWay's engine
  /// that keep actions, such as OneWayDevTools' history, time travel and recordings.
  ///
  /// ```swift
  /// let devTools = store.reportingActions(AppAction.self).devTools()
  /// store.dispatch(AppAction.increment)
  /// ```
  ///
  /// A Swidux action is any value, which such a product could not keep: name the type the
  /// application dispatches. A dispatched action of another type is still reduced, but the
  /// history cannot record it, so it is reported as a misuse (I1).
  ///
  /// - Parameter actions: The type of the actions to report.
  /// - Returns: The store, reporting its actions of that type.
  public func reportingActions<A: Action>(_ actions: A.Type) -> ActionReportingStore<A, AppState> {
    ActionReportingStore(self)
  }
}

/// A Swidux ``Store`` whose changes carry its actions, as ``Store/reportingActions(_:)`` makes
/// it: for the products built on OneWay's engine; an app has no use for its changes.
public final class ActionReportingStore<ReportedAction: Action, ReportedState>: ChangeReporting {
  /// The store.
  public let store: Store<ReportedState>

  init(_ store: Store<ReportedState>) {
    self.store = store
  }

  /// The store's changes, with each action that is a `ReportedAction`; follow them at once:
  /// following takes the store's lock.
  public var storeChanges: StoreChanges<ReportedAction, ReportedState> {
    let core = store.core
    let storage = core.storage
    let handle = core.front.withEngine { Self.handle(of: $0, core) }
    return StoreChanges(isEqual: nil) { start in
      core.front.withEngine { engine in
        engine.changes(
          isEqual: nil,
          state: { _ in storage.appState },
          action: { $0.action as? ReportedAction }
        )
        .follow(start)
      }
    }
    .controlled(
      by: StoreControl(
        withHandle: { body in core.front.withEngine { _ in body(handle) } },
        access: StoreAccess(
          lock: core.front.lock,
          handle: handle,
          send: { core.dispatch($0) },
          name: "the Swidux store of \(ReportedState.self)"
        )
      )
    )
  }

  /// The handle of the store whose core is `core`, for a developer tool: the application
  /// state lives in the core's storage, which the engine's state only points to, so a state
  /// the tool puts in the store is written there before the engine commits it.
  private static func handle(
    of engine: StoreEngine<EngineReducer>,
    _ core: StoreCore<ReportedState>
  ) -> StoreHandle<ReportedAction, ReportedState> {
    let storage = core.storage
    return StoreHandle(
      state: { storage.appState },
      observe: { observer in
        engine.observeReductions(.everyAction) { reduction in
          guard let action = reduction.action.action as? ReportedAction else {
            return reportUnrecorded(reduction.action.action)
          }
          observer(
            Reduction(
              action: action,
              state: storage.appState,
              stateChanged: reduction.stateChanged,
              origin: reduction.origin
            )
          )
        }
      },
      hold: { told in engine.hold { told("\($0.action)") } },
      isHeld: { engine.isHeld },
      replace: { state in
        storage.pointer.pointee = state
        engine.replaceHeldState(engine.state)
      },
      release: { engine.release() },
      heldActions: { engine.heldActions.compactMap { $0.action as? ReportedAction } },
      reduce: { state, action in storage.reducer.reduce(&state, action) }
    )
  }

  /// Reports a dispatched action that the history cannot keep, since it is not a
  /// `ReportedAction`.
  private static func reportUnrecorded(_ action: any Action) {
    reportMisuse(
      Misuse(
        .actionNotRecorded,
        store: "the Swidux store of \(ReportedState.self)",
        action: "\(action)",
        problem: "it is not a \(ReportedAction.self), so the history cannot record it",
        advice: "Name a type that every dispatched action has in reportingActions(_:)."
      )
    )
  }
}

extension Misuse.Kind {
  /// An action dispatched to a Swidux store whose history records another type of actions
  /// (see ``Store/reportingActions(_:)``): it is reduced, but the history misses it.
  public static let actionNotRecorded = Misuse.Kind(rawValue: "action the history cannot record")
}
