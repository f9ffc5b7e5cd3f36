import Testing

@testable import OneWay

/// Rules O1–O6: observing a store's states.
@Suite struct ObservationTests {
  struct State: Sendable, Equatable {
    var number = 0
    var text = ""
  }

  enum Action: Sendable {
    case setNumber(Int)
    case setText(String)
  }

  private func store() -> Store<ClosureReducer<Action, State>, ContinuousClock> {
    Store(
      reducer: ClosureReducer<Action, State> { state, action in
        switch action {
        case .setNumber(let number): state.number = number
        case .setText(let text): state.text = text
        }
        return .none
      },
      state: State()
    )
  }

  @Test func o1EachLoopReceivesTheCurrentStateThenEveryChange() async {
    let store = store()
    await store.send(.setNumber(5))
    var first = store.states.makeAsyncIterator()
    var second = store.states.makeAsyncIterator()
    #expect(await first.next()?.number == 0, "the first loop starts with the backlog (O7)")
    #expect(await first.next()?.number == 5)
    #expect(await second.next()?.number == 5, "every later loop starts from the current state")
    await store.send(.setNumber(6))
    #expect(await first.next()?.number == 6)
    #expect(await second.next()?.number == 6)
  }

  @Test func o1OneLoopEndingDoesNotAffectTheOthers() async throws {
    let store = store()
    let ready = Counter()
    let cancelled = Task {
      var iterator = store.states.makeAsyncIterator()
      _ = await iterator.next()
      await ready.increment()
      while await iterator.next() != nil {}
    }
    var survivor = store.states.makeAsyncIterator()
    _ = await survivor.next()
    await ready.wait(until: 1)
    cancelled.cancel()
    await cancelled.value
    await store.send(.setNumber(1))
    await store.send(.setNumber(2))
    #expect(await survivor.next()?.number == 1)
    #expect(await survivor.next()?.number == 2)
    #expect(await store.withEngine { $0.broadcaster?.streams.count ?? 0 } == 1)
  }

  @Test func o2SeedEqualConsecutiveStatesAreEmittedOnce() async {
    let store = store()
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.number == 0)
    for number in [10, 10, 20, 20, 99] { await store.send(.setNumber(number)) }
    var numbers: [Int] = []
    while numbers.last != 99, let state = await iterator.next() { numbers.append(state.number) }
    #expect(numbers == [10, 20, 99])
  }

  @Test func o2SeedTriggeredEmitsEveryAssignment() async {
    struct Triggering: Sendable, Equatable {
      @Triggered var number = 0
    }
    let store = Store(
      reducer: ClosureReducer<Int, Triggering> { state, number in
        state.number = number
        return .none
      },
      state: Triggering()
    )
    var iterator = store.states.makeAsyncIterator()
    _ = await iterator.next()
    for number in [10, 10, 20, 20] { await store.send(number) }
    var numbers: [Int] = []
    for _ in 0..<4 { numbers.append(await iterator.next()?.number ?? -1) }
    #expect(numbers == [10, 10, 20, 20])
  }

  @Test func o2AnIgnoredFieldNeverCountsAsAChange() async {
    struct Partly: Sendable, Equatable {
      var number = 0
      @Ignored var scratch = 0
    }
    enum PartlyAction: Sendable { case scratch(Int), number(Int) }
    let store = Store(
      reducer: ClosureReducer<PartlyAction, Partly> { state, action in
        switch action {
        case .scratch(let value): state.scratch = value
        case .number(let value): state.number = value
        }
        return .none
      },
      state: Partly()
    )
    var iterator = store.states.makeAsyncIterator()
    _ = await iterator.next()
    await store.send(.scratch(1))
    await store.send(.scratch(2))
    await store.send(.number(1))
    let next = await iterator.next()
    #expect(next?.number == 1)
    #expect(next?.scratch == 2, "ignored changes are kept, only not announced")
    #expect(await store.state.scratch == 2)
  }

  @Test func o3SeedAPropertyRepeatsWhenAnotherFieldChanged() async {
    let store = store()
    await store.send(.setNumber(10))
    var numbers = store.states.number.makeAsyncIterator()
    #expect(await numbers.next() == 0, "the first loop starts with the backlog (O7)")
    #expect(await numbers.next() == 10)
    for text in ["a", "b", "c"] { await store.send(.setText(text)) }
    #expect(await numbers.next() == 10)
    #expect(await numbers.next() == 10)
    #expect(await numbers.next() == 10)
  }

  @Test func o3ChangesOfEmitsOnlyWhenThePropertyItselfChanges() async {
    let store = store()
    await store.send(.setNumber(10))
    var numbers = store.states.changes(of: \.number).makeAsyncIterator()
    #expect(await numbers.next() == 0, "the first loop starts with the backlog (O7)")
    #expect(await numbers.next() == 10)
    for text in ["a", "b", "c"] { await store.send(.setText(text)) }
    await store.send(.setNumber(11))
    #expect(await numbers.next() == 11)
  }

  @Test func o4ASlowSubscriberLosesNoState() async {
    let store = store()
    var iterator = store.states.makeAsyncIterator()
    _ = await iterator.next()
    for number in 1...1_000 { await store.send(.setNumber(number)) }
    var received: [Int] = []
    for _ in 1...1_000 { received.append(await iterator.next()?.number ?? -1) }
    #expect(received == Array(1...1_000))
  }

  @Test func o4ASubscriberCanKeepOnlyTheNewestStates() async {
    let store = store()
    var iterator = store.states.buffering(.bufferingNewest(1)).makeAsyncIterator()
    _ = await iterator.next()
    for number in 1...100 { await store.send(.setNumber(number)) }
    #expect(await iterator.next()?.number == 100)
  }

  @Test func o5StatesDoNotKeepTheStoreAliveAndFinishWhenItGoes() async {
    var store: Store<ClosureReducer<Action, State>, ContinuousClock>? = store()
    weak let weakStore = store
    let states = store!.states
    var iterator = states.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    var late = states.makeAsyncIterator()
    store = nil
    #expect(weakStore == nil)
    #expect(await iterator.next() == nil)
    #expect(await late.next() == nil)
  }

  @Test func o6SeedLoopCompilesAsWritten() async {
    let store = store()
    let observer = Task {
      var numbers: [Int] = []
      for await state in store.states {
        numbers.append(state.number)
        if state.number == 2 { break }
      }
      for await number in store.states.number {
        numbers.append(number)
        break
      }
      return numbers
    }
    for number in 1...2 { await store.send(.setNumber(number)) }
    let numbers = await observer.value
    #expect(numbers.last == 2)
    #expect(numbers.first! <= 2)
  }
}
