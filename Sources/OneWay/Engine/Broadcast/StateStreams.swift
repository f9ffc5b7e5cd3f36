/// The `for await` loops currently observing a store's states, one stream each.
@usableFromInline
struct StateStreams<State: Sendable> {
  @usableFromInline
  struct Stream {
    let id: UInt64
    @usableFromInline let continuation: AsyncStream<State>.Continuation
  }

  @usableFromInline var streams: [Stream] = []
  private var lastID: UInt64 = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { streams.isEmpty }

  var count: Int { streams.count }

  /// Adds a stream that receives `initial` first, in order.
  ///
  /// A policy that could not even hold one state (`n == 0`) holds one: a loop always gets the
  /// current state rather than waiting forever (O4). `onEnd` is called with the stream's
  /// identifier when its loop ends, however it ends, so that the engine can forget it (O8).
  mutating func add(
    initial: some Swift.Sequence<State>,
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy,
    onEnd: @escaping @Sendable (UInt64) -> Void
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self,
      bufferingPolicy: Self.holdingAtLeastOne(bufferingPolicy)
    )
    for state in initial { continuation.yield(state) }
    lastID += 1
    let id = lastID
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

  /// Forgets the stream whose loop ended.
  mutating func remove(_ id: UInt64) {
    if let index = streams.firstIndex(where: { $0.id == id }) {
      streams.remove(at: index)
    }
  }

  func finishAll() {
    for stream in streams { stream.continuation.finish() }
  }
}
