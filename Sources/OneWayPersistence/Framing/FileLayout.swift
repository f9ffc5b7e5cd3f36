/// The layout of the snapshot file and of the journal file.
///
/// ```text
/// snapshot: "OWSNAP01" [record: schema version UInt32, sequence UInt64, the encoded state]
/// journal:  "OWJRNL01" [record: schema version UInt32, base sequence UInt64]
///           [record: an encoded action] [record: an encoded action] ...
/// ```
///
/// A snapshot holds the state after the action numbered `sequence` (0: before any action).
/// The journal's actions are numbered from its base sequence plus one.
enum FileLayout {
  static let snapshotMagic: [UInt8] = Array("OWSNAP01".utf8)
  static let journalMagic: [UInt8] = Array("OWJRNL01".utf8)

  /// A snapshot file's bytes.
  static func snapshot(version: Int, sequence: UInt64, state: some Collection<UInt8>) -> [UInt8] {
    var payload = header(version: version, sequence: sequence)
    payload.append(contentsOf: state)
    var bytes = snapshotMagic
    RecordFrame.append(payload, to: &bytes)
    return bytes
  }

  /// The bytes of an empty journal that follows the snapshot at `base`.
  static func emptyJournal(version: Int, base: UInt64) -> [UInt8] {
    var bytes = journalMagic
    RecordFrame.append(header(version: version, sequence: base), to: &bytes)
    return bytes
  }

  private static func header(version: Int, sequence: UInt64) -> [UInt8] {
    RecordFrame.littleEndianBytes(UInt32(truncatingIfNeeded: version))
      + RecordFrame.littleEndianBytes(sequence)
  }

  /// What a snapshot file holds.
  enum Snapshot: Equatable {
    /// A whole snapshot.
    case valid(version: Int, sequence: UInt64, state: [UInt8])
    /// Not a snapshot, or a damaged one; `reason` says how.
    case damaged(reason: String)
  }

  /// Reads a snapshot file's bytes.
  static func parseSnapshot(_ bytes: [UInt8]) -> Snapshot {
    guard bytes.count >= snapshotMagic.count,
      Array(bytes.prefix(snapshotMagic.count)) == snapshotMagic
    else {
      return .damaged(reason: bytes.isEmpty ? "the file is empty" : "the file is not a snapshot")
    }
    let scan = RecordScan(bytes, from: snapshotMagic.count)
    guard scan.records.count == 1, scan.tail == .clean, scan.records[0].count >= 12 else {
      return .damaged(reason: "the snapshot is truncated or damaged (its checksum does not match)")
    }
    let start = scan.records[0].lowerBound
    return .valid(
      version: Int(RecordFrame.readInteger(bytes, at: start, width: 4)),
      sequence: RecordFrame.readInteger(bytes, at: start + 4, width: 8),
      state: Array(bytes[start + 12..<scan.records[0].upperBound])
    )
  }

  /// What a journal file holds.
  enum Journal: Equatable {
    /// A journal: its schema version, its base sequence, and its records.
    case valid(version: Int, base: UInt64, scan: RecordScan)
    /// Not a journal, or one whose header is damaged.
    case damaged(reason: String)
  }

  /// Reads a journal file's bytes.
  static func parseJournal(_ bytes: [UInt8]) -> Journal {
    guard bytes.count >= journalMagic.count, Array(bytes.prefix(journalMagic.count)) == journalMagic
    else {
      return .damaged(reason: bytes.isEmpty ? "the file is empty" : "the file is not a journal")
    }
    guard let header = RecordScan.record(in: bytes, at: journalMagic.count), header.count == 12
    else {
      return .damaged(reason: "the journal's header is damaged")
    }
    return .valid(
      version: Int(RecordFrame.readInteger(bytes, at: header.lowerBound, width: 4)),
      base: RecordFrame.readInteger(bytes, at: header.lowerBound + 4, width: 8),
      scan: RecordScan(bytes, from: header.upperBound)
    )
  }
}
