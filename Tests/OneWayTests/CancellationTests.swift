import Testing

@testable import OneWay

/// Rules C1–C3: cancellation.
@Suite struct CancellationTests {
  enum RequestID: Hashable, Sendable { case request }

  enum Action: Sendable, Equatable {
    case request(Int)
    case response(Int)
    case cancel
  }

  /// The seeds' request/cancel reducer, parameterised by the identifier it uses.
  private func requestStore(
    id: some Hashable & Sendable,
    cancelInFlight: Bool = false,
    gate: Gate
  ) -> Store<ClosureReducer<Action, Log<Int>>, ContinuousClock> {
    Store(
      reducer: ClosureReducer<Action, Log<Int>> { state, action in
        switch action {
        case .request(let value):
          return .single {
            await gate.wait()
            return .response(value)
          }
          .cancellable(id, cancelInFlight: cancelInFlight)
        case .response(let value):
          state.entries.append(value)
          return .none
        case .cancel:
          return .cancel(id)
        }
      },
      state: Log<Int>()
    )
  }

  @Test func c1SeedCancelWithAStringIdentifier() async {
    let gate = Gate()
    let store = requestStore(id: "requestID", gate: gate)
    await store.send(.request(1))
    await store.send(.cancel)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [])
    await store.send(.request(2))
    await store.waitUntilIdle()
    #expect(await store.state.entries == [2])
  }

  @Test func c1SeedCancelWithAnEnumIdentifier() async {
    let gate = Gate()
    let store = requestStore(id: RequestID.request, gate: gate)
    await store.send(.request(1))
    await store.send(.cancel)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [])
  }

  @Test func c1IdentifiersOfDifferentTypesNeverMatch() async {
    let gate = Gate()
    let store = Store(
      reducer: ClosureReducer<Action, Log<Int>> { state, action in
        switch action {
        case .request(let value):
          return .single {
            await gate.wait()
            return .response(value)
          }
          .cancellable(1)
        case .response(let value):
          state.entries.append(value)
          return .none
        case .cancel:
          return .merge(.cancel(UInt8(1)), .cancel("1"), .cancel(1.0))
        }
      },
      state: Log<Int>()
    )
    await store.send(.request(7))
    await store.send(.cancel)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [7])
  }

  @Test func c1CancelInFlightCancelsWhatIsRegisteredFirst() async {
    let gate = Gate()
    let store = requestStore(id: "search", cancelInFlight: true, gate: gate)
    await store.send(.request(1))
    await store.send(.request(2))
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [2])
  }

  @Test func c1CancelInFlightInsideAMergeCancelsTheSiblingStartedBeforeIt() async {
    // The walk unwraps `.cancellable` in a loop: the cancel in flight of the second child must
    // still find the first one, started just before it under the same identifier.
    let gate = Gate()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        if action == "start" {
          return .merge(
            AnyEffect<String>.single {
              await gate.wait()
              return "first"
            }
            .cancellable("x"),
            AnyEffect<String>.single {
              await gate.wait()
              return "second"
            }
            .cancellable("x", cancelInFlight: true)
          )
        }
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    await store.send("start")
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["second"])
  }

  @Test func c2AnActionAlreadyProducedIsNotReducedAfterTheCancel() async {
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "start":
          return .sequence { send in
            send("first")
            send("second")
            send("third")
          }
          .cancellable("burst")
        case "first":
          state.entries.append(action)
          return .cancel("burst")
        default:
          state.entries.append(action)
          return .none
        }
      },
      state: Log<String>()
    )
    await store.send("start")
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["first"])
  }

  @Test(arguments: ["cancellable", "throttle"])
  func c2ASynchronousActionUnderAnIdentifierIsDroppedByAnEarlierCancel(modifier: String) async {
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        state.entries.append(action)
        switch action {
        case "start":
          let registered: AnyEffect<String> =
            modifier == "cancellable"
            ? .just("x").cancellable("id")
            : .just("x").throttle(id: "id", for: .seconds(1))
          return .merge(.just("cancel"), registered)
        case "cancel":
          return .cancel("id")
        default:
          return .none
        }
      },
      state: Log<String>()
    )
    await store.send("start")
    #expect(await store.state.entries == ["start", "cancel"])
    await store.waitUntilIdle()
    #expect(await store.withEngine { $0.scheduler.registry.isEmpty })
  }

  @Test func c2StressTenThousandCancelVersusDeliverRacesDeliverNothingAfterACancel() async {
    struct Race: Sendable, Equatable {
      var lastCancelled = -1
      var delivered = 0
      var deliveredAfterCancel = 0
    }
    enum RaceAction: Sendable { case start(Int), response(Int), cancel(Int) }
    let store = Store(
      reducer: ClosureReducer<RaceAction, Race> { state, action in
        switch action {
        case .start(let value):
          return .single { .response(value) }.cancellable(value)
        case .response(let value):
          state.delivered += 1
          if value <= state.lastCancelled { state.deliveredAfterCancel += 1 }
          return .none
        case .cancel(let value):
          state.lastCancelled = value
          return .cancel(value)
        }
      },
      state: Race()
    )
    for value in 0..<10_000 {
      await store.send(.start(value))
      if value.isMultiple(of: 3) { await Task.yield() }
      await store.send(.cancel(value))
    }
    await store.waitUntilIdle()
    let race = await store.state
    #expect(race.deliveredAfterCancel == 0)
    #expect(race.lastCancelled == 9_999)
  }

  @Test func c3AFinishedEffectLeavesNothingBehind() async {
    let store = Store(
      reducer: ClosureReducer<Int, Int> { state, action in
        guard action >= 0 else {
          state += 1
          return .none
        }
        return .single { -1 }.cancellable(action % 100)
      },
      state: 0
    )
    for value in 0..<100_000 { await store.send(value) }
    await store.waitUntilIdle()
    #expect(await store.state == 100_000)
    let (units, identifiers, isBusy) = await store.withEngine {
      (
        $0.scheduler.registry.count, $0.scheduler.registry.identifierCount,
        $0.scheduler.registry.isBusy
      )
    }
    #expect(units == 0)
    #expect(identifiers == 0)
    #expect(isBusy == false)
  }
}
