/// A task whose start an actor store's initialiser deferred (see
/// ``StoreEngine/bindFromOutside()``): started at once (`bind()`'s, up to its first suspension,
/// L4) or as an ordinary task.
@usableFromInline
struct DeferredStart: Sendable {
  @usableFromInline let slot: TaskSlot
  @usableFromInline let priority: EffectPriority
  @usableFromInline let immediately: Bool
  @usableFromInline let body: @Sendable () async -> Void

  @usableFromInline
  init(
    slot: TaskSlot,
    priority: EffectPriority,
    immediately: Bool,
    body: @escaping @Sendable () async -> Void
  ) {
    self.slot = slot
    self.priority = priority
    self.immediately = immediately
    self.body = body
  }
}
