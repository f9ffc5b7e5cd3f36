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
    #expect(registry.isBusy, "the child is still registered")
    let childFinished = registry.finish(child)
    let parentFinished = registry.finish(parent)
    #expect(childFinished)
    #expect(!parentFinished, "the cancelled parent left the registry when cancelled")
    #expect(!registry.isBusy)
    #expect(registry.isEmpty)
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
    #expect(registry.isEmpty)
    #expect(registry.identifierCount == 0)
    #expect(!registry.isBusy)
  }

  @Test func c2AStaleTokenNeverReachesTheUnitThatReusedItsSlot() {
    var registry = EffectRegistry()
    let first = registry.register(parent: nil, ids: [AnyEffectID("save")], isBinding: false)
    #expect(registry.cancel(AnyEffectID("save")).map(\.token) == [first])
    #expect(!registry.isBusy, "a cancelled unit leaves the registry at once")
    let second = registry.register(parent: nil, ids: [AnyEffectID("save")], isBinding: false)
    #expect(second.slot == first.slot, "the cancelled unit's slot is reused at once")
    #expect(!registry.isAlive(first), "its token names the slot's old unit, which is gone")
    let firstFinished = registry.finish(first)
    #expect(!firstFinished, "the cancelled unit's task, ending, finds no unit")
    #expect(registry.isAlive(second), "finishing the stale token leaves the new unit alone")
    #expect(registry.count == 1)
    let third = registry.register(parent: nil, ids: [AnyEffectID("save")], isBinding: false)
    #expect(registry.cancel(AnyEffectID("save")).map(\.token) == [second, third])
    let secondFinished = registry.finish(second)
    let thirdFinished = registry.finish(third)
    #expect(!secondFinished && !thirdFinished)
    #expect(registry.isEmpty && !registry.isBusy && registry.identifierCount == 0)
  }

  @Test func c2AUnitUnderSeveralIdentifiersIsCancelledByAnyOfThemOnce() {
    var registry = EffectRegistry()
    let ids = [AnyEffectID("row"), AnyEffectID(7), AnyEffectID("row")]
    let both = registry.register(parent: nil, ids: ids, isBinding: false)
    let other = registry.register(parent: nil, ids: [AnyEffectID(7)], isBinding: false)
    #expect(registry.identifierCount == 2)
    #expect(registry.cancel(AnyEffectID("row")).map(\.token) == [both])
    #expect(registry.identifierCount == 1, "the cancelled unit left the identifier 7 too")
    #expect(registry.cancel(AnyEffectID(7)).map(\.token) == [other])
    #expect(registry.cancel(AnyEffectID("row")).isEmpty)
    let bothFinished = registry.finish(both)
    let otherFinished = registry.finish(other)
    #expect(!bothFinished && !otherFinished, "both left the registry when cancelled")
    #expect(registry.isEmpty && !registry.isBusy && registry.identifierCount == 0)
  }

  @Test func identifiersOfEqualValuesHashAlikeAndDifferentOnesDiffer() {
    #expect(AnyEffectID("a") == AnyEffectID("a"))
    #expect(AnyEffectID("a").hashValue == AnyEffectID("a").hashValue)
    #expect(AnyEffectID(AnyEffectID("a")) == AnyEffectID("a"), "an erased id is not erased twice")
    #expect(AnyEffectID("a") != AnyEffectID("b"))
    #expect(AnyEffectID(1) != AnyEffectID(UInt(1)), "ids of different types are different ids")
  }

  @Test func registryDoesNotCountBindingUnitsAsBusy() {
    var registry = EffectRegistry()
    let binding = registry.register(parent: nil, ids: [], isBinding: true)
    #expect(!registry.isBusy)
    _ = registry.cancelAll()
    #expect(!registry.isBusy)
    registry.finish(binding)
    #expect(registry.isEmpty)
  }

  @Test func c3AnEndedUnitReleasesWhatItOwnedAndItsSlotStartsEmpty() {
    // A slot is reused; what its last unit owned (here a subscription's cancel closure) is
    // released when the unit finishes or is cancelled, not when the slot is next taken.
    final class Owned: Sendable {}
    var registry = EffectRegistry()
    var owned: Owned? = Owned()
    weak let watched = owned
    let first = registry.register(parent: nil, ids: [AnyEffectID("a")], isBinding: false)
    let firstAttached = registry.attach({ [owned] in _ = owned }, to: first)
    #expect(firstAttached)
    owned = nil
    #expect(watched != nil, "the unit holds its cancel closure")
    registry.finish(first)
    #expect(watched == nil, "a finished unit keeps nothing")

    owned = Owned()
    weak let cancelledWatched = owned
    let second = registry.register(parent: nil, ids: [AnyEffectID("a")], isBinding: false)
    #expect(second.slot == first.slot, "the free slot is reused")
    let secondAttached = registry.attach({ [owned] in _ = owned }, to: second)
    #expect(secondAttached)
    owned = nil
    var cancelled = registry.cancel(second, without: nil)
    #expect(cancelled?.cancelSubscription != nil, "the cancellation hands the closure over")
    cancelled = nil
    #expect(cancelledWatched == nil, "a cancelled unit keeps nothing while its task ends")
    #expect(cancelled == nil)
    let secondFinished = registry.finish(second)
    #expect(!secondFinished, "the cancelled unit left the registry when cancelled")
    let isBusy = registry.isBusy
    #expect(!isBusy && registry.isEmpty && registry.identifierCount == 0)
  }

  @Test func l2ACancelledUnitWithATaskKeepsTheStoreBusyAndOthersDoNot() {
    var registry = EffectRegistry()
    let withTask = registry.register(parent: nil, ids: [AnyEffectID("a")], isBinding: false)
    registry.attach(Task {}, to: withTask)
    let synchronous = registry.register(parent: nil, ids: [AnyEffectID("a")], isBinding: false)
    let binding = registry.register(parent: nil, ids: [], isBinding: true)
    registry.attach(Task {}, to: binding)
    let cancelled = registry.cancelAll()
    #expect(cancelled.map(\.token) == [withTask, synchronous, binding])
    #expect(
      cancelled.map(\.keepsStoreBusy) == [true, false, false],
      "only a task outside bind() keeps the store busy until it ends"
    )
  }

  @Test func l2CancelledTasksWakeTheEngineOnlyWhenTheLastEndsAndOnlyIfAsked() {
    var count = CancelledTaskCount()
    let noneAtFirst = count.noneRunning(wakingWhenNone: true)
    #expect(noneAtFirst, "none runs: nothing to wait for")
    #expect(!count.wakeRequested, "no wake is asked for when none runs")
    count.unitCancelled()
    count.unitCancelled()
    let firstWakes = count.taskEnded()
    #expect(!firstWakes, "nobody asked to be woken")
    let noneWithoutAsking = count.noneRunning(wakingWhenNone: false)
    #expect(!noneWithoutAsking)
    #expect(!count.wakeRequested, "a plain question asks for nothing")
    let noneAsking = count.noneRunning(wakingWhenNone: true)
    #expect(!noneAsking)
    #expect(count.wakeRequested)
    count.unitCancelled()
    let secondWakes = count.taskEnded()
    #expect(!secondWakes, "one is still running")
    let lastWakes = count.taskEnded()
    #expect(lastWakes, "the last one wakes the engine, which asked")
    #expect(!count.wakeRequested, "the request is used up")
    #expect(count.running == 0)
    count.unitCancelled()
    let laterWakes = count.taskEnded()
    #expect(!laterWakes, "a used-up request wakes nobody again")
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

extension EffectRegistry {
  /// Cancels every unit registered under `id` the way the scheduler does (its tokens taken out
  /// of the index, then each cancelled), and returns them in order.
  fileprivate mutating func cancel(_ id: AnyEffectID) -> [Cancelled] {
    var cancelled: [Cancelled] = []
    takeTokens(under: id)?.forEach { token in
      if let unit = cancel(token, without: id) { cancelled.append(unit) }
    }
    return cancelled
  }
}
