/// A latch that effects wait on until the test opens it: how tests decide exactly when an
/// asynchronous effect may go on, without sleeping.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

/// A counter that tests can wait on until it reaches a value.
actor Counter {
  private(set) var value = 0
  private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func add(_ delta: Int) {
    value += delta
    let ready = waiters.filter { $0.target == value }
    waiters.removeAll { $0.target == value }
    for waiter in ready { waiter.continuation.resume() }
  }

  @discardableResult
  func increment() -> Int {
    add(1)
    return value
  }
  func decrement() { add(-1) }

  func wait(until target: Int) async {
    if value == target { return }
    await withCheckedContinuation { waiters.append((target, $0)) }
  }
}

/// An asynchronous sequence that never produces anything and ends only when cancelled.
func neverEnding() async {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  for await _ in stream {}
  withExtendedLifetime(continuation) {}
}
