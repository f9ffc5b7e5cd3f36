import Testing

@testable import OneWay

/// A store reduces in place when nothing needs the state before the reduce (Design/0001,
/// "Reducing in place"): no `states` loop, no backlog (O7), no Observation reader, no state
/// logging. Key-path subscriptions keep their own last value (S1). Observed stores still emit
/// every state (O1, O2).
@Suite struct InPlaceReduceTests {
  /// A large payload, compared by identity: a reduce can ask whether the state holds the only
  /// reference to it, which is true only when the reducer mutates the store's own state.
  final class Payload: Sendable {}

  struct State: Sendable, Equatable {
    var payload = Payload()
    var items: [Int] = []
    /// Whether the last `.check` found the payload uniquely referenced.
    var wasUnique = false
    var count = 0

    static func == (lhs: State, rhs: State) -> Bool {
      lhs.payload === rhs.payload && lhs.items == rhs.items && lhs.wasUnique == rhs.wasUnique
        && lhs.count == rhs.count
    }
  }

  enum Action: Sendable {
    /// Replaces the payload with one only the state references (the initial one is also held
    /// by the store's `initialState`).
    case replacePayload
    case check
    case append(Int)
  }

  static func reducer() -> ClosureReducer<Action, State> {
    ClosureReducer { state, action in
      switch action {
      case .replacePayload:
        state.payload = Payload()
      case .check:
        state.wasUnique = isKnownUniquelyReferenced(&state.payload)
        state.count += 1
      case .append(let value):
        state.items.append(value)
      }
      return .none
    }
  }

  @Test func o7WithoutTheBacklogAnUnobservedStoreReducesInPlace() async {
    let store = await Store(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    await store.send(.replacePayload)
    await store.send(.check)
    #expect(await store.state.wasUnique, "the reducer mutated the store's own state")
    await store.send(.check)
    #expect(await store.state.wasUnique)
    #expect(await store.state.count == 2)
  }

  @Test func o7ByDefaultTheBacklogKeepsEveryStateSoAReduceWorksOnACopy() async {
    let store = Store(reducer: Self.reducer(), state: State())
    await store.send(.replacePayload)
    await store.send(.check)
    #expect(await !store.state.wasUnique, "the backlog still holds the state before the reduce")
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0, "the first loop receives the backlog")
  }

  @Test func o7ADefaultStoreReducesInPlaceOnceItHasProducedMoreThan64States() async {
    let store = Store(reducer: Self.reducer(), state: State())
    for value in 1...StateBacklog<State>.capacity { await store.send(.append(value)) }
    await store.send(.replacePayload)
    await store.send(.check)
    #expect(await store.state.wasUnique, "no backlog any more: the store's own state")
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 1, "a loop starts from the current state")
  }

  @Test func o7WithoutTheBacklogALoopStartsFromTheCurrentStateAndGetsEveryChange() async {
    let store = await Store(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    for value in 1...3 { await store.send(.append(value)) }
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.items == [1, 2, 3], "no backlog: the current state")
    await store.send(.append(4))
    #expect(await states.next()?.items == [1, 2, 3, 4])
  }

  @Test func o1AnOpenStatesLoopGetsEveryStateWhileTheStoreCopies() async {
    let store = await Store(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    await store.send(.replacePayload)
    await store.send(.check)
    #expect(await !store.state.wasUnique, "a loop needs the previous state to compare")
    #expect(await states.next()?.count == 0, "the new payload is a change (O2)")
    #expect(await states.next()?.count == 1)
    for value in 1...100 { await store.send(.append(value)) }
    for value in 1...100 { #expect(await states.next()?.items.last == value) }
  }

  @Test func s1SubscriptionsStillSeeEveryChangeOfAStoreThatReducesInPlace() async {
    let store = await Store(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    let counts = Locked<[Int]>([])
    let subscription = await store.subscribe(\.items.count) { count in
      counts.withLock { $0.append(count) }
    }
    await store.send(.replacePayload)
    for value in 1...3 { await store.send(.append(value)) }
    await store.send(.check)
    #expect(await store.state.wasUnique, "a key-path subscription keeps its own value")
    #expect(
      counts.withLock { $0 } == [0, 1, 2, 3],
      "one call per change of the value, none for others"
    )
    subscription.cancel()
  }

  @Test func l3StateLoggingNeedsThePreviousStateSoTheStoreCopies() async {
    let logged = Locked<Int>(0)
    let logger = StoreLogger { _ in logged.withLock { $0 += 1 } }
    let store = await Store(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    await store.debug(.state, to: logger)
    await store.send(.replacePayload)
    await store.send(.check)
    #expect(await !store.state.wasUnique)
    #expect(logged.withLock { $0 } == 2, "every change is logged")
  }

  @MainActor
  @Test func o7AViewStoreWithoutTheBacklogReducesInPlaceUntilObservationReadsIt() {
    let store = ViewStore(reducer: Self.reducer(), state: State()).withoutStatesBacklog()
    var unique: [Bool] = []
    let subscription = store.subscribe(\.wasUnique) { unique.append($0) }
    store.send(.replacePayload)
    store.send(.check)
    #if canImport(Combine)
    // `objectWillChange` may have subscribers the store cannot see: it always compares.
    #expect(unique == [false])
    #else
    #expect(unique == [false, true], "reduced in place")
    _ = store.state  // an Observation reader from now on (V2)
    store.send(.replacePayload)
    store.send(.check)
    #expect(unique == [false, true, false], "a reader needs the previous state")
    #endif
    subscription.cancel()
  }
}
