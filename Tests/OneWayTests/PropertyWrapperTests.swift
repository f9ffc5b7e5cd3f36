import Foundation
import Testing

@testable import OneWay

/// Rules P1–P3: the property wrappers.
@Suite struct PropertyWrapperTests {
  struct Triggering: Equatable, Hashable {
    @Triggered var number = 0
  }

  @Test func p1EveryAssignmentOfAnEqualValueCountsAsAChangeWithoutWrapAround() {
    var state = Triggering()
    for _ in 0..<1_000 {
      let previous = state
      state.number = state.number
      #expect(state != previous)
    }
    var mutated = state
    mutated.number += 0
    #expect(mutated != state)
    #expect(state == state)
  }

  @Test func p1CopiesCompareEqualUntilOneIsAssigned() {
    let state = Triggering(number: 3)
    var copy = state
    #expect(copy == state)
    #expect(copy.hashValue == state.hashValue)
    copy.number = 3
    #expect(copy != state)
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
