/// What one `expect` saw: whether it succeeded, and the property and idleness it saw last.
struct ExpectationResult<Property: Sendable>: Sendable {
  let matched: Bool
  let received: Property
  let isIdle: Bool
}

/// The engine of `expect` on `Store` and `ViewStore`: waits, driven by the store's events,
/// until the property equals `value` while the store is idle, or until `timeout` seconds have
/// passed.
///
/// It subscribes to the store's states before it first looks, so no change can slip between a
/// look and the wait that follows it. Each round waits for the store to be idle, looks at the
/// state and idleness together, and, if the store is idle with another value, waits for the
/// next state. The timeout is a race with a sleep on `ContinuousClock`, never a poll.
func awaitExpectation<State: Sendable, Property: Sendable & Equatable>(
  states: AsyncStateSequence<State>,
  keyPath: KeyPath<State, Property> & Sendable,
  value: Property,
  timeout: Double,
  waitUntilIdle: @escaping @Sendable () async -> Void,
  snapshot: @escaping @Sendable () async -> (state: State, isIdle: Bool)
) async -> ExpectationResult<Property> {
  let matched =
    await withDeadline(seconds: timeout) { () async -> Bool in
      var changes = states.makeAsyncIterator()
      // The first element is the current state: from here on, no change is missed.
      guard await changes.next() != nil else { return false }
      while !Task.isCancelled {
        await waitUntilIdle()
        let now = await snapshot()
        guard now.isIdle else { continue }
        if now.state[keyPath: keyPath] == value { return true }
        guard await changes.next() != nil else { return false }
      }
      return false
    } ?? false
  let last = await snapshot()
  let received = last.state[keyPath: keyPath]
  // A success that lands exactly at the deadline still counts.
  return ExpectationResult(
    matched: matched || (last.isIdle && received == value),
    received: received,
    isIdle: last.isIdle
  )
}

/// What both `expect`s do: wait for the expectation, then report a failure at `site`.
func verifyExpectation<State: Sendable, Property: Sendable & Equatable>(
  states: AsyncStateSequence<State>,
  keyPath: KeyPath<State, Property> & Sendable,
  value: Property,
  timeout: Double,
  site: CallSite,
  waitUntilIdle: @escaping @Sendable () async -> Void,
  snapshot: @escaping @Sendable () async -> (state: State, isIdle: Bool)
) async {
  let result = await awaitExpectation(
    states: states,
    keyPath: keyPath,
    value: value,
    timeout: timeout,
    waitUntilIdle: waitUntilIdle,
    snapshot: snapshot
  )
  guard !result.matched else { return }
  reportExpectationFailure(result, keyPath: keyPath, value: value, timeout: timeout, site: site)
}

/// Reports a failed `expect` at the caller's source location.
func reportExpectationFailure<State, Property: Equatable>(
  _ result: ExpectationResult<Property>,
  keyPath: KeyPath<State, Property>,
  value: Property,
  timeout: Double,
  site: CallSite
) {
  let subject = "expect(\(keyPath)) failed after \(Describing.seconds(timeout))"
  let message: String
  if result.received == value {
    message =
      "\(subject): expected \(Describing.dump(value)) with the store idle, received "
      + "\(Describing.dump(result.received)) but the store is still busy (an action, effect, "
      + "debounce or throttle timer is in flight)"
  } else {
    message =
      "\(subject): \(Describing.expectedReceived(value, result.received))"
      + (result.isIdle ? "" : " (the store is still busy)")
  }
  FailureReporter.fail(message, at: site)
}

extension Store {
  /// Waits until a property of the state equals `value` while the store is idle, and records a
  /// test failure if that has not happened within `timeout` seconds.
  ///
  /// ```swift
  /// let sut = Store(reducer: Feature(), state: Feature.State())
  /// await sut.send(.incrementTwiceLater)  // an effect that sends .increment twice
  /// await sut.expect(\.count, 2)
  /// ```
  ///
  /// It returns as soon as the property equals `value` and no action, effect, debounce wait
  /// or throttle timer is in flight; it wakes only when the store's state or idleness changes
  /// (no polling). After `timeout` seconds it reports, at the caller's source location, a
  /// failure such as `expect(\State.count) failed after 2.0 seconds: expected 2, received 1`
  /// to Swift Testing when a Swift Testing test is running, and to XCTest otherwise.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should reach.
  ///   - timeout: How many seconds to wait before failing; 2 by default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public nonisolated func expect<Property: Sendable & Equatable>(
    _ keyPath: KeyPath<State, Property> & Sendable,
    _ value: Property,
    timeout: Double = 2,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await verifyExpectation(
      states: states,
      keyPath: keyPath,
      value: value,
      timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      waitUntilIdle: { await self.waitUntilIdle() },
      snapshot: { await self.testingSnapshot() }
    )
  }

  /// The state and idleness of the store, read together.
  func testingSnapshot() -> (state: State, isIdle: Bool) {
    (state, isIdle)
  }
}

extension ViewStore {
  /// Waits until a property of the state equals `value` while the view store is idle, and
  /// records a test failure if that has not happened within `timeout` seconds.
  ///
  /// ```swift
  /// @MainActor @Test func counts() async {
  ///   let sut = ViewStore(reducer: Feature(), state: Feature.State())
  ///   sut.send(.incrementTwiceLater)  // an effect that sends .increment twice
  ///   await sut.expect(\.count, 2)
  /// }
  /// ```
  ///
  /// It behaves like `Store`'s `expect(_:_:timeout:fileID:filePath:line:column:)`: it returns
  /// as soon as the property equals `value` and nothing is in flight, wakes only on the view
  /// store's changes, and after `timeout` seconds reports a failure such as
  /// `expect(\State.count) failed after 2.0 seconds: expected 2, received 1` at the caller's
  /// source location.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should reach.
  ///   - timeout: How many seconds to wait before failing; 2 by default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expect<Property: Sendable & Equatable>(
    _ keyPath: KeyPath<State, Property> & Sendable,
    _ value: Property,
    timeout: Double = 2,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await verifyExpectation(
      states: states,
      keyPath: keyPath,
      value: value,
      timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      waitUntilIdle: { await self.waitUntilIdle() },
      snapshot: { await self.testingSnapshot() }
    )
  }

  /// The state and idleness of the view store, read together.
  func testingSnapshot() -> (state: State, isIdle: Bool) {
    (state, isIdle)
  }
}
