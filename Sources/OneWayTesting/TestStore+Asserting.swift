extension TestStore {
  /// Sends an action and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// The closure receives the state before the action and must turn it into the state after
  /// it; without a closure the state must not change. With ``exhaustivity`` `.on`, every
  /// action fed back before this one must have been received first. Actions that this one's
  /// synchronous effects (`.just`) emit are fed back too: `receive` them next.
  ///
  /// The closure runs on the caller's isolation and need not be `@Sendable`, so it may use the
  /// test's local variables:
  ///
  /// ```swift
  /// var expected = Feature.State().items
  /// expected.append("new")
  /// await store.send(.add("new")) { $0.items = expected }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Turns the state before the action into the state expected after it.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's isolation, where `update` runs; leave the default.
  public func send(
    _ action: Action,
    assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let recorder = self.recorder
    let (index, isIdle) = await recordedSend(store, action, recorder: recorder)
    let (exhaustivity, asserted) = bookkeeping.withLock { bookkeeping in
      let previous = (bookkeeping.exhaustivity, bookkeeping.asserted)
      bookkeeping.asserted = index + 1
      bookkeeping.isFinished = false
      if !isIdle { bookkeeping.hasStartedEffects = true }
      return previous
    }
    let unreceived = recorder.entries(from: asserted, to: index)
    if exhaustivity == .on && !unreceived.isEmpty {
      FailureReporter.fail(
        "send(\(Describing.dump(action))): \(Self.actions(unreceived.count)) must be received "
          + "before sending another:\n\(Self.list(unreceived))",
        at: site
      )
    }
    guard let entry = recorder.entry(at: index) else { return }
    checkStep(
      "send(\(Describing.dump(action)))",
      before: stateBefore(index),
      after: entry.state,
      update: update,
      exhaustivity: exhaustivity,
      site: site
    )
  }

  /// Waits for the next action that an effect feeds back, asserts that it is `expected`, and
  /// asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.fetch) { $0.isLoading = true }
  /// await store.receive(.response("ok")) {
  ///   $0.isLoading = false
  ///   $0.text = "ok"
  /// }
  /// ```
  ///
  /// It waits, without polling, until the store reduces an action the test has not received
  /// yet, for at most `timeout` seconds. With ``exhaustivity`` `.off` it skips the actions
  /// before the first one equal to `expected`.
  ///
  /// - Parameters:
  ///   - expected: The action the test expects next.
  ///   - timeout: How many seconds to wait for it; 5 by default, so that a loaded CI machine
  ///     (sanitizers, parallel tests) does not fail a passing test.
  ///   - update: Turns the state before the action into the state expected after it; it runs
  ///     on the caller's isolation and need not be `@Sendable`.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's isolation, where `update` runs; leave the default.
  public func receive(
    _ expected: Action,
    timeout: Double = 5,
    assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: { $0 == expected },
      subject: "receive(\(Describing.dump(expected)))",
      mismatch: {
        Describing.difference(expected, $0)
          ?? "\u{2212} \(Describing.dump(expected))\n+ \(Describing.dump($0))"
      },
      timeout: timeout,
      assert: update,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for the next action that an effect feeds back, asserts that `isExpected` accepts
  /// it, and asserts how it changes the state: for an action that is hard to write out in
  /// full, or, under the CasePaths trait, for a case key path (`receive(\.counter.saved)`).
  ///
  /// ```swift
  /// await store.receive(where: { if case .response = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isExpected: Whether an action is the one the test expects next.
  ///   - timeout: How many seconds to wait for it; 5 by default.
  ///   - update: Turns the state before the action into the state expected after it.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's isolation, where `update` runs; leave the default.
  public func receive(
    where isExpected: (Action) -> Bool,
    timeout: Double = 5,
    assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: isExpected,
      subject: "receive(where:)",
      mismatch: {
        "\u{2212} an action that the test's `where` closure accepts\n+ \(Describing.dump($0))"
      },
      timeout: timeout,
      assert: update,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The work of every `receive`: `isExpected` tells the expected action, `subject` names the
  /// assertion in failures, `mismatch` describes how a received action differs.
  package func receive(
    matching isExpected: (Action) -> Bool,
    subject: String,
    mismatch: (Action) -> String,
    timeout: Double,
    assert update: ((inout State) -> Void)?,
    site: CallSite,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let recorder = self.recorder
    var skipped: [ActionRecorder<Action, State>.Entry] = []
    while true {
      let (exhaustivity, index) = bookkeeping.withLock { bookkeeping in
        bookkeeping.isFinished = false
        return (bookkeeping.exhaustivity, bookkeeping.asserted)
      }
      let arrived = await withDeadline(seconds: timeout) {
        await recorder.waitForEntry(beyond: index)
        return recorder.entry(at: index) != nil
      }
      guard arrived == true, let entry = recorder.entry(at: index) else {
        let isIdle = await store.isIdle
        var message =
          "\(subject): no action arrived within \(Describing.seconds(timeout))"
          + (isIdle
            ? " and the store is idle"
            : "; effects are still in flight (is the test clock advanced past their deadlines?)")
        if !skipped.isEmpty {
          message += "\nskipped (exhaustivity .off):\n\(Self.list(skipped))"
        }
        FailureReporter.fail(message, at: site)
        return
      }
      bookkeeping.withLock { $0.asserted = index + 1 }
      if isExpected(entry.action) {
        checkStep(
          subject,
          before: stateBefore(index),
          after: entry.state,
          update: update,
          exhaustivity: exhaustivity,
          site: site
        )
        return
      }
      if exhaustivity == .off {
        skipped.append(entry)
        continue
      }
      FailureReporter.fail(
        "\(subject): received an unexpected action (\u{2212} expected, + received):\n"
          + Describing.indent(mismatch(entry.action)),
        at: site
      )
      return
    }
  }

  /// Waits until no effect is in flight and checks that the test received every action the
  /// effects fed back; end every test with it.
  ///
  /// ```swift
  /// await store.send(.fetch) { $0.isLoading = true }
  /// await store.receive(.response("ok")) { $0.isLoading = false; $0.text = "ok" }
  /// await store.finish()
  /// ```
  ///
  /// Effects that wait on a test clock end only when the test advances it past their
  /// deadlines, or cancels them; after `timeout` seconds `finish` reports the ones still in
  /// flight. With ``exhaustivity`` `.off`, neither effects in flight nor actions left over are
  /// failures.
  ///
  /// - Parameters:
  ///   - timeout: How many seconds to wait for the effects to end; 5 by default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish(
    timeout: Double = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let store = self.store
    _ = await withDeadline(seconds: timeout) { await store.waitUntilIdle() }
    let isIdle = await store.isIdle
    let (exhaustivity, asserted) = bookkeeping.withLock { bookkeeping in
      let previous = (bookkeeping.exhaustivity, bookkeeping.asserted)
      bookkeeping.isFinished = true
      bookkeeping.hasStartedEffects = false
      bookkeeping.asserted = recorder.count
      return previous
    }
    guard exhaustivity == .on else { return }
    if !isIdle {
      FailureReporter.fail(
        "finish(): effects are still in flight after \(Describing.seconds(timeout)): advance "
          + "the test clock past their deadlines, or cancel them, before the test ends",
        at: site
      )
    }
    let unreceived = recorder.entries(from: asserted)
    if !unreceived.isEmpty {
      FailureReporter.fail(
        "finish(): the store received \(Self.actions(unreceived.count)) that the test did not "
          + "receive:\n\(Self.list(unreceived))",
        at: site
      )
    }
  }
}
