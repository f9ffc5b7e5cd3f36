/// A task whose start an actor store's initialiser deferred (see
/// ``StoreEngine/bindFromOutside()``): started at once, up to its first suspension (L4, E7),
/// once the initialiser is done with the engine.
@usableFromInline
struct DeferredStart: Sendable {
  @usableFromInline let slot: TaskSlot
  @usableFromInline let priority: EffectPriority
  @usableFromInline let body: @Sendable () async -> Void

  @usableFromInline
  init(slot: TaskSlot, priority: EffectPriority, body: @escaping @Sendable () async -> Void) {
    self.slot = slot
    self.priority = priority
    self.body = body
  }
}
