/// The CRC-32 (IEEE 802.3) of some bytes: what tells a whole record from a torn or damaged one.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { byte in
    var value = UInt32(byte)
    for _ in 0..<8 {
      value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
    }
    return value
  }

  /// Continues `crc` (0 to start) over `bytes`.
  static func update<Bytes: Sequence<UInt8>>(_ crc: UInt32, _ bytes: Bytes) -> UInt32 {
    var value = ~crc
    table.withUnsafeBufferPointer { table in
      for byte in bytes {
        value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
      }
    }
    return ~value
  }

  /// The checksum of `bytes`.
  static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    update(0, bytes)
  }
}
