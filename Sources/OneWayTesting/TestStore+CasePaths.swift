#if CasePaths
import OneWay
import OneWayCasePaths

extension TestStore where Action: CasePathable {
  // Not generic over the case's payload: a path through an enum that is not `@CasePathable`
  // then fails with that cause first, instead of "generic parameter 'Value' could not be
  // inferred".

  /// Waits for the next action that an effect feeds back, asserts that it is of the case at
  /// `expected` (whatever its payload), and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.counter(.save))
  /// await store.receive(\.counter.saved) { $0.counter.saved = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The case key path of the action the test expects next; a path through
  ///     nested cases (`\.counter.saved`) checks each level.
  ///   - timeout: How many seconds to wait for it; 5 by default.
  ///   - update: Turns the state before the action into the state expected after it.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's isolation, where `update` runs; leave the default.
  public func receive(
    _ expected: PartialCaseKeyPath<Action>,
    timeout: Double = 5,
    assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: { $0.is(expected) },
      subject: "receive(\(expected))",
      mismatch: { "\u{2212} an action at \(expected)\n+ \($0)" },
      timeout: timeout,
      assert: update,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
#endif
