/// How a record is laid out in a file: its length, its checksum, then its bytes.
///
/// ```text
/// [length: UInt32, little-endian] [CRC-32 of the length's 4 bytes and the payload] [payload]
/// ```
///
/// The checksum covers the length too, so a run of zeros (what a file system may leave where a
/// crash interrupted an extension of the file) never reads as a valid record; a payload is
/// never empty.
enum RecordFrame {
  /// The bytes before a record's payload.
  static let headerSize = 8

  /// The largest payload a record may hold; a longer length field is damage, not a record.
  static let maximumPayload = 1 << 30

  /// `payload` framed, ready to append.
  static func frame(_ payload: some Collection<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(headerSize + payload.count)
    append(payload, to: &bytes)
    return bytes
  }

  /// Appends `payload`, framed, to `bytes`.
  static func append(_ payload: some Collection<UInt8>, to bytes: inout [UInt8]) {
    let length = UInt32(payload.count)
    let lengthBytes = littleEndianBytes(length)
    let crc = CRC32.update(CRC32.checksum(lengthBytes), payload)
    bytes.append(contentsOf: lengthBytes)
    bytes.append(contentsOf: littleEndianBytes(crc))
    bytes.append(contentsOf: payload)
  }

  /// The four bytes of `value`, least significant first.
  static func littleEndianBytes(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }

  /// The eight bytes of `value`, least significant first.
  static func littleEndianBytes(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(value >> (8 * UInt64($0)) & 0xFF) }
  }

  /// Reads a little-endian integer of `width` bytes at `offset`.
  static func readInteger(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in (0..<width).reversed() {
      value = value << 8 | UInt64(bytes[offset + index])
    }
    return value
  }
}

/// The records found in a file's bytes, from a given offset, and what follows the last whole
/// one.
///
/// Records are only ever appended, so a crash can interrupt only the last one: it leaves fewer
/// bytes than a header, a length that runs past the end of the file, or zeros (what a file
/// system may leave where a crash interrupted an extension of the file). A complete last record
/// whose checksum fails, or an invalid record with other bytes after it, is no crash's doing:
/// it is damage, and reported as such.
struct RecordScan: Equatable {
  /// What follows the last whole record.
  enum Tail: Equatable {
    /// Nothing: the file ends right after the last whole record.
    case clean
    /// Bytes that are not a record, from `validEnd` to the end of the file; `following`
    /// counts the whole records after a damaged one whose length is intact, when they read to
    /// the end of the file.
    case dropped(cause: PersistenceError.DroppedTail.Cause, following: Int?)
  }

  /// The payloads' ranges in the scanned bytes, in order.
  var records: [Range<Int>] = []
  /// Where the last whole record ends: the length to truncate the file to.
  var validEnd: Int
  /// What follows `validEnd`.
  var tail: Tail = .clean

  /// Scans `bytes` from `offset`.
  init(_ bytes: [UInt8], from offset: Int) {
    validEnd = offset
    var position = offset
    while position < bytes.count {
      guard let payload = Self.record(in: bytes, at: position) else {
        tail = Self.tail(bytes, from: position)
        return
      }
      records.append(payload)
      position = payload.upperBound
      validEnd = position
    }
  }

  /// The payload of the whole record at `position`, or `nil` if there is none.
  static func record(in bytes: [UInt8], at position: Int) -> Range<Int>? {
    guard let length = length(in: bytes, at: position) else { return nil }
    let start = position + RecordFrame.headerSize
    let stored = UInt32(RecordFrame.readInteger(bytes, at: position + 4, width: 4))
    let crc = CRC32.update(
      CRC32.checksum(bytes[position..<position + 4]),
      bytes[start..<start + length]
    )
    return crc == stored ? start..<start + length : nil
  }

  /// The length of the record at `position`, if its header is whole and its length is one a
  /// record can have and fits in `bytes`.
  private static func length(in bytes: [UInt8], at position: Int) -> Int? {
    guard bytes.count - position >= RecordFrame.headerSize else { return nil }
    let length = Int(RecordFrame.readInteger(bytes, at: position, width: 4))
    let start = position + RecordFrame.headerSize
    guard length > 0, length <= RecordFrame.maximumPayload, length <= bytes.count - start else {
      return nil
    }
    return length
  }

  /// What the invalid record at `position`, and everything after it, looks like.
  static func tail(_ bytes: [UInt8], from position: Int) -> Tail {
    if bytes[position...].allSatisfy({ $0 == 0 }) {
      return .dropped(cause: .zeroFilled, following: nil)
    }
    let remaining = bytes.count - position
    if remaining < RecordFrame.headerSize { return .dropped(cause: .shortRecord, following: nil) }
    let stated = Int(RecordFrame.readInteger(bytes, at: position, width: 4))
    if stated > remaining - RecordFrame.headerSize {
      return .dropped(cause: .lengthPastEnd, following: nil)
    }
    if stated > 0, stated == remaining - RecordFrame.headerSize {
      return .dropped(cause: .checksumMismatch, following: 0)
    }
    return .dropped(cause: .damagedRecord, following: wholeRecords(in: bytes, after: position))
  }

  /// The number of whole records after the damaged one at `position`, if its length is
  /// intact and they read to the end of the file; `nil` if they cannot be counted.
  private static func wholeRecords(in bytes: [UInt8], after position: Int) -> Int? {
    guard let length = length(in: bytes, at: position) else { return nil }
    var next = position + RecordFrame.headerSize + length
    var count = 0
    while next < bytes.count {
      guard let payload = record(in: bytes, at: next) else { return nil }
      count += 1
      next = payload.upperBound
    }
    return count
  }
}
