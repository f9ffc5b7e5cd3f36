/// The `for await` loops currently observing a store's states, one stream each.
@usableFromInline
struct StateStreams<State: Sendable> {
  // Inlinable (`isEmpty`, `publish`): every commit of a changed state.

  @usableFromInline
  struct Stream {
    let id: UInt64
    @usableFromInline let continuation: AsyncStream<State>.Continuation
  }

  @usableFromInline var streams: [Stream] = []

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { streams.isEmpty }

  var count: Int { streams.count }

  /// Adds a stream, identified by `id` (never reused by the store), that receives `initial`
  /// first, in order.
  ///
  /// A policy that could not even hold one state (`n == 0`) holds one: a loop always gets the
  /// current state rather than waiting forever (O4). `onEnd` is called with the stream's
  /// identifier when its loop ends, however it ends, so that the engine can forget it (O8).
  mutating func add(
    id: UInt64,
    initial: some Swift.Sequence<State>,
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy,
    onEnd: @escaping @Sendable (UInt64) -> Void
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self,
      bufferingPolicy: Self.holdingAtLeastOne(bufferingPolicy)
    )
    for state in initial { continuation.yield(state) }
    continuation.onTermination = { _ in onEnd(id) }
    streams.append(Stream(id: id, continuation: continuation))
    return stream
  }

  static func holdingAtLeastOne(
    _ policy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State>.Continuation.BufferingPolicy {
    switch policy {
    case .bufferingNewest(let limit) where limit < 1: return .bufferingNewest(1)
    case .bufferingOldest(let limit) where limit < 1: return .bufferingOldest(1)
    default: return policy
    }
  }

  /// Sends `state` to every stream, forgetting those whose loop has ended.
  @inlinable
  mutating func publish(_ state: State) {
    var index = streams.startIndex
    while index < streams.endIndex {
      if case .terminated = streams[index].continuation.yield(state) {
        streams.remove(at: index)
      } else {
        index += 1
      }
    }
  }

  /// Forgets the streams whose loops ended.
  mutating func remove(_ ids: [UInt64]) {
    let ended = Set(ids)
    streams.removeAll { ended.contains($0.id) }
  }

  func finishAll() {
    for stream in streams { stream.continuation.finish() }
  }
}

/// The identifiers of the `states` loops that ended since the engine last looked.
///
/// A loop ends on its own thread, outside the store's isolation; it leaves its identifier here,
/// and only the first loop to end since the last clean-up asks for one, so that a burst of
/// ended loops costs one hop onto the store, not one each (O8).
final class EndedStreams: Sendable {
  private let lock = EngineLock()
  // Read and written only while holding `lock`.
  private nonisolated(unsafe) var ids: [UInt64] = []

  /// Records an ended loop; `true` when the caller must ask for a clean-up.
  func add(_ id: UInt64) -> Bool {
    lock.withLock {
      ids.append(id)
      return ids.count == 1
    }
  }

  /// The loops that ended since the last call; the next one to end asks for a clean-up again.
  func takeAll() -> [UInt64] {
    lock.withLock {
      defer { ids = [] }
      return ids
    }
  }
}
