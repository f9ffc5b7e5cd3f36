import Foundation
import Testing

@testable import OneWay

/// Rules A1–A7 and R1–R2: how a store reduces the actions sent to it.
@Suite struct SendingTests {
  @Test func seedCountingReducerReachesTwoThroughStore() async {
    let store = Store(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0)
    )
    await store.send(.increment)
    await store.send(.decrement)
    await store.send(.twice)
    #expect(await store.state.number == 2)
    #expect(await store.state.isLoading == false)
  }

  @Test func r1ReducerWithoutBindBindsNothing() {
    #expect(CountingReducer().bind().isNone)
  }

  @Test func r2ReducerNeverRunsConcurrentlyWithItself() async {
    let monitor = ReentrancyMonitor()
    let reducer = ClosureReducer<Int, Int> { state, _ in
      monitor.enter()
      state += 1
      monitor.leave()
      return .none
    }
    let store = Store(reducer: reducer, state: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for value in 0..<1_000 { await store.send(value) }
        }
      }
    }
    #expect(await store.state == 8_000)
    #expect(monitor.overlaps == 0)
  }

  @Test func a1ActionsAreReducedInArrivalOrder() async {
    let store = Store(reducer: appendingReducer(), state: Log<Int>())
    for value in 0..<100 { await store.send(value) }
    #expect(await store.state.entries == Array(0..<100))
  }

  @Test func a1StressEightSendersLoseNothingAndKeepTheirOrder() async {
    struct Tally: Sendable, Equatable {
      var lastSeen = [Int](repeating: -1, count: 8)
      var received = 0
      var outOfOrder = 0
    }
    struct Tagged: Sendable { let sender: Int, sequence: Int }
    let reducer = ClosureReducer<Tagged, Tally> { state, action in
      if action.sequence != state.lastSeen[action.sender] + 1 { state.outOfOrder += 1 }
      state.lastSeen[action.sender] = action.sequence
      state.received += 1
      return .none
    }
    let store = Store(reducer: reducer, state: Tally())
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for sequence in 0..<10_000 {
            await store.send(Tagged(sender: sender, sequence: sequence))
          }
        }
      }
    }
    let tally = await store.state
    #expect(tally.received == 80_000)
    #expect(tally.outOfOrder == 0)
    #expect(tally.lastSeen == [Int](repeating: 9_999, count: 8))
  }

  @Test func a2SynchronousEffectsAreReducedBeforeSendReturnsInEmissionOrder() async {
    enum Action: Sendable, Equatable { case start, step(Int) }
    let reducer = ClosureReducer<Action, Log<Int>> { state, action in
      switch action {
      case .start:
        return .concat(
          .just(.step(1)),
          .merge(
            .just(.step(2)),
            .concat(.just(.step(3)), .merge(.just(.step(4)))),
            .just(.step(5))
          ),
          .merge { AnyEffect.just(.step(6)) },
          .none,
          .just(.step(7))
        )
      case .step(let value):
        state.entries.append(value)
        return .none
      }
    }
    let store = Store(reducer: reducer, state: Log<Int>())
    await store.send(.start)
    #expect(await store.state.entries == [1, 2, 3, 4, 5, 6, 7])
    #expect(await store.isIdle)
  }

  @Test func a2ConcatRunsItsSynchronousPrefixAtOnceAndTheRestAsynchronously() async {
    enum Action: Sendable, Equatable { case start, step(Int) }
    let gate = Gate()
    let reducer = ClosureReducer<Action, Log<Int>> { state, action in
      switch action {
      case .start:
        return .concat(
          .just(.step(1)),
          .single {
            await gate.wait()
            return .step(2)
          },
          .just(.step(3))
        )
      case .step(let value):
        state.entries.append(value)
        return .none
      }
    }
    let store = Store(reducer: reducer, state: Log<Int>())
    await store.send(.start)
    #expect(await store.state.entries == [1])
    await gate.open()
    await store.waitUntilIdle()
    #expect(await store.state.entries == [1, 2, 3])
  }

  @Test func a3ConcurrentSendsAreReducedEntirelyBeforeOrAfterEachOther() async {
    struct Burst: Sendable { let tag: Int, index: Int }
    let reducer = ClosureReducer<Burst, Log<Int>> { state, action in
      state.entries.append(action.tag)
      guard action.index == 0 else { return .none }
      return .concat {
        for index in 1..<20 {
          AnyEffect.just(Burst(tag: action.tag, index: index))
        }
      }
    }
    let store = Store(reducer: reducer, state: Log<Int>())
    await withTaskGroup(of: Void.self) { group in
      for tag in 0..<16 {
        group.addTask { await store.send(Burst(tag: tag, index: 0)) }
      }
    }
    let entries = await store.state.entries
    #expect(entries.count == 16 * 20)
    let runs = stride(from: 0, to: entries.count, by: 20).map { Set(entries[$0..<$0 + 20]) }
    #expect(runs.allSatisfy { $0.count == 1 })
  }

  @Test func a5ActionsFromSynchronousEffectsAreQueuedNotReducedRecursively() async {
    let reducer = ClosureReducer<String, Log<String>> { state, action in
      state.entries.append(action)
      switch action {
      case "a": return .merge(.just("b"), .just("c"))
      case "b": return .just("d")
      default: return .none
      }
    }
    let store = Store(reducer: reducer, state: Log<String>())
    await store.send("a")
    #expect(await store.state.entries == ["a", "b", "c", "d"])
  }

  @Test func a6ResetCancelsEffectsRestartsBindAndKeepsState() async {
    enum Action: Sendable, Equatable { case bound, request, response, increment }
    struct State: Sendable, Equatable { var bindCount = 0, responses = 0, number = 0 }
    let gate = Gate()
    let started = Counter()
    let reducer = ClosureReducer<Action, State>(bind: { .just(.bound) }) { state, action in
      switch action {
      case .bound: state.bindCount += 1
      case .request:
        return .single {
          await started.increment()
          await gate.wait()
          return .response
        }
      case .response: state.responses += 1
      case .increment: state.number += 1
      }
      return .none
    }
    let store = Store(reducer: reducer, state: State())
    await store.send(.increment)
    await store.send(.request)
    await started.wait(until: 1)
    #expect(await store.isIdle == false)
    await store.reset()
    await gate.open()
    await store.waitUntilIdle()
    let state = await store.state
    #expect(state.responses == 0)
    #expect(state.bindCount == 2)
    #expect(state.number == 1)
  }

  @Test func a6ResetDiscardsQueuedActions() async {
    let store = Store(reducer: appendingReducer(), state: Log<Int>())
    await store.withEngine { engine in
      engine.core.queue.append(1, from: nil)
      engine.reset()
      #expect(engine.core.queue.isEmpty)
    }
    await store.send(2)
    #expect(await store.state.entries == [2])
  }

  @Test func a7ANoneReduceStartsNoTaskAndRegistersNothing() async {
    let store = Store(reducer: CountingReducer(), state: CountingReducer.State(number: 0))
    for _ in 0..<1_000 { await store.send(.increment) }
    let registered = await store.withEngine { $0.scheduler.registry.count }
    #expect(registered == 0)
    #expect(await store.isIdle)
    #expect(await store.state.number == 1_000)
  }

  @Test func a7ANoneEffectIsRecognisedWithoutRunningIt() {
    #expect(AnyEffect<Int>.none.isNone)
    #expect(AnyEffect<Int>.none.isSynchronous)
    #expect(!AnyEffect<Int>.just(1).isNone)
  }
}

/// A reducer that appends every action to a log.
func appendingReducer<Entry: Sendable & Equatable>() -> ClosureReducer<Entry, Log<Entry>> {
  ClosureReducer { state, action in
    state.entries.append(action)
    return .none
  }
}

/// Counts how often a critical section was entered while another thread was inside it.
final class ReentrancyMonitor: @unchecked Sendable {
  // Every access to the two counters goes through `lock`.
  private let lock = NSLock()
  private var inside = 0
  private var overlapCount = 0

  func enter() {
    lock.withLock {
      if inside > 0 { overlapCount += 1 }
      inside += 1
    }
  }

  func leave() {
    lock.withLock { inside -= 1 }
  }

  var overlaps: Int { lock.withLock { overlapCount } }
}
