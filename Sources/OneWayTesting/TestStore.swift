/// A store for tests that checks, exhaustively, every state change and every action that the
/// reducer's effects feed back.
///
/// ```swift
/// @Test func fetch() async {
///   let clock = TestClock()
///   let store = TestStore(reducer: Feature(), state: Feature.State(), clock: clock)
///   await store.send(.fetch) { $0.isLoading = true }
///   await store.receive(.response("ok")) {
///     $0.isLoading = false
///     $0.text = "ok"
///   }
///   await store.finish()
/// }
/// ```
///
/// `send` and `receive` take a closure that turns the state before the action into the state
/// the test expects after it; any difference from the real state fails the test with a diff
/// (`−` expected, `+` actual). An action fed back by an effect that the test did not
/// `receive`, and an effect still in flight when the test ends, fail it too. Set
/// ``exhaustivity`` to `.off` to check only what the test names.
///
/// States are compared with `==`, so the property wrappers decide what is checked:
///
/// - `@Triggered` compares values: an assertion states the value (`$0.count = 2`), however
///   many times the reducer assigned it, and an assignment of an equal value is no change.
/// - `@Ignored` is never checked: a closure may set an `@Ignored` field to anything or leave it
///   out, and a wrong value there fails nothing. Check such a field with `await store.state`
///   when it matters.
/// - `@CopyOnWrite` compares values.
///
/// Diffs and messages show every wrapper as its value, never its storage.
///
/// Design: the test store drives a real `Store` (an actor), so the reducer, the effects, the
/// cancellation and the clock behave exactly as in the app. It gives the store the user's
/// reducer wrapped in one that records each action it reduces with the state that action
/// leaves: since the store reduces every action (sent, or fed back by an effect or by
/// `bind()`) through the reducer, that record is the complete history, and each step's
/// "before" state is the state the previous record left. Time moves only through the clock
/// the test passes as `clock:` (swift-clocks' `TestClock`, say).
public final class TestStore<R: Reducer, C: Clock<Duration>>: Sendable
where R.Action: Equatable {
  /// The reducer's action type.
  public typealias Action = R.Action

  /// The reducer's state type.
  public typealias State = R.State

  struct Bookkeeping {
    var exhaustivity = Exhaustivity.on
    /// The record's entries before this index have been asserted (or skipped).
    var asserted = 0
    /// A `send` left effects in flight and no `finish()` has waited for them since.
    var hasStartedEffects = false
    /// `finish()` ran after the last `send` or `receive`.
    var isFinished = false
  }

  let store: Store<RecordingReducer<R>, C>
  let recorder: ActionRecorder<Action, State>
  let bookkeeping = Locked(Bookkeeping())
  private let creationSite: CallSite

  /// The state the test store was created with.
  public let initialState: State

  /// How strictly the test store checks the test; `.on` by default.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.fetch)
  /// await store.receive(.response("ok")) { $0.text = "ok" }
  /// ```
  public var exhaustivity: Exhaustivity {
    get { bookkeeping.withLock { $0.exhaustivity } }
    set { bookkeeping.withLock { $0.exhaustivity = newValue } }
  }

  /// Creates a test store that runs `reducer` from `state`, measuring time with `clock`.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(reducer: Feature(), state: Feature.State(), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: The reducer under test.
  ///   - state: The initial state.
  ///   - clock: The clock that debounce and throttle measure time with; pass a test clock so
  ///     that time moves only when the test moves it.
  ///   - fileID: The caller's file ID; failures found at deinit are reported here.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public convenience init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    clock: C = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      making: reducer,
      state: state,
      clock: clock,
      context: nil,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Creates a test store whose reducer `reducer` makes, inside `context`, and whose store's
  /// work runs inside it (see `StoreContext`); without one, inside the context that a linked
  /// product supplies, if any.
  package init(
    making reducer: @Sendable () -> R,
    state: State,
    clock: C,
    context: (any StoreContext)?,
    site: CallSite
  ) {
    let recorder = ActionRecorder<Action, State>()
    let recording = RecordingReducer(base: context?.run(reducer) ?? reducer(), recorder: recorder)
    self.recorder = recorder
    self.store = Store(
      making: { recording },
      state: state,
      clock: clock,
      context: context
    )
    self.initialState = state
    self.creationSite = site
  }

  deinit {
    let bookkeeping = self.bookkeeping.withLock { $0 }
    guard bookkeeping.exhaustivity == .on, !bookkeeping.isFinished else { return }
    let unreceived = recorder.entries(from: bookkeeping.asserted)
    if !unreceived.isEmpty {
      FailureReporter.fail(
        "The test store was deinitialized with \(Self.actions(unreceived.count)) that the test "
          + "did not receive:\n\(Self.list(unreceived))",
        at: creationSite
      )
    }
    if bookkeeping.hasStartedEffects {
      FailureReporter.fail(
        "The test store was deinitialized without `await store.finish()` after a send that "
          + "started effects, which may still be in flight: end the test with "
          + "`await store.finish()`",
        at: creationSite
      )
    }
  }

  /// The store's current state.
  ///
  /// ```swift
  /// #expect(await store.state.count == 1)
  /// ```
  public var state: State {
    get async { await store.state }
  }

  // MARK: - Checking

  /// The state before the action at `index` of the record: the state the previous action
  /// left, or the initial state.
  func stateBefore(_ index: Int) -> State {
    index > 0 ? recorder.entry(at: index - 1)?.state ?? initialState : initialState
  }

  /// Checks one step's state change against the test's closure.
  func checkStep(
    _ subject: String,
    before: State,
    after: State,
    update: ((inout State) -> Void)?,
    exhaustivity: Exhaustivity,
    site: CallSite
  ) {
    var expected: State
    switch exhaustivity {
    case .on:
      expected = before
      update?(&expected)
    case .off:
      // Applied to the actual state, the closure changes nothing if every field it sets
      // already has that value.
      guard let update else { return }
      expected = after
      update(&expected)
    }
    guard expected != after else { return }
    let problem =
      update == nil
      ? "the state changed, but the test expected no change"
      : "the state does not match the expectation"
    FailureReporter.fail(
      "\(subject): \(problem) (\u{2212} expected, + actual):\n"
        + Describing.indent(
          Describing.difference(expected, after)
            ?? "\u{2212} \(Describing.dump(expected))\n+ \(Describing.dump(after))"
        ),
      at: site
    )
  }

  static func actions(_ count: Int) -> String {
    count == 1 ? "1 action" : "\(count) actions"
  }

  static func list(_ entries: [ActionRecorder<Action, State>.Entry]) -> String {
    entries.map { Describing.indent(Describing.dump($0.action)) }.joined(separator: "\n")
  }
}
