import Testing

@testable import OneWay

/// Rules L1–L3: binding, idleness and logging.
@Suite struct LifecycleTests {
  @Test func l1BindStartsBeforeTheFirstActionIsReduced() async {
    for _ in 0..<50 {
      let store = Store(
        reducer: ClosureReducer<String, Log<String>>(bind: { .just("bound") }) { state, action in
          state.entries.append(action)
          return .none
        },
        state: Log<String>()
      )
      await store.send("first")
      #expect(await store.state.entries == ["bound", "first"])
    }
  }

  @Test func l1SeedBindReceivesExternalSourcesUntilReset() async {
    let (texts, textInput) = AsyncStream<String>.makeStream()
    let (numbers, numberInput) = AsyncStream<Int>.makeStream()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>>(bind: {
        .merge(
          .sequence { send in
            for await text in texts { send(text) }
          },
          .sequence { send in
            for await number in numbers { send(String(number)) }
          }
        )
      }) { state, action in
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    textInput.yield("a")
    #expect(await states.next()?.entries == ["a"])
    numberInput.yield(1)
    #expect(await states.next()?.entries == ["a", "1"])
    #expect(await store.isIdle, "bind() does not make the store busy")
  }

  @Test func l1ResetRestartsBindAndStopsTheOldBinding() async {
    let bindings = Counter()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>>(bind: {
        .sequence { send in
          let generation = await bindings.increment()
          send("bound \(generation)")
          await neverEnding()
        }
      }) { state, action in
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    #expect(await states.next()?.entries == ["bound 1"])
    await store.reset()
    #expect(await states.next()?.entries == ["bound 1", "bound 2"])
    #expect(await bindings.value == 2)
  }

  @Test func l1AStoredAsyncStreamEndsForGoodWhenResetCancelsBind() async {
    // The caveat documented at `bind()` and `reset()`: a bind() that iterates one stored
    // AsyncStream cannot be restarted, because cancelling its loop finishes the stream.
    let (texts, input) = AsyncStream<String>.makeStream()
    let (terminations, termination) = AsyncStream<Void>.makeStream()
    input.onTermination = { _ in termination.yield() }
    let store = Store(
      reducer: ClosureReducer<String, Log<String>>(bind: {
        .sequence { send in
          for await text in texts { send(text) }
        }
      }) { state, action in
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    input.yield("before reset")
    #expect(await states.next()?.entries == ["before reset"])
    await store.reset()
    var ended = terminations.makeAsyncIterator()
    #expect(await ended.next() != nil)
    guard case .terminated = input.yield("after reset") else {
      Issue.record("a finished stream still took a value")
      return
    }
    #expect(await store.state.entries == ["before reset"])
  }

  @Test func l1ASourceThatGivesEachBindANewIterationSurvivesReset() async {
    // The pattern documented at `bind()` and `reset()`.
    let source = TextSource()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>>(bind: {
        .sequence { send in
          for await text in source.makeStream() { send(text) }
        }
      }) { state, action in
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    var subscriptions = source.subscriptions.makeAsyncIterator()
    #expect(await subscriptions.next() == 1)
    source.send("before reset")
    #expect(await states.next()?.entries == ["before reset"])
    await store.reset()
    #expect(await subscriptions.next() == 2)
    source.send("after reset")
    #expect(await states.next()?.entries == ["before reset", "after reset"])
  }

  @Test func l2ACancelledEffectKeepsTheStoreBusyUntilItsTaskEnds() async {
    let gate = Gate()
    let started = Counter()
    let store = Self.storeOfRequestsThatIgnoreCancellation(gate: gate, started: started)
    await store.send("request")
    await started.wait(until: 1)
    await store.send("cancel")
    #expect(await store.isIdle == false, "the cancelled task still runs")
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.isIdle)
    #expect(await store.state.entries == [])
  }

  @Test func l2AWaitForIdlenessBegunWhileCancelledTasksRunEndsWhenTheLastOfThemEnds() async {
    // A cancelled unit's task ends without reaching the store; only the last of them, since a
    // task waits for idleness, wakes the store, which then resumes the waiting task.
    let gate = Gate()
    let started = Counter()
    let store = Self.storeOfRequestsThatIgnoreCancellation(gate: gate, started: started)
    await store.send("request")
    await store.send("request")
    await started.wait(until: 2)
    await store.send("cancel")
    let waiting = Task {
      await store.waitUntilIdle()
      return await store.isIdle
    }
    while await store.withEngine({ !$0.scheduler.hasIdleWaiters }) {
      await Task.yield()
    }
    #expect(await store.isIdle == false, "both cancelled tasks still run")
    await gate.open()
    #expect(await waiting.value, "the last cancelled task to end woke the waiting task")
    #expect(await store.leftBehindByEffects().noCancelledTaskRuns == true)
    #expect(await store.state.entries == [], "a cancelled effect's action is never reduced")
  }

  @Test(.timeLimit(.minutes(1)))
  func l2AnEffectCancelledThroughTheEffectThatStartedItEndsItsUnitAndLeavesTheStoreIdle() async {
    // The inner effect is started by the outer one's task, which awaits it: cancelling the
    // outer identifier cancels the inner task through its parent, while the inner unit, under
    // its own identifier, is still registered. Its task must still reach the store to end it.
    let gate = Gate()
    let started = Counter()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "start":
          return .concat(
            .just("first"),
            AnyEffect<String>.single {
              await started.increment()
              await gate.wait()  // ignores cancellation
              return "inner"
            }
            .cancellable("inner")
          )
          .cancellable("outer")
        case "cancel":
          return .cancel("outer")
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
    #expect(await store.isIdle == false, "the inner task still runs")
    await gate.open()
    await store.waitUntilIdle()
    let (registryIsEmpty, noCancelledTaskRuns) = await store.leftBehindByEffects()
    #expect(registryIsEmpty == true, "the inner unit ended")
    #expect(noCancelledTaskRuns == true)
    #expect(await store.isIdle)
    #expect(await store.state.entries == ["first"], "C2: the inner effect's action is dropped")
  }

  @Test func c1CancellingThousandsOfEffectsInFlightLeavesNothingBehind() async {
    // Each start cancels the one before, whose task then ends on its own thread while the
    // store starts the next: the count of cancelled tasks must come back to 0 exactly.
    let store = Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "start":
          return .single {
            _ = try? await Task.sleep(for: .seconds(3_600))
            return "ended"
          }
          .cancellable("long", cancelInFlight: true)
        case "stop":
          return .cancel("long")
        default:
          state.entries.append(action)
          return .none
        }
      },
      state: Log<String>()
    )
    for _ in 0..<2_000 { await store.send("start") }
    await store.send("stop")
    await store.waitUntilIdle()
    let (registryIsEmpty, noCancelledTaskRuns) = await store.leftBehindByEffects()
    #expect(registryIsEmpty == true && noCancelledTaskRuns == true)
    #expect(await store.isIdle)
    #expect(await store.state.entries == [])
  }

  @Test func l2IsIdleExactlyWhenNothingIsInFlight() async {
    let gate = Gate()
    let store = Store(
      reducer: ClosureReducer<String, Log<String>>(bind: {
        .sequence { _ in await neverEnding() }
      }) { state, action in
        if action == "request" {
          return .single {
            await gate.wait()
            return "response"
          }
        }
        state.entries.append(action)
        return .none
      },
      state: Log<String>()
    )
    #expect(await store.isIdle)
    await store.send("request")
    #expect(await store.isIdle == false)
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.isIdle)
    #expect(await store.state.entries == ["response"])
  }

