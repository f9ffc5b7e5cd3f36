import Foundation

/// A step that brings persisted data from one schema version to the next.
///
/// When a persisted store loads data written by an older version, it runs the migrations from
/// that version up to the current one, in order, and writes the result back only once they all
/// succeeded. Each step works on the encoded JSON, so it can rename, add or drop fields that the
/// current types no longer decode.
///
/// ```swift
/// let renameTitle = Migration(from: 1) { state in
///   var object = try JSONSerialization.jsonObject(with: state) as! [String: Any]
///   object["title"] = object.removeValue(forKey: "name")
///   return try JSONSerialization.data(withJSONObject: object)
/// }
/// ```
public struct Migration: Sendable {
  /// The version this migration reads; it produces version `version + 1`.
  public let version: Int
  let state: @Sendable (Data) throws -> Data
  let action: @Sendable (Data) throws -> Data

  /// Creates the migration from `version` to `version + 1`.
  ///
  /// - Parameters:
  ///   - version: The schema version it reads.
  ///   - state: Turns an encoded state of `version` into one of `version + 1`.
  ///   - action: Turns an encoded action of the journal likewise; by default, keeps it as it is.
  public init(
    from version: Int,
    state: @escaping @Sendable (Data) throws -> Data,
    action: @escaping @Sendable (Data) throws -> Data = { $0 }
  ) {
    self.version = version
    self.state = state
    self.action = action
  }
}

extension [Migration] {
  /// Runs the migrations from `version` up to `current` on `data`, in order.
  func migrate(
    _ data: [UInt8],
    from version: Int,
    to current: Int,
    location: String,
    step: (Migration) -> @Sendable (Data) throws -> Data
  ) throws(PersistenceError) -> [UInt8] {
    var data = Data(data)
    for from in version..<current {
      guard let migration = first(where: { $0.version == from }) else {
        throw PersistenceError(location: location, reason: .missingMigration(from: from))
      }
      do {
        data = try step(migration)(data)
      } catch {
        throw PersistenceError(
          location: location,
          reason: .migrationFailed(from: from, message: "\(error)")
        )
      }
    }
    return [UInt8](data)
  }
}
