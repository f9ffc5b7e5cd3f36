import Foundation
import Testing

@testable import OneWay

/// Rules P1–P3: the property wrappers.
@Suite struct PropertyWrapperTests {
  /// A reducer that assigns its action's value to a `@Triggered` field, once or twice.
  struct Assigning: Reducer {
    enum Action: Sendable, Equatable {
      case set(Int)
      case setTwice(Int)
      case addZero
      case nothing
    }

    struct State: Sendable, Equatable {
      @Triggered var number = 0
      var untouched = 0
    }

    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .set(let number):
        state.number = number
      case .setTwice(let number):
        state.number = number
        state.number = number
      case .addZero:
        state.number += 0
      case .nothing:
        break
      }
      return .none
    }
  }

  @Test func p1EveryAssignmentOfAnEqualValueIsEmittedWithoutWrapAround() async {
    let store = Store(reducer: Assigning(), state: Assigning.State())
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.number == 0)
    // More assignments than an 8-bit version counter could tell apart.
    for _ in 0..<300 { await store.send(.set(10)) }
    await store.send(.addZero)  // an in-place mutation counts too
    var emitted: [Int] = []
    for _ in 0..<301 { emitted.append(await states.next()?.number ?? -1) }
    #expect(emitted == Array(repeating: 10, count: 301))
  }

  @Test func p1TheFirstAssignmentInTheProcessIsAChange() async {
    // A process of its own, where no `@Triggered` value was ever assigned: the store skips the
    // thread's counter until the first assignment, which the reduce that makes it must count.
    await #expect(processExitsWith: .success) {
      let store = Store(reducer: Assigning(), state: Assigning.State())
      var states = store.states.makeAsyncIterator()
      _ = await states.next()
      await store.send(.set(0))
      await store.send(.nothing)
      await store.send(.set(0))
      await store.send(.set(1))
      let emitted = [await states.next()?.number, await states.next()?.number]
      // Both equal assignments are changes, the reduce between them is not.
      guard emitted == [0, 0], await states.next()?.number == 1 else { exit(1) }
    }
  }

  @Test func p1AReduceThatAssignsNothingEmitsNothing() async {
    let store = Store(reducer: Assigning(), state: Assigning.State())
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    await store.send(.nothing)
    await store.send(.set(1))
    // `.nothing` was no change: the next state is the one `.set(1)` made.
    #expect(await states.next()?.number == 1)
  }

  @Test @MainActor func p1AViewStoreAnnouncesEveryAssignmentOfAnEqualValue() async {
    let store = ViewStore(reducer: Assigning(), state: Assigning.State())
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    store.send(.set(0))
    store.send(.setTwice(0))
    #expect(await states.next()?.number == 0)
    #expect(await states.next()?.number == 0)
  }

  @Test func p1TriggeredComparesValuesSoCopiesAndRoundTripsAreEqual() throws {
    struct Stored: Codable, Hashable {
      @Triggered var number = 3
    }
    var assigned = Stored()
    let original = assigned
    assigned.number = 3
    assigned.number = 3
    #expect(assigned == original)
    #expect(assigned.hashValue == original.hashValue)
    let roundTrip = try JSONDecoder().decode(
      Stored.self,
      from: try JSONEncoder().encode(assigned)
    )
    #expect(roundTrip == assigned)
    assigned.number = 4
    #expect(assigned != original)
  }

  @Test func p1AssignmentsOnOtherThreadsNeverMakeAStoreEmit() async {
    // Run under the thread sanitizer: the per-thread counter is touched from many threads at
    // once, and a store counts only the assignments its own reducer makes.
    let quiet = Store(reducer: Assigning(), state: Assigning.State())
    let busy = (0..<4).map { _ in Store(reducer: Assigning(), state: Assigning.State()) }
    var quietStates = quiet.states.makeAsyncIterator()
    _ = await quietStates.next()
    var busyStates = busy.map { $0.states.makeAsyncIterator() }
    for index in busyStates.indices { _ = await busyStates[index].next() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var local = Assigning.State()
          for value in 0..<2_000 { local.number = value }
        }
      }
      for store in busy {
        group.addTask {
          for _ in 0..<500 { await store.send(.set(7)) }
        }
      }
      group.addTask {
        for _ in 0..<500 { await quiet.send(.nothing) }
      }
    }
    await quiet.send(.set(1))
    #expect(await quietStates.next()?.number == 1, "no state before the one `.set(1)` made")
    for index in busyStates.indices {
      var emitted = 0
      for _ in 0..<500 {
        if await busyStates[index].next()?.number == 7 { emitted += 1 }
      }
      #expect(emitted == 500, "store \(index) announced each of its own assignments")
    }
  }

  struct WrappedState: Sendable, Equatable {
    @Triggered var number = 0
    @CopyOnWrite var items = [1]
    @Ignored var note = "n"
  }

  @Test func x2LogsAndDescriptionsShowWrappedValuesNeverTheWrappersInternals() async {
    let lines = LineCollector()
    let store = Store(
      reducer: ClosureReducer<Int, WrappedState> { state, number in
        state.number = number
        return .none
      },
      state: WrappedState(),
      loggingOptions: .state
    )
    await store.debug(.state, to: StoreLogger { lines.append($0.message) })
    await store.send(3)
    #expect(lines.lines.count == 1)
    #expect(
      lines.lines.first?.hasSuffix(#"state: WrappedState(number: 3, items: [1], note: "n")"#)
        == true,
      "\(lines.lines)"
    )
    #expect(Triggered(wrappedValue: 0).description == "0")
    #expect(Ignored(wrappedValue: "n").description == "n")
    #expect(Ignored(wrappedValue: "n").debugDescription == #""n""#)
    #expect(CopyOnWrite(wrappedValue: [1]).description == "[1]")
    var dumped = ""
    dump(CopyOnWrite(wrappedValue: [1]), to: &dumped)
    #expect(!dumped.contains("Storage") && dumped.contains("1"), "\(dumped)")
  }

  @Test func p2AnIgnoredFieldNeverTakesPartInEqualityAndHashing() {
    struct Partly: Hashable {
      var number: Int
      @Ignored var scratch: Int
    }
    let lhs = Partly(number: 1, scratch: 1)
    let rhs = Partly(number: 1, scratch: 2)
    #expect(lhs == rhs)
    #expect(lhs.hashValue == rhs.hashValue)
    #expect(lhs != Partly(number: 2, scratch: 1))
  }

  @Test func p3CopyOnWriteHasValueSemantics() {
    var original = CopyOnWrite(wrappedValue: [1, 2, 3])
    let copy = original
    original.wrappedValue.append(4)
    #expect(original.wrappedValue == [1, 2, 3, 4])
    #expect(copy.wrappedValue == [1, 2, 3])
    #expect(original != copy)
  }

  @Test func p3AnInPlaceMutationOfAUniqueValueDoesNotCopyTheStorage() {
    var value = CopyOnWrite(wrappedValue: [1, 2, 3])
    let storage = ObjectIdentifier(value.storage)
    value.wrappedValue.append(4)
    value.wrappedValue[0] = 0
    #expect(ObjectIdentifier(value.storage) == storage)
    let shared = value
    value.wrappedValue.append(5)
    #expect(ObjectIdentifier(value.storage) != storage)
    #expect(ObjectIdentifier(shared.storage) == storage)
  }

  @Test func p3CopiesMutatedConcurrentlyStayIndependent() async {
    let shared = CopyOnWrite(wrappedValue: Array(0..<100))
    let results = await withTaskGroup(of: [Int].self) { group in
      for offset in 0..<8 {
        group.addTask {
          var mine = shared
          for _ in 0..<100 { mine.wrappedValue[offset] += 1 }
          return mine.wrappedValue
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    #expect(shared.wrappedValue == Array(0..<100))
    #expect(results.allSatisfy { $0.reduce(0, +) == (0..<100).reduce(0, +) + 100 })
  }

  @Test func wrappersEncodeAndDecodeTheirValueAlone() throws {
    struct Stored: Codable, Equatable {
      @Triggered var a = 1
      @Ignored var b = 2
      @CopyOnWrite var c = [3]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(Stored())
    #expect(String(decoding: data, as: UTF8.self) == #"{"a":1,"b":2,"c":[3]}"#)
    let decoded = try JSONDecoder().decode(Stored.self, from: data)
    #expect(decoded.a == 1 && decoded.b == 2 && decoded.c == [3])
  }
}