  @Test func l3LoggingWritesActionsAndStatesOnEveryPlatform() async {
    let lines = LineCollector()
    let store = Store(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0),
      loggingOptions: .all
    )
    await store.debug(.all, to: StoreLogger { lines.append($0.message) })
    await store.send(.increment)
    await store.debug(.action)
    await store.send(.decrement)
    await store.debug(.none)
    await store.send(.increment)
    #expect(
      lines.lines == [
        "[CountingReducer] action: increment",
        "[CountingReducer] state: State(number: 1, isLoading: false)",
        "[CountingReducer] action: decrement",
      ]
    )
  }

  @Test func l3StateOnlyLoggingSkipsActions() async {
    let lines = LineCollector()
    let store = Store(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0),
      loggingOptions: .state
    )
    await store.debug(.state, to: StoreLogger { lines.append($0.message) })
    await store.send(.increment)
    #expect(lines.lines == ["[CountingReducer] state: State(number: 1, isLoading: false)"])
  }

  // Without the fix the nested effect's actions are dropped and the loop below never ends; the
  // time limit turns that into a failure.
  @Test(.timeLimit(.minutes(1)))
  func l1ACancellableNestedAfterAnAsynchronousStepOfBindDeliversItsActions() async {
    let (feed, input) = AsyncStream<String>.makeStream()
    let store = Store(
      reducer: ClosureReducer<String, [String]>(bind: {
        .concat(
          .single { "loaded" },
          AnyEffect<String>.sequence { send in
            for await text in feed { send(text) }
          }
          .cancellable("feed")
        )
      }) { state, action in
        state.append(action)
        return .none
      },
      state: []
    )
    var yielded = false
    for await state in store.states {
      if state.contains("loaded"), !yielded {
        yielded = true
        input.yield("fed")
      }
      if state.contains("fed") { break }
    }
    input.finish()
    #expect(await store.state == ["loaded", "fed"])
  }

  @Test(.timeLimit(.minutes(1)))
  func l4TasksTheInitialiserStartsReachTheStoreOnlyOnceItsEngineIsDone() async {
    // An actor store's initialiser uses the engine off the store's executor. `bind()` here
    // starts a task that emits at once, and a synchronous action whose reduce starts a task:
    // were either started before the initialiser's engine work ended, it could hop onto the
    // free executor and use the engine concurrently (the thread sanitizer reports that race).
    for _ in 0..<50 {
      let store = Store(
        reducer: ClosureReducer<String, [String]>(bind: {
          .merge(
            .just("load"),
            .sequence { send in send("bound") }
          )
        }) { state, action in
          state.append(action)
          return action == "load" ? .single { "loaded" } : .none
        },
        state: []
      )
      // `bind()`'s units do not count for idleness: wait for what they send.
      for await state in store.states where Set(state) == ["load", "loaded", "bound"] { break }
      #expect(await store.state.first == "load", "bind()'s synchronous action is reduced first")
      #expect(await store.state.count == 3)
    }
  }

  /// A store whose `"request"` starts a `.single`, cancellable as `"request"`, that counts its
  /// start in `started` and then waits for `gate`, ignoring cancellation; `"cancel"` cancels it.
  private static func storeOfRequestsThatIgnoreCancellation(
    gate: Gate,
    started: Counter
  ) -> Store<ClosureReducer<String, Log<String>>, ContinuousClock> {
    Store(
      reducer: ClosureReducer<String, Log<String>> { state, action in
        switch action {
        case "request":
          return .single {
            await started.increment()
            await gate.wait()  // ignores cancellation
            return "response"
          }
          .cancellable("request")
        case "cancel":
          return .cancel("request")
        default:
          state.entries.append(action)
          return .none
        }
      },
      state: Log<String>()
    )
  }
}

/// Collects log lines from any thread.
final class LineCollector: Sendable {
  private let storage = Locked<[String]>([])

  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var lines: [String] { storage.withLock { $0 } }
}

/// A source that gives every subscriber a stream of its own, so that a `bind()` restarted by
/// `reset()` subscribes again: the pattern the documentation of `reset()` recommends.
final class TextSource: Sendable {
  private let subscribers = Locked<[AsyncStream<String>.Continuation]>([])
  private let subscribed: AsyncStream<Int>.Continuation
  /// How many subscribers there have been, after each new one.
  let subscriptions: AsyncStream<Int>

  init() {
    (subscriptions, subscribed) = AsyncStream.makeStream()
  }

  func makeStream() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let count = subscribers.withLock { subscribers in
      subscribers.append(continuation)
      return subscribers.count
    }
    subscribed.yield(count)
    return stream
  }

  func send(_ text: String) {
    for subscriber in subscribers.withLock({ $0 }) { subscriber.yield(text) }
  }
}
