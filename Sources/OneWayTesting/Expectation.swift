/// What one `expect` saw: whether the property had the value, the property, and whether the
/// store was idle when it looked.
struct ExpectationResult<Property: Sendable>: Sendable {
  let matched: Bool
  let received: Property
  let isIdle: Bool
}

/// The engine of `expect` on `Store` and `ViewStore`, with OneWay 3.x's meaning (rule X1):
/// waits until the store is idle or `timeout` seconds have passed, whichever comes first, then
/// compares the property with `value`.
///
/// The wait is driven by the store's events (the store resumes it when it becomes idle), and
/// the timeout is a race with a sleep on `ContinuousClock`, never a poll. A store that is
/// still busy at the timeout (a debounce waiting on a test clock that nobody advances) is
/// compared as it is then, so an equal value passes.
func awaitExpectation<State: Sendable, Property: Sendable & Equatable>(
  keyPath: KeyPath<State, Property> & Sendable,
  value: Property,
  timeout: Double,
  waitUntilIdle: @escaping @Sendable () async -> Void,
  snapshot: @escaping @Sendable () async -> (state: State, isIdle: Bool)
) async -> ExpectationResult<Property> {
  _ = await withDeadline(seconds: timeout) { await waitUntilIdle() }
  let now = await snapshot()
  let received = now.state[keyPath: keyPath]
  return ExpectationResult(matched: received == value, received: received, isIdle: now.isIdle)
}

/// What both `expect`s do: wait, compare, then report a failure at `site`.
func verifyExpectation<State: Sendable, Property: Sendable & Equatable>(
  keyPath: KeyPath<State, Property> & Sendable,
  value: Property,
  timeout: Double,
  site: CallSite,
  waitUntilIdle: @escaping @Sendable () async -> Void,
  snapshot: @escaping @Sendable () async -> (state: State, isIdle: Bool)
) async {
  let result = await awaitExpectation(
    keyPath: keyPath,
    value: value,
    timeout: timeout,
    waitUntilIdle: waitUntilIdle,
    snapshot: snapshot
  )
  guard !result.matched else { return }
  reportExpectationFailure(result, keyPath: keyPath, value: value, timeout: timeout, site: site)
}

/// Reports a failed `expect` at the caller's source location: the expected and the received
/// value, and whether the store was idle or still busy when they were compared.
func reportExpectationFailure<State, Property: Equatable>(
  _ result: ExpectationResult<Property>,
  keyPath: KeyPath<State, Property>,
  value: Property,
  timeout: Double,
  site: CallSite
) {
  let status =
    result.isIdle
    ? "with the store idle"
    : "with the store still busy after \(Describing.seconds(timeout)) (an action, effect, "
      + "debounce wait or throttle timer in flight)"
  FailureReporter.fail(
    "expect(\(keyPath)) failed \(status): \(Describing.expectedReceived(value, result.received))",
    at: site
  )
}

extension Store {
  /// Waits until the store is idle, or until `timeout` seconds have passed, then checks that a
  /// property of the state equals `value`, as OneWay 3.x's `expect` does.
  ///
  /// ```swift
  /// let sut = Store(reducer: Feature(), state: Feature.State())
  /// await sut.send(.incrementTwiceLater)  // an effect that sends .increment twice
  /// await sut.expect(\.count, 2)
  /// ```
  ///
  /// It returns as soon as no action, effect, debounce wait or throttle timer is in flight
  /// (`bind()` does not count), woken by the store itself (no polling), and compares then. A
  /// store still busy after `timeout` seconds, such as one whose debounce waits on a test clock
  /// the test does not advance, is compared as it is at that moment: an equal value passes. A
  /// different value is reported at the caller's source location, to Swift Testing when a
  /// Swift Testing test is running and to XCTest otherwise, with both values and whether the
  /// store was idle:
  ///
  /// ```text
  /// expect(\State.count) failed with the store idle: expected 2, received 1
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should have.
  ///   - timeout: How many seconds to wait for the store to be idle; 2 by default.
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
      keyPath: keyPath,
      value: value,
      timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      waitUntilIdle: { await self.waitUntilIdle() },
      snapshot: { await self.testingSnapshot() }
    )
  }

  /// OneWay 2.x's name of ``expect(_:_:timeout:fileID:filePath:line:column:)`` for XCTest.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should have.
  ///   - timeout: How many seconds to wait for the store to be idle; 2 by default.
  ///   - file: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  @available(*, deprecated, message: "use expect(_:_:timeout:), which works under XCTest too")
  public nonisolated func xctExpect<Property: Sendable & Equatable>(
    _ keyPath: KeyPath<State, Property> & Sendable,
    _ value: Property,
    timeout: Double = 2,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await expect(keyPath, value, timeout: timeout, filePath: file, line: line)
  }

  /// The state and idleness of the store, read together.
  func testingSnapshot() -> (state: State, isIdle: Bool) {
    (state, isIdle)
  }
}

extension ViewStore {
  /// Waits until the view store is idle, or until `timeout` seconds have passed, then checks
  /// that a property of the state equals `value`, as OneWay 3.x's `expect` does.
  ///
  /// ```swift
  /// @MainActor @Test func counts() async {
  ///   let sut = ViewStore(reducer: Feature(), state: Feature.State())
  ///   sut.send(.incrementTwiceLater)  // an effect that sends .increment twice
  ///   await sut.expect(\.count, 2)
  /// }
  /// ```
  ///
  /// It behaves like `Store`'s `expect(_:_:timeout:fileID:filePath:line:column:)`: it waits,
  /// woken by the view store (no polling), until nothing is in flight or the timeout has
  /// passed, then compares; an equal value passes even if the view store is still busy, and a
  /// failure such as `expect(\State.count) failed with the store idle: expected 2, received 1`
  /// is reported at the caller's source location.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should have.
  ///   - timeout: How many seconds to wait for the view store to be idle; 2 by default.
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
      keyPath: keyPath,
      value: value,
      timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      waitUntilIdle: { await self.waitUntilIdle() },
      snapshot: { await self.testingSnapshot() }
    )
  }

  /// OneWay 2.x's name of ``expect(_:_:timeout:fileID:filePath:line:column:)`` for XCTest.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state to check.
  ///   - value: The value the property should have.
  ///   - timeout: How many seconds to wait for the view store to be idle; 2 by default.
  ///   - file: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  @available(*, deprecated, message: "use expect(_:_:timeout:), which works under XCTest too")
  public func xctExpect<Property: Sendable & Equatable>(
    _ keyPath: KeyPath<State, Property> & Sendable,
    _ value: Property,
    timeout: Double = 2,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await expect(keyPath, value, timeout: timeout, filePath: file, line: line)
  }

  /// The state and idleness of the view store, read together.
  func testingSnapshot() -> (state: State, isIdle: Bool) {
    (state, isIdle)
  }
}
