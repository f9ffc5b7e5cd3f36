/// Where a store's log goes: standard output by default, or any destination, such as
/// swift-log through the `OneWayLogging` module.
///
/// A store reports each reduced action, and each state it reaches, as a ``StoreLogEntry`` on
/// its own isolation, in order, once the reduce is committed. With ``LoggingOptions/none``
/// nothing is built and the logger is never called.
///
/// ```swift
/// let store = ViewStore(reducer: CountingReducer(), state: .init(number: 0, isLoading: false))
///   .debug(.all, to: StoreLogger { entry in
///     print(entry.kind, entry.action, entry.changedFields)
///   })
/// ```
public struct StoreLogger: Sendable {
  /// Receives one entry.
  public let log: @Sendable (StoreLogEntry) -> Void
  /// Whether entries of a kind are wanted now; the store builds none that are not, so that a
  /// log filtered out by its level costs no description of actions or states.
  public let isEnabled: @Sendable (StoreLogEntry.Kind) -> Bool

  /// A logger that hands every entry to `log`.
  ///
  /// - Parameter log: Called on the store's isolation with each entry.
  public init(_ log: @escaping @Sendable (StoreLogEntry) -> Void) {
    self.init(isEnabled: { _ in true }, log)
  }

  /// A logger that hands `log` the entries of the kinds `isEnabled` wants at the time.
  ///
  /// - Parameters:
  ///   - isEnabled: Called on the store's isolation before each entry is built.
  ///   - log: Called on the store's isolation with each entry.
  public init(
    isEnabled: @escaping @Sendable (StoreLogEntry.Kind) -> Bool,
    _ log: @escaping @Sendable (StoreLogEntry) -> Void
  ) {
    self.isEnabled = isEnabled
    self.log = log
  }

  /// Prints each entry's ``StoreLogEntry/message`` to standard output: the default.
  public static var standardOutput: StoreLogger {
    StoreLogger { print($0.message) }
  }
}

/// One line of a store's log: an action it reduced, or a state it reached.
public struct StoreLogEntry: Sendable {
  /// What the entry reports.
  public enum Kind: Sendable, Equatable {
    /// An action the store reduced.
    case action
    /// A state the store reached: it differs from the one before.
    case state
  }

  /// What the entry reports.
  public let kind: Kind
  /// The name of the store's reducer type, such as `CountingReducer`.
  public let storeName: String
  /// The action that was reduced, described.
  public let action: String
  /// The state after the reduce, described with the values of its properties (property
  /// wrappers show their values, never their storage); `nil` for an action entry.
  public let state: String?
  /// The names of the top-level properties whose values changed (for a state entry).
  public let changedFields: [String]

  /// The readable line, as standard output shows it:
  /// `[CountingReducer] action: increment` or
  /// `[CountingReducer] state: State(number: 1, isLoading: false)`.
  public var message: String {
    switch kind {
    case .action: "[\(storeName)] action: \(action)"
    case .state: "[\(storeName)] state: \(state ?? "")"
    }
  }
}

/// Builds the entries of one store's log from its reductions.
struct StoreLogWriter<Action, State>: Sendable {
  let options: LoggingOptions
  let storeName: String
  let logger: StoreLogger

  func log(_ reduction: Reduction<Action, State>, previous: State?) {
    let logsAction = options.contains(.action) && logger.isEnabled(.action)
    let logsState = options.contains(.state) && reduction.stateChanged && logger.isEnabled(.state)
    guard logsAction || logsState else { return }
    let action = String(describing: reduction.action)
    if logsAction {
      logger.log(
        StoreLogEntry(
          kind: .action,
          storeName: storeName,
          action: action,
          state: nil,
          changedFields: []
        )
      )
    }
    if logsState {
      logger.log(
        StoreLogEntry(
          kind: .state,
          storeName: storeName,
          action: action,
          state: Self.describe(reduction.state),
          changedFields: previous.map { Self.changedFields(from: $0, to: reduction.state) } ?? []
        )
      )
    }
  }

  /// The state as `Type(property: value, ...)`, with OneWay's property wrappers shown as their
  /// property and value, never as their storage (`_number`).
  static func describe(_ state: State) -> String {
    let mirror = Mirror(reflecting: state)
    guard mirror.displayStyle == .struct, !mirror.children.isEmpty else {
      return String(describing: state)
    }
    let fields = mirror.children.map { child in
      "\(name(of: child)): \(describeValue(child.value))"
    }
    return "\(State.self)(\(fields.joined(separator: ", ")))"
  }

  private static func describeValue(_ value: Any) -> String {
    // A wrapper's debug description is its value's, as a value prints inside a state.
    String(reflecting: value)
  }

  private static func name(of child: Mirror.Child) -> String {
    let label = child.label ?? "_"
    guard child.value is any OneWayPropertyWrapper, label.hasPrefix("_") else { return label }
    return String(label.dropFirst())
  }

  /// The labels of the top-level properties whose descriptions differ; a property wrapper's
  /// storage (`_name`) is named after its property.
  static func changedFields(from old: State, to new: State) -> [String] {
    let before = Mirror(reflecting: old).children
    let after = Mirror(reflecting: new).children
    guard before.count == after.count else { return [] }
    return zip(before, after).compactMap { old, new in
      guard String(describing: old.value) != String(describing: new.value) else { return nil }
      return name(of: new)
    }
  }
}

/// OneWay's property wrappers, which logs show as their property and value.
protocol OneWayPropertyWrapper {}

extension Triggered: OneWayPropertyWrapper {}
extension Ignored: OneWayPropertyWrapper {}
extension CopyOnWrite: OneWayPropertyWrapper {}
