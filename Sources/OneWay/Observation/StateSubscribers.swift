/// The `for await` loops currently observing a store's states, one stream each.
@usableFromInline
struct StateSubscribers<State: Sendable> {
  @usableFromInline var continuations: [AsyncStream<State>.Continuation] = []

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { continuations.isEmpty }

  var count: Int { continuations.count }

  /// Adds a subscriber that receives `current` first.
  mutating func add(
    current: State,
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self,
      bufferingPolicy: bufferingPolicy
    )
    continuation.yield(current)
    continuations.append(continuation)
    return stream
  }

  /// Sends `state` to every subscriber, forgetting those whose loop has ended.
  @inlinable
  mutating func publish(_ state: State) {
    var index = continuations.startIndex
    while index < continuations.endIndex {
      if case .terminated = continuations[index].yield(state) {
        continuations.remove(at: index)
      } else {
        index += 1
      }
    }
  }

  func finishAll() {
    for continuation in continuations { continuation.finish() }
  }
}
