extension PersistenceError {
  /// What loading dropped from the end of a journal, why, and where the bytes were kept.
  ///
  /// The records before the dropped bytes were recovered. Nothing was destroyed: before the
  /// journal was cut, a byte-exact copy of it as it was found was written to ``keptIn``, and
  /// the dropped bytes are ``droppedBytes`` of that copy.
  public struct DroppedTail: Sendable, Equatable {
    /// Why bytes at the end of a journal are not records.
    public enum Cause: Sendable, Equatable {
      /// Fewer bytes than a record's header: an append a crash interrupted.
      case shortRecord
      /// A record whose length runs past the end of the file: an append a crash interrupted.
      case lengthPastEnd
      /// Zeros where a record should start, to the end of the file: what a file system may
      /// leave when a crash interrupts an append.
      case zeroFilled
      /// The last record is complete but its checksum does not match: damage, since an
      /// append is written whole before anything follows it.
      case checksumMismatch
      /// A record that does not read, with other bytes after it: damage, since only the last
      /// record can be cut by a crash.
      case damagedRecord

      /// Whether this is what a crash in the middle of an append leaves, rather than damage.
      public var isInterruptedAppend: Bool {
        switch self {
        case .shortRecord, .lengthPastEnd, .zeroFilled: true
        case .checksumMismatch, .damagedRecord: false
        }
      }

      /// The cause in words, for messages.
      var words: String {
        switch self {
        case .shortRecord: "fewer bytes than a record's header"
        case .lengthPastEnd: "a record whose length runs past the end of the file"
        case .zeroFilled: "zeros to the end of the file"
        case .checksumMismatch: "the last record is complete but its checksum does not match"
        case .damagedRecord: "a record that does not read, with more bytes after it"
        }
      }
    }

    /// Why the bytes were dropped.
    public var cause: Cause
    /// The number of the last action recovered: the store starts from the state after it.
    public var recoveredThrough: UInt64
    /// The numbers of the actions whose records were dropped, when they can be counted: the
    /// damaged record and the whole records after it. `nil` for an interrupted append (its
    /// record was never whole) and when a damaged length hides where the next record starts.
    public var droppedActions: ClosedRange<UInt64>?
    /// Where the dropped bytes were in the journal, and are in the copy.
    public var droppedBytes: Range<Int>
    /// The byte-exact copy of the journal as it was found, before it was cut.
    public var keptIn: String

    /// Creates a description of a dropped tail.
    public init(
      cause: Cause,
      recoveredThrough: UInt64,
      droppedActions: ClosedRange<UInt64>?,
      droppedBytes: Range<Int>,
      keptIn: String
    ) {
      self.cause = cause
      self.recoveredThrough = recoveredThrough
      self.droppedActions = droppedActions
      self.droppedBytes = droppedBytes
      self.keptIn = keptIn
    }

    /// What was kept and what was dropped, in words for the user.
    func describe(_ location: String) -> String {
      let bytes = """
        \(droppedBytes.count) byte\(droppedBytes.count == 1 ? "" : "s") from offset \
        \(droppedBytes.lowerBound)
        """
      let kept = """
        They are in \(keptIn), a byte-exact copy of the journal as it was found (the same \
        offsets), never deleted
        """
      guard !cause.isInterruptedAppend else {
        return """
          \(location) ends with an append that a crash interrupted (\(cause.words)). The \
          state after action \(recoveredThrough) was recovered, and the unfinished append \
          (the \(bytes)) was dropped: no whole record was in it. \(kept); remove that file \
          when you no longer need it.
          """
      }
      let dropped: String
      if let actions = droppedActions {
        let numbers =
          actions.count == 1
          ? "action \(actions.lowerBound)"
          : "actions \(actions.lowerBound)–\(actions.upperBound)"
        dropped = """
          The state after action \(recoveredThrough) of \(actions.upperBound) was recovered; \
          the bytes of \(numbers) (the \(bytes)) were dropped.
          """
      } else {
        dropped = """
          The state after action \(recoveredThrough) was recovered; everything after it (the \
          \(bytes)) was dropped, and how many actions it held cannot be told.
          """
      }
      return """
        \(location) is damaged (\(cause.words)): not what a crash leaves. \(dropped) \(kept): \
        inspect it before removing it.
        """
    }
  }
}
