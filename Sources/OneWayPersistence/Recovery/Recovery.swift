import Foundation

/// Loads a store's state from a backend: the snapshot, migrated if it is older, then the
/// journal's tail replayed through the reducer, without effects.
///
/// Versions are checked before anything is moved or written, so that data of a newer version
/// is left exactly as it was. Data that does not decode is moved aside by the backend and
/// reported; what was loaded is written back (a snapshot that also empties the journal) only
/// once every migration and replay succeeded.
struct Recovery<State: Codable> {
  /// The state to start from.
  var state: State
  /// The number of the last action the state includes.
  var sequence: UInt64
  /// What was repaired.
  var problems: [PersistenceError]

  static func load(
    from backend: any PersistenceBackend,
    initialState: State,
    version: Int,
    migrations: [Migration],
    replay: ((inout State, Data) throws -> Void)?
  ) throws -> Recovery {
    var history = try backend.load()
    let location = backend.location
    let versions = (history.snapshot.map { [$0.version] } ?? []) + history.records.map(\.version)
    if let newest = versions.max(), newest > version {
      throw PersistenceError(
        location: location,
        reason: .newerVersion(found: newest, supported: version)
      )
    }
    var recovery = Recovery(state: initialState, sequence: 0, problems: history.problems)
    // `bytes`, stored by `stored`, migrated to `version` with the step that `step` picks.
    func current(
      _ bytes: [UInt8],
      from stored: Int,
      _ step: (Migration) -> @Sendable (Data) throws -> Data
    ) throws -> Data {
      guard stored < version else { return Data(bytes) }
      return Data(
        try migrations.migrate(bytes, from: stored, to: version, location: location, step: step)
      )
    }
    // Moves what is stored aside, and reports why (`what` did not decode) and what the store
    // starts from: the state recovered so far, if anything was.
    var recovered = false
    func setAside(_ what: String, _ error: any Error) throws {
      let movedTo = try backend.setAside()
      let message = what + describe(error)
      recovery.problems.append(
        PersistenceError(
          location: location,
          reason: recovered
            ? .undecodablePast(
              recoveredThrough: recovery.sequence,
              message: message,
              movedTo: movedTo
            )
            : .undecodable(message: message, movedTo: movedTo)
        )
      )
    }
    var writeBack = false
    if let snapshot = history.snapshot {
      let bytes = try current(snapshot.state, from: snapshot.version, \.state)
      do {
        recovery.state = try JSONDecoder().decode(State.self, from: bytes)
        recovery.sequence = snapshot.sequence
        recovered = true
        writeBack = snapshot.version < version
      } catch {
        try setAside("", error)
        history.records = []
      }
    }
    if let replay {
      for record in history.records {
        let payload = try current(record.payload, from: record.version, \.action)
        do {
          try replay(&recovery.state, payload)
        } catch {
          // The state so far is kept; the files, this record and those after it included, are
          // moved aside whole, and the state is written back as the new start.
          try setAside("action \(record.sequence) of the journal: ", error)
          writeBack = true
          break
        }
        recovery.sequence = record.sequence
        recovered = true
        writeBack = true
      }
    }
    if writeBack {
      try backend.writeSnapshot(of: recovery.state, version: version, sequence: recovery.sequence)
    }
    return recovery
  }

  /// A decoding error's own words, without the type's dump.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      return context.debugDescription
    default:
      return "\(error)"
    }
  }
}
