import Testing

@testable import OneWay

/// Rules E1–E4: asynchronous effects.
@Suite struct EffectTests {
  enum Action: Sendable, Equatable {
    case start
    case value(Int)
    case done
  }

  private func store(
    _ effect: @escaping @Sendable () -> AnyEffect<Action>
  ) -> Store<ClosureReducer<Action, Log<Action>>, ContinuousClock> {
    Store(
      reducer: ClosureReducer<Action, Log<Action>> { state, action in
        if action == .start { return effect() }
        state.entries.append(action)
        return .none
      },
      state: Log<Action>()
    )
  }

  @Test func e1ActionsOfOneEffectAreReducedInEmissionOrder() async {
    let store = store {
      .sequence { send in
        for value in 0..<200 { send(.value(value)) }
      }
    }
    await store.send(.start)
    await store.waitUntilIdle()
    #expect(await store.state.entries == (0..<200).map { .value($0) })
  }

  @Test func e1AStoreIsDeinitializedWhileEffectsRunAndItsDeinitCancelsThem() async {
    let started = Counter()
    let cancelled = Counter()
    weak var weakStore: Store<ClosureReducer<Action, Log<Action>>, ContinuousClock>?
    do {
      let store = store {
        .single {
          await started.increment()
          await withTaskCancellationHandler {
            await neverEnding()
          } onCancel: {
            Task { await cancelled.increment() }
          }
          return .done
        }
      }
      weakStore = store
      await store.send(.start)
      await started.wait(until: 1)
    }
    #expect(weakStore == nil)
    await cancelled.wait(until: 1)
    #expect(await cancelled.value == 1)
  }

  @Test func e2ConcatRunsEffectsOneAfterTheOther() async {
    let store = store {
      .concat(
        .single { .value(1) },
        .sequence { send in
          send(.value(2))
          send(.value(3))
        },
        .single { .value(4) }
      )
    }
    await store.send(.start)
    await store.waitUntilIdle()
    #expect(await store.state.entries == [.value(1), .value(2), .value(3), .value(4)])
  }

