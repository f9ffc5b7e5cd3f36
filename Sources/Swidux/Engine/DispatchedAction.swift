/// An action on its way through the engine.
@usableFromInline
struct DispatchedAction: @unchecked Sendable {
  // @unchecked: an action is reduced on the thread that dispatched it, with the store's lock
  // held; the engine queues one only when it is dispatched on that thread during a reduce,
  // and the reducer starts no effect that could carry one elsewhere.
  let action: any Action

  init(_ action: any Action) {
    self.action = action
  }
}
