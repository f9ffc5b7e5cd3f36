import Logging
import OneWay

extension StoreLogger {
  /// A store log written to a swift-log `Logger`, with levels and metadata.
  ///
  /// Each reduced action is logged at `actionLevel` as `action` with the metadata `store`
  /// (the reducer's name) and `action` (the action, described); each state the store reaches
  /// is logged at `stateLevel` as `state changed` with `store`, `action`, `changed` (the names
  /// of the properties that changed) and `state` (the state's values).
  ///
  /// ```swift
  /// import Logging
  /// import OneWayLogging
  ///
  /// let store = Store(reducer: CountingReducer(), state: .init(number: 0, isLoading: false))
  /// await store.debug(.all, to: .swiftLog(Logger(label: "counter")))
  /// ```
  ///
  /// - Parameters:
  ///   - logger: The logger to write to; an entry below its level is not even built.
  ///   - actionLevel: The level of action entries; `.debug` by default.
  ///   - stateLevel: The level of state entries; `.trace` by default.
  /// - Returns: A store logger.
  public static func swiftLog(
    _ logger: Logger,
    actionLevel: Logger.Level = .debug,
    stateLevel: Logger.Level = .trace
  ) -> StoreLogger {
    StoreLogger(isEnabled: { kind in
      logger.logLevel <= (kind == .action ? actionLevel : stateLevel)
    }) { entry in
      var metadata: Logger.Metadata = [
        "store": .string(entry.storeName),
        "action": .string(entry.action),
      ]
      switch entry.kind {
      case .action:
        logger.log(level: actionLevel, "action", metadata: metadata)
      case .state:
        metadata["changed"] = .array(entry.changedFields.map { .string($0) })
        metadata["state"] = .string(entry.state ?? "")
        logger.log(level: stateLevel, "state changed", metadata: metadata)
      }
    }
  }
}
