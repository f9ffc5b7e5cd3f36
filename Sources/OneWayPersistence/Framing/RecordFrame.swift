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
/// A crash in the middle of an append leaves a record torn at the end of the file: a length
/// that runs past the end, a checksum that does not match, or zeros. Only the end of a file
/// can be torn, since records are only ever appended, so an invalid record with intact bytes
/// after it is damage of another kind, reported as such.
struct RecordScan: Equatable {
  /// What follows the last whole record.
  enum Tail: Equatable {
    /// Nothing: the file ends right after the last whole record.
    case clean
    /// A record torn by a crash during its append; dropping it loses nothing acknowledged.
    case torn(bytes: Int)
    /// A damaged record with more bytes after it, at `offset`: not what a crash leaves.
    case damaged(offset: Int)
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
        tail =
          Self.isTornTail(bytes, from: position)
          ? .torn(bytes: bytes.count - position)
          : .damaged(offset: position)
        return
      }
      records.append(payload)
      position = payload.upperBound
      validEnd = position
    }
  }

  /// The payload of the whole record at `position`, or `nil` if there is none.
  static func record(in bytes: [UInt8], at position: Int) -> Range<Int>? {
    guard bytes.count - position >= RecordFrame.headerSize else { return nil }
    let length = Int(RecordFrame.readInteger(bytes, at: position, width: 4))
    let start = position + RecordFrame.headerSize
    guard length > 0, length <= RecordFrame.maximumPayload, length <= bytes.count - start else {
      return nil
    }
    let stored = UInt32(RecordFrame.readInteger(bytes, at: position + 4, width: 4))
    let crc = CRC32.update(
      CRC32.checksum(bytes[position..<position + 4]),
      bytes[start..<start + length]
    )
    return crc == stored ? start..<start + length : nil
  }

  /// Whether the invalid record at `position` is what an interrupted append leaves: it reaches
  /// the end of the file (its length runs past it, or it is the last thing in it), or all
  /// that follows is zeros.
  static func isTornTail(_ bytes: [UInt8], from position: Int) -> Bool {
    let remaining = bytes.count - position
    if remaining < RecordFrame.headerSize { return true }
    let length = Int(RecordFrame.readInteger(bytes, at: position, width: 4))
    if length > 0, length >= remaining - RecordFrame.headerSize { return true }
    return bytes[position...].allSatisfy { $0 == 0 }
  }
}
