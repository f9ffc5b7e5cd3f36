import OneWay

/// One function of a store's middleware chain, made callable from any thread: it takes the
/// store's lock, then calls the function that the middleware returned.
struct ChainLink: @unchecked Sendable {
  // @unchecked: `function`, which need not be `Sendable`, is called only while holding
  // `lock`, so never by two threads at once.
  let lock: EngineLock
  let function: (any Action) -> Void

  @Sendable func callAsFunction(_ action: any Action) {
    lock.withLock { function(action) }
  }
}
