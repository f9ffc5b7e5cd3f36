/// The debounce waits of a store, one per identifier: the unit that waits, the deadline it
/// waits for, and the effect it runs then.
///
/// A plain value. The store, never the waiting task, decides when a wait's effect runs, so
/// that the decision and the run happen together on the store's isolation: the task, once
/// woken, claims its wait (``claim(_:unit:)``) and the store runs the effect; or the next
/// debounced action under the same identifier finds a wait that the clock has ended but whose
/// task has not claimed it yet, because a loaded machine runs the woken task late, and the store
/// runs that effect first, as it would have run on time (``takeEnded(under:)``, E7).
@usableFromInline
struct DebounceWaits<Run> {
  // Inlinable (`isEmpty`): checked at every cancellation and end of a unit.

  @usableFromInline
  struct Wait {
    let unit: EffectToken
    let end: Deadline
    let run: Run
  }

  @usableFromInline var waits: [AnyEffectID: Wait] = [:]

  @inlinable
  var isEmpty: Bool { waits.isEmpty }

  /// Records that `unit` waits under `id` until `end`, then runs `run`.
  mutating func begin(_ id: AnyEffectID, unit: EffectToken, end: Deadline, run: Run) {
    waits[id] = Wait(unit: unit, end: end, run: run)
  }

  /// Takes the wait under `id` if the clock has reached its end: its unit and its run.
  mutating func takeEnded(under id: AnyEffectID) -> (unit: EffectToken, run: Run)? {
    guard let wait = waits[id], wait.end.isReached else { return nil }
    waits[id] = nil
    return (wait.unit, wait.run)
  }

  /// Takes the wait of `unit` under `id`, whose task has woken; `false` if it is no longer
  /// there (replaced, cancelled, or run already by the next debounced action).
  mutating func claim(_ id: AnyEffectID, unit: EffectToken) -> Bool {
    guard waits[id]?.unit == unit else { return false }
    waits[id] = nil
    return true
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