  @Test func e2MergeRunsEffectsAtTheSameTime() async throws {
    let gate = Gate()
    let store = store {
      .merge(
        .single {
          await gate.wait()
          return .value(1)
        },
        .single { .value(2) }
      )
    }
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    await store.send(.start)
    // The second effect finishes while the first one still waits: they run together.
    #expect(await states.next()?.entries == [.value(2)])
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [.value(2), .value(1)])
  }

  @Test func e3SequenceSendIsCallableFromAnyContext() async {
    let store = store {
      .sequence { send in
        await Task.detached { send(.value(1)) }.value
        await MainActor.run { send(.value(2)) }
        send(.value(3))
      }
    }
    await store.send(.start)
    await store.waitUntilIdle()
    #expect(await store.state.entries == [.value(1), .value(2), .value(3)])
  }

  @Test func e3CreateDeliversValuesYieldedAfterBuildReturns() async {
    let gate = Gate()
    let store = store {
      .create { continuation in
        Task {
          await gate.wait()
          continuation.yield(.value(1))
          continuation.yield(.value(2))
          continuation.finish()
        }
      }
    }
    await store.send(.start)
    #expect(await store.isIdle == false)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [.value(1), .value(2)])
  }

  @Test func e3CustomEffectsRunThroughTheirValues() async {
    struct Countdown: Effect {
      var values: AsyncStream<Action> {
        AsyncStream { continuation in
          for value in (1...3).reversed() { continuation.yield(.value(value)) }
          continuation.finish()
        }
      }
    }
    let store = store { Countdown().eraseToAnyEffect() }
    await store.send(.start)
    await store.waitUntilIdle()
    #expect(await store.state.entries == [.value(3), .value(2), .value(1)])
  }

  @Test func e4StackedCancellableModifiersKeepEveryIdentifier() async {
    for id in ["inner", "outer"] {
      let gate = Gate()
      let store = Store(
        reducer: ClosureReducer<String, Log<String>> { state, action in
          switch action {
          case "start":
            return .single {
              await gate.wait()
              return "response"
            }
            .cancellable("inner")
            .cancellable("outer")
          case "cancel":
            return .cancel(id)
          default:
            state.entries.append(action)
            return .none
          }
        },
        state: Log<String>()
      )
      await store.send("start")
      await store.send("cancel")
      await gate.open()
      await store.waitUntilIdle()
      #expect(await store.state.entries == [], "cancelling \(id)")
    }
  }

  @Test func e4ModifiersNestedInsideConcatAreHonoured() async {
    let started = Counter()
    let gate = Gate()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "start":
          return .concat(
            .single { "first" },
            .single {
              await started.increment()
              await gate.wait()
              return "cancelled response"
            }
            .cancellable("nested"),
            .just("after")
          )
        case "cancel":
          return .cancel("nested")
        default:
          state.entries.append(action)
          return .none
        }
      },
      state: Log<String>()
    )
    await store.send("start")
    await started.wait(until: 1)
    await store.send("cancel")
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == ["first", "after"])
  }

  @Test func aPriorityNamedByConcatOrMergeReachesTheEffectsInside() async {
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        if action == "start" {
          return .merge(
            .merge(priority: .background, .single { "merge \(Task.currentPriority)" }),
            .concat(priority: .low, .single { "concat \(Task.currentPriority)" })
          )
        }
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    await store.send("start")
    await store.waitUntilIdle()
    #expect(
      await Set(store.state.entries)
        == ["merge \(TaskPriority.background)", "concat \(TaskPriority.low)"]
    )
  }

  @Test func aPriorityNamedByATopLevelSingleOrSequenceReachesItsTask() async {
    // A lone asynchronous effect is walked without the chain's loop or the work list; the
    // priority it names must still reach its task.
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "single":
          return .single(priority: .background) { "single \(Task.currentPriority)" }
        case "sequence":
          return .sequence(priority: .low) { send in send("sequence \(Task.currentPriority)") }
        default:
          state.entries.append(action)
          return .none
        }
      },
      state: Log<String>()
    )
    await store.send("single")
    await store.send("sequence")
    await store.waitUntilIdle()
    #expect(
      await Set(store.state.entries)
        == ["single \(TaskPriority.background)", "sequence \(TaskPriority.low)"]
    )
  }

  @Test func e1ASingleOrSequenceThatNamesNoPriorityInheritsTheCurrentOne() {
    // Without `priority:`, a call picks the overload that never builds a `TaskPriority?`; the
    // effect it makes must be the one the overload with `priority: nil` makes. The two
    // overloads exist, with these shapes:
    let withoutPriority: (@escaping @Sendable () async -> Int) -> AnyEffect<Int> =
      AnyEffect<Int>.single(operation:)
    let sequenceWithoutPriority:
      (@escaping @Sendable (@escaping @Sendable (Int) -> Void) async -> Void) -> AnyEffect<Int> =
        AnyEffect<Int>.sequence(operation:)
    #expect(withoutPriority { 1 }.effectPriority == .inherited)
    #expect(sequenceWithoutPriority { _ in }.effectPriority == .inherited)
    let single = AnyEffect<Int>.single { 1 }
    let sequence = AnyEffect<Int>.sequence { send in send(1) }
    let namedSingle = AnyEffect<Int>.single(priority: .high) { 1 }
    #expect(single.effectPriority == .inherited)
    #expect(sequence.effectPriority == .inherited)
    #expect(single.effectPriority == AnyEffect<Int>.single(priority: nil) { 1 }.effectPriority)
    #expect(namedSingle.priority == .high)
  }

  @Test func a1ASynchronousChainNestedOneInsideTheOtherIsReducedInEmissionOrder() async {
    // The scheduler walks `concat`/`merge` chains whose leading actions are followed by one
    // nested chain in a loop of its own; order, and what follows an asynchronous part, must
    // be what the work list gives.
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        if action == "start" {
          return .concat(
            .just("1"),
            .none,
            .just("2"),
            .merge(
              .just("3"),
              .concat(.just("4"), .merge(.just("5"), .just("6"))),
            )
          )
        }
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    await store.send("start")
    #expect(await store.state.entries == ["1", "2", "3", "4", "5", "6"], "all within the send")
  }

  @Test func c1AChainInsideACancellableEffectIsCancelledByItsIdentifier() async {
    // Under an identifier the chain's actions are units of their own (the walk's path, not
    // the loop's): a `.cancel` reduced first drops the rest (C2).
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        state.entries.append(action)
        switch action {
        case "start":
          return .concat(.just("a"), .merge(.just("stop"), .just("b"))).cancellable("chain")
        case "stop":
          return .cancel("chain")
        default:
          return .none
        }
      },
      state: Log<String>()
    )
    await store.send("start")
    #expect(await store.state.entries == ["start", "a", "stop"])
  }

  @Test func methodReportsTheOutermostModifierAsOneWay3Did() {
    guard
      case .register(let id, cancelInFlight: true) = AnyEffect<Int>.just(1)
        .cancellable("a", cancelInFlight: true).method
    else { Issue.record("expected .register"); return }
    #expect(id as? String == "a")
    guard case .cancel = AnyEffect<Int>.cancel(1).method else {
      Issue.record("expected .cancel")
      return
    }
    guard
      case .throttle(_, let interval, true) = AnyEffect<Int>.just(1)
        .throttle(id: "t", for: .milliseconds(1_500), latest: true).method
    else { Issue.record("expected .throttle"); return }
    #expect(interval == .milliseconds(1_500))
    guard case .none = AnyEffect<Int>.just(1).method else {
      Issue.record("expected .none")
      return
    }
  }

  @Test func effectsRunOnTheirOwnThroughValues() async {
    let effect = AnyEffect<Int>.concat(
      .just(1),
      .merge(.just(2), .just(3)),
      .single { 4 }.cancellable("id"),
      .sequence { send in send(5) }
    )
    var received: [Int] = []
    for await value in effect.values { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5])
  }

  @Test func effectsBuilderSupportsConditionsLoopsOptionalsAndAvailability() async {
    let flag = true
    let optional: AnyEffect<Int>? = .just(3)
    let missing: AnyEffect<Int>? = nil
    let effect = AnyEffect<Int>.concat {
      if flag {
        AnyEffect.just(1)
      } else {
        AnyEffect.just(-1)
      }
      switch flag {
      case true: AnyEffect.just(2)
      case false: AnyEffect.just(-2)
      }
      optional
      missing
      for value in 4...5 {
        AnyEffect.just(value)
      }
      if #available(macOS 13, iOS 16, *) {
        AnyEffect.just(6)
      }
      if !flag {
        AnyEffect.just(-3)
      }
    }
    var received: [Int] = []
    for await value in effect.values { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5, 6])
    #expect(effect.isSynchronous)
  }
}
