/// Runs `operation` against a deadline `seconds` from now on the continuous clock, and returns
/// its result, or `nil` when the deadline comes first (the operation is then cancelled).
///
/// The deadline is a race, not a poll: nothing wakes up until the operation finishes or the
/// time is up.
func withDeadline<T: Sendable>(
  seconds: Double,
  _ operation: @escaping @Sendable () async -> T
) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask { await operation() }
    group.addTask {
      try? await ContinuousClock().sleep(for: .seconds(max(seconds, 0)))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// Returns as soon as one of `operations` returns, and cancels the others.
func firstOf(_ operations: (@Sendable () async -> Void)...) async {
  await withTaskGroup(of: Void.self) { group in
    for operation in operations { group.addTask { await operation() } }
    await group.next()
    group.cancelAll()
  }
}
