/// A misuse of OneWay found at run time: what happened, to which store and action, and what to
/// do (I1).
///
/// Every misuse goes through one reporter, ``MisuseReporter``: inside a test it fails that
/// test, and elsewhere it is a warning on standard error.
public struct Misuse: Sendable, Equatable, CustomStringConvertible {
  /// The kind of misuse, open to the other products of the package.
  public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kind, in words.
    public let rawValue: String

    /// A kind of misuse, named in words.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// A send to a child store whose state is gone: its optional state became `nil`, or its
    /// element left the collection. The store ended for good.
    public static let sendToEndedStore = Kind(rawValue: "send to an ended store")
    /// An action that reached a store while a developer tool shows one of its past states; it
    /// waits until the tool resumes or commits.
    public static let actionHeldWhileTravelling = Kind(rawValue: "action held while travelling")

    /// The kind, in words.
    public var description: String { rawValue }
  }

  /// How a test treats a misuse.
  public enum Severity: Sendable, Equatable {
    /// Fails the test it happens in.
    case error
    /// Recorded in the test as a warning, without failing it: what happened is what the
    /// library promises, but easy to mistake for a loss.
    case warning
  }

  /// The kind of misuse.
  public var kind: Kind
  /// The store concerned, as its type names it (`Store<Detail, ContinuousClock>`), and the
  /// element's id for an element store.
  public var store: String
  /// The action concerned, as `String(describing:)` writes it.
  public var action: String
  /// What happened.
  public var problem: String
  /// What to do about it.
  public var advice: String
  /// Whether it fails a test.
  public var severity: Severity

  /// Creates a misuse report.
  public init(
    _ kind: Kind,
    store: String,
    action: String,
    problem: String,
    advice: String,
    severity: Severity = .error
  ) {
    self.kind = kind
    self.store = store
    self.action = action
    self.problem = problem
    self.advice = advice
    self.severity = severity
  }

  /// The report in one message: the store, the action, what happened and what to do.
  public var description: String {
    "OneWay: \(store) received \(action): \(problem). \(advice)"
  }
}
