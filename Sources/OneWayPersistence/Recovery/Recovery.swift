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
    var writeBack = false
    if let snapshot = history.snapshot {
      var bytes = snapshot.state
      if snapshot.version < version {
        bytes = try migrations.migrate(
          bytes,
          from: snapshot.version,
          to: version,
          location: location,
          step: { $0.state }
        )
        writeBack = true
      }
      do {
        recovery.state = try JSONDecoder().decode(State.self, from: Data(bytes))
        recovery.sequence = snapshot.sequence
      } catch {
        recovery.problems.append(
          PersistenceError(
            location: location,
            reason: .undecodable(message: describe(error), movedTo: try backend.setAside())
          )
        )
        history.records = []
        writeBack = false
      }
    }
    if let replay {
      for record in history.records {
        var payload = record.payload
        if record.version < version {
          payload = try migrations.migrate(
            payload,
            from: record.version,
            to: version,
            location: location,
            step: { $0.action }
          )
        }
        do {
          try replay(&recovery.state, Data(payload))
        } catch {
          // The state so far is kept; the files, this record and those after it included, are
          // moved aside whole, and the state is written back as the new start.
          recovery.problems.append(
            PersistenceError(
              location: location,
              reason: .undecodable(
                message: "action \(record.sequence) of the journal: \(describe(error))",
                movedTo: try backend.setAside()
              )
            )
          )
          writeBack = true
          break
        }
        recovery.sequence = record.sequence
        writeBack = true
      }
    }
    if writeBack {
      let bytes: [UInt8]
      do {
        bytes = Array(try JSONEncoder().encode(recovery.state))
      } catch {
        throw PersistenceError(
          location: location,
          reason: .writeFailed(message: "the state could not be encoded: \(error)")
        )
      }
      try backend.writeSnapshot(
        StoredSnapshot(version: version, sequence: recovery.sequence, state: bytes)
      )
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
