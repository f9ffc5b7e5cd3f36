import Testing

@testable import OneWay

/// The engine's value-typed bookkeeping, tested without tasks or clocks.
@Suite struct EngineTests {
  @Test func registryKeepsAUnitAliveWhileItAndItsAncestorsAreRegistered() {
    var registry = EffectRegistry()
    let parent = registry.register(parent: nil, ids: [AnyEffectID("outer")], isBinding: false)
    let child = registry.register(parent: parent, ids: [AnyEffectID("inner")], isBinding: false)
    #expect(registry.isAlive(child))
    #expect(registry.lineageIDs(of: child) == [AnyEffectID("inner"), AnyEffectID("outer")])
    #expect(registry.cancel(AnyEffectID("outer")).map(\.token) == [parent])
    #expect(!registry.isAlive(parent))
    #expect(!registry.isAlive(child), "a unit whose parent is cancelled is dead")
    #expect(registry.isBusy, "the cancelled units' tasks have not ended yet")
    registry.finish(child)
    registry.finish(parent)
    #expect(!registry.isBusy)
    #expect(registry.units.isEmpty)
    #expect(registry.identifierCount == 0)
  }

  @Test func registryForgetsFinishedUnitsAndNeverReusesTokens() {
    var registry = EffectRegistry()
    var tokens: Set<EffectToken> = []
    for index in 0..<10_000 {
      let token = registry.register(
        parent: nil,
        ids: [AnyEffectID(index % 7)],
        isBinding: false
      )
      tokens.insert(token)
      registry.finish(token)
    }
    #expect(tokens.count == 10_000)
    #expect(registry.units.isEmpty)
    #expect(registry.identifierCount == 0)
    #expect(!registry.isBusy)
  }

  @Test func registryDoesNotCountBindingUnitsAsBusy() {
    var registry = EffectRegistry()
    let binding = registry.register(parent: nil, ids: [], isBinding: true)
    #expect(!registry.isBusy)
    _ = registry.cancelAll()
    #expect(!registry.isBusy)
    registry.finish(binding)
    #expect(registry.units.isEmpty)
  }

  @Test func actionQueueIsFirstInFirstOutAndKeepsItsCapacity() {
    var queue = ActionQueue<Int>()
    for value in 0..<100 { queue.append(value, from: nil) }
    var popped: [Int] = []
    while let entry = queue.popFirst() { popped.append(entry.action) }
    #expect(popped == Array(0..<100))
    #expect(queue.isEmpty)
    #expect(queue.entries.capacity >= 100)
  }

  @Test func effectIdentifiersCompareByTypeAndValue() {
    #expect(AnyEffectID("a") == AnyEffectID("a"))
    #expect(AnyEffectID(1) != AnyEffectID("1"))
    #expect(AnyEffectID(1) != AnyEffectID(UInt(1)))
    #expect(AnyEffectID(AnyEffectID(3)) == AnyEffectID(3))
    #expect(Set([AnyEffectID(1), AnyEffectID(1), AnyEffectID(2)]).count == 2)
  }
}
