/// The debounce waits of a store, one per identifier: the unit that waits, and the deadline
/// it waits for.
///
/// It lets the store tell a wait that is over on the store's clock, though the task that waits
/// has not woken yet, from one still running: the next debounce under the same identifier
/// spares the first kind, whose effect runs as it would have on time (E7), and cancels the
/// second, as it cancels an effect that has begun to run (T2).
@usableFromInline
struct DebounceWaits {
  // Inlinable (`isEmpty`): checked at every cancellation and end of a unit.

  @usableFromInline
  struct Wait {
    let unit: EffectToken
    let end: Deadline
    let woken: Woken
  }

  /// Set by the waiting task when it wakes, before it runs its effect.
  final class Woken: Sendable {
    private let flag = Locked(false)
    var isSet: Bool { flag.current }
    func set() { flag.withLock { $0 = true } }
  }

  @usableFromInline var waits: [AnyEffectID: Wait] = [:]

  @inlinable
  var isEmpty: Bool { waits.isEmpty }

  /// Records that `unit` waits under `id` until `end`.
  mutating func begin(_ id: AnyEffectID, unit: EffectToken, end: Deadline, woken: Woken) {
    waits[id] = Wait(unit: unit, end: end, woken: woken)
  }

  /// The unit under `id` whose wait the clock has ended but whose task has not woken yet.
  func unitPastItsEnd(under id: AnyEffectID) -> EffectToken? {
    guard let wait = waits[id], wait.end.isReached, !wait.woken.isSet else { return nil }
    return wait.unit
  }

  /// Forgets the wait of `unit`, which has ended or was cancelled.
  @usableFromInline
  mutating func end(_ unit: EffectToken) {
    if let id = waits.first(where: { $0.value.unit == unit })?.key {
      waits[id] = nil
    }
  }

  mutating func removeAll() {
    waits.removeAll()
  }
}
