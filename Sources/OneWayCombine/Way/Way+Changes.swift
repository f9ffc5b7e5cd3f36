#if Combine
import OneWay

extension Way: ChangeReporting {
  /// The way's changes, for the products built on OneWay's engine, such as
  /// OneWayPersistence's `persist(with:)` and OneWayDevTools' `devTools()`; an app has no use
  /// for them.
  ///
  /// Read it on the way's thread (or any thread, with `.threadSafe`), and follow it at once:
  /// following takes the way's lock.
  public var storeChanges: StoreChanges<Action, State> {
    let front = self.front
    let handle = front.withEngine { Self.handle(of: $0, self.observation) }
    return StoreChanges(isEqual: ==) { start in
      front.withEngine { engine in
        engine.changes(isEqual: nil, state: \.value, action: \.value).follow(start)
      }
    }
    .controlled(
      by: StoreControl(
        withHandle: { body in front.withEngine { _ in body(handle) } },
        access: StoreAccess(
          lock: front.lock,
          handle: handle,
          send: { front.send(WayValue($0)) },
          name: nameForMessages
        )
      )
    )
  }

  /// The handle of the way whose engine is `engine`, for a developer tool: a state it puts in
  /// the way is published as a reduce's would be, since the way's publisher is fed by the
  /// channel of reductions, which is not told of it.
  private static func handle(
    of engine: StoreEngine<WayReducer<Action, State>>,
    _ observation: WayObservation<State>
  ) -> StoreHandle<Action, State> {
    let replace = { (state: State) in
      engine.replaceHeldState(WayValue(state))
      observation.didReduce(to: state, changed: true)
    }
    return StoreHandle(
      state: { engine.state.value },
      observe: { observer in
        engine.observeReductions(.everyAction) { reduction in
          observer(
            Reduction(
              action: reduction.action.value,
              state: reduction.state.value,
              stateChanged: reduction.stateChanged,
              origin: reduction.origin
            )
          )
        }
      },
      hold: { told in engine.hold { told("\($0.value)") } },
      isHeld: { engine.isHeld },
      replace: replace,
      release: { engine.release() },
      heldActions: { engine.heldActions.map(\.value) },
      reduce: { state, action in
        var value = WayValue(state)
        engine.reduceWithoutEffects(&value, WayValue(action))
        state = value.value
      }
    )
  }
}

extension NSWay: ChangeReporting {
  /// The way's changes, for the products built on OneWay's engine, such as
  /// OneWayPersistence's `persist(with:)` and OneWayDevTools' `devTools()`; an app has no use
  /// for them.
  ///
  /// Read it on the way's thread (or any thread, with `.threadSafe`), and follow it at once:
  /// following takes the way's lock.
  public var storeChanges: StoreChanges<Action, State> {
    way.storeChanges
  }
}
#endif
