import Testing

@testable import OneWayPersistence

@Suite("Record framing and torn-record detection")
struct RecordFrameTests {
  let payloads: [[UInt8]] = [Array("first".utf8), Array("second record".utf8), [1, 2, 3]]

  var file: [UInt8] {
    payloads.reduce(into: Array("HEAD".utf8)) { RecordFrame.append($1, to: &$0) }
  }

  @Test func j3WholeRecordsAreReadBackInOrder() {
    let scan = RecordScan(file, from: 4)
    #expect(scan.records.map { Array(file[$0]) } == payloads)
    #expect(scan.tail == .clean)
    #expect(scan.validEnd == file.count)
  }

  @Test func j3ARecordTornAtAnyByteIsDroppedAndNoEarlierRecordIsLost() {
    let whole = file
    let lastStart = whole.count - RecordFrame.headerSize - payloads[2].count
    for end in lastStart + 1..<whole.count {
      let scan = RecordScan(Array(whole[..<end]), from: 4)
      #expect(scan.records.count == 2, "cut at \(end)")
      #expect(scan.validEnd == lastStart)
      let cause: PersistenceError.DroppedTail.Cause =
        end - lastStart < RecordFrame.headerSize ? .shortRecord : .lengthPastEnd
      #expect(scan.tail == .dropped(cause: cause, following: nil), "cut at \(end)")
      #expect(cause.isInterruptedAppend)
    }
  }

  @Test func j3ZerosAfterTheLastRecordAreAnInterruptedAppend() {
    let scan = RecordScan(file + [UInt8](repeating: 0, count: 100), from: 4)
    #expect(scan.records.count == 3)
    #expect(scan.validEnd == file.count)
    #expect(scan.tail == .dropped(cause: .zeroFilled, following: nil))
  }

  @Test func j3AFlippedBitInTheCompleteLastRecordIsDamageNotAnInterruptedAppend() {
    var bytes = file
    bytes[bytes.count - 1] ^= 1
    let scan = RecordScan(bytes, from: 4)
    #expect(scan.records.count == 2)
    #expect(scan.validEnd == bytes.count - RecordFrame.headerSize - 3)
    #expect(scan.tail == .dropped(cause: .checksumMismatch, following: 0))
    #expect(!PersistenceError.DroppedTail.Cause.checksumMismatch.isInterruptedAppend)
  }

  @Test func j3ADamagedRecordWithRecordsAfterItIsDamageAndTheyAreCounted() {
    var bytes = file
    bytes[4 + RecordFrame.headerSize] ^= 1  // the first payload's first byte
    let scan = RecordScan(bytes, from: 4)
    #expect(scan.records.isEmpty)
    #expect(scan.validEnd == 4)
    #expect(scan.tail == .dropped(cause: .damagedRecord, following: 2))
  }

  @Test func j3ADamagedLengthWithBytesAfterItIsDamageThatCannotBeCounted() {
    var bytes = file
    bytes[4] ^= 0x04  // the first record's length: 1 instead of 5
    let scan = RecordScan(bytes, from: 4)
    #expect(scan.records.isEmpty)
    #expect(scan.tail == .dropped(cause: .damagedRecord, following: nil))
  }

  @Test func checksumMatchesTheStandardCRC32() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  @Test func j2ASnapshotFileIsReadBackWhole() {
    let bytes = FileLayout.snapshot(version: 3, sequence: 42, state: Array("{}".utf8))
    #expect(
      FileLayout.parseSnapshot(bytes) == .valid(version: 3, sequence: 42, state: Array("{}".utf8))
    )
    for end in 0..<bytes.count {
      guard case .damaged = FileLayout.parseSnapshot(Array(bytes[..<end])) else {
        Issue.record("a snapshot cut at \(end) was read as whole")
        continue
      }
    }
  }
}
