#if Combine
import OneWayCombine
import Testing

@testable import OneWay
@testable import OneWayCombine

/// W4: a way is a front door to OneWay's engine, isolated by a lock; it has no queue,
/// deduplication or cancellation of its own.
@Suite struct WayEngineTests {
  @Test func w4TheWaysStateLivesInTheEngineIsolatedByItsLock() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .threadSafe)
    way.send(.twice)
    let engine = way.front.engine
    #expect(engine.link.isSynchronous, "the engine's isolation is the way's lock")
    #expect(way.withEngineState { $0.number } == 2)
    #expect(engine.isIdle)
  }

  @Test func w4SynchronousSideWaysBecomeTheEnginesSynchronousEffects() {
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    let just = SideWay<CounterWay.Action, Never>.concat(.just(.increment), .merge(.just(.twice)))
    #expect(just.effect(of: way).isSynchronous)
    #expect(SideWay<CounterWay.Action, Never>.none.effect(of: way).isNone)
    let publisher = Just(CounterWay.Action.increment).eraseToSideWay()
    #expect(!publisher.effect(of: way).isSynchronous, "a publisher is one subscription effect")
  }

  @Test func w4ASideWayInFlightIsAnEngineEffectUntilItCompletes() {
    let subject = PassthroughSubject<CounterWay.Action, Never>()
    let way = CounterWay(initialState: .init(number: 0), threadOption: .current)
    way.send(.run(subject.eraseToSideWay()))
    #expect(!way.front.engine.isIdle, "in the engine's book of effects")
    subject.send(.increment)
    subject.send(completion: .finished)
    #expect(way.front.engine.isIdle, "forgotten once complete")
    #expect(way.state.number == 1)
  }
}

extension Way {
  func withEngineState<T>(_ body: (State) -> T) -> T {
    front.withEngine { body($0.state.value) }
  }
}
#endif
