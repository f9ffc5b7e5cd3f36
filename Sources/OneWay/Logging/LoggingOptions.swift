/// What a store logs as it works: the actions it reduces, the states it reaches, or both.
///
/// By default, lines are printed to standard output on every platform:
///
/// ```text
/// [CountingReducer] action: increment
/// [CountingReducer] state: State(number: 1, isLoading: false)
/// ```
///
/// With ``none`` (the default), logging costs nothing. To send the log elsewhere (a test, or
/// swift-log through the `OneWayLogging` module), pass a ``StoreLogger`` to `debug(_:to:)`.
public struct LoggingOptions: OptionSet, Sendable {
  /// The bits of the set.
  public let rawValue: Int

  /// Creates a set from its bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Logs every action the store reduces.
  public static let action = LoggingOptions(rawValue: 1 << 0)

  /// Logs every state the store reaches.
  public static let state = LoggingOptions(rawValue: 1 << 1)

  /// Logs actions and states.
  public static let all: LoggingOptions = [.action, .state]

  /// Logs nothing.
  public static let none: LoggingOptions = []
}
