/// How ``AnyEffect/map(_:)`` maps the stream of a `create` effect (or of an erased custom
/// effect) without changing what the stream is.
///
/// The mapped stream takes an element of the base stream only when its own consumer asks for
/// one, so the base stream's buffering policy still decides which elements wait and which are
/// dropped (a `.bufferingNewest(1)` stream stays one), and a value yielded after `build`
/// returns is still delivered. Ending the mapped stream ends the base stream as its own
/// consumer would: the base's `onTermination` runs with `.cancelled` when the consumer's task
/// is cancelled or the mapped stream is dropped.
///
/// Design: one relay task owns the base stream's iterator (an `AsyncStream` allows one
/// consumer at a time, so nothing else ever calls its `next()`). The mapped stream is an
/// `AsyncStream(unfolding:)` whose every pull hands the relay a continuation to answer with
/// the next element. Cancelling the consumer cancels the relay, which then pulls once more in
/// its cancelled task: that pull is what makes the base stream terminate.
enum MappedStream {
  /// A stream of `base`'s elements passed through `transform`.
  static func make<Base: Sendable, Element: Sendable>(
    _ base: AsyncStream<Base>,
    _ transform: @escaping @Sendable (Base) -> Element
  ) -> AsyncStream<Element> {
    let (requests, requester) = AsyncStream.makeStream(
      of: CheckedContinuation<Element?, Never>.self
    )
    let relay = Task {
      var iterator = base.makeAsyncIterator()
      for await reply in requests {
        guard let element = await iterator.next() else {
          reply.resume(returning: nil)
          break
        }
        reply.resume(returning: transform(element))
      }
      // Cancelled while waiting for a request: a pull in this cancelled task terminates the
      // base stream (it runs the base's `onTermination`); a finished base answers `nil` at once.
      if Task.isCancelled { _ = await iterator.next() }
      requester.finish()
      for await reply in requests { reply.resume(returning: nil) }
    }
    let handle = RelayHandle(relay: relay, requester: requester)
    return AsyncStream(
      unfolding: {
        await withCheckedContinuation { reply in
          if case .terminated = handle.requester.yield(reply) {
            reply.resume(returning: nil)
          }
        }
      },
      onCancel: { handle.relay.cancel() }
    )
  }

  /// What the mapped stream holds of its relay: dropping the mapped stream without
  /// cancelling it still ends the relay, and with it the base stream.
  private final class RelayHandle<Element: Sendable>: Sendable {
    let relay: Task<Void, Never>
    let requester: AsyncStream<CheckedContinuation<Element?, Never>>.Continuation

    init(
      relay: Task<Void, Never>,
      requester: AsyncStream<CheckedContinuation<Element?, Never>>.Continuation
    ) {
      self.relay = relay
      self.requester = requester
    }

    deinit {
      relay.cancel()
    }
  }
}
