/// When a journal's appended actions are made durable with `fsync`.
public enum JournalSync: Sendable, Equatable {
  /// After every append, before the `send` returns: an acknowledged action survives even a
  /// power loss.
  case everyAppend
  /// At most once per interval (the first append after a quiet interval at once): an
  /// acknowledged action survives the process being killed (it is in the operating system's
  /// cache), and a power loss costs at most the last interval.
  case interval(Duration)
}
