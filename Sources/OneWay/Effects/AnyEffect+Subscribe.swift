/// Ends a subscription that ``AnyEffect/subscribe(_:)`` started.
@usableFromInline
package typealias EffectCancel = @Sendable () -> Void

/// What a subscription effect calls to deliver its elements and to say it is over.
@usableFromInline
package struct EffectEmitter<Element: Sendable>: Sendable {
  /// Delivers one element.
  @usableFromInline package let emit: @Sendable (Element) -> Void
  /// Ends the effect; later elements are dropped.
  @usableFromInline package let finish: @Sendable () -> Void

  // Not inlinable: made once per subscription, which costs far more than the call.
  @usableFromInline
  package init(
    emit: @escaping @Sendable (Element) -> Void,
    finish: @escaping @Sendable () -> Void
  ) {
    self.emit = emit
    self.finish = finish
  }
}

extension AnyEffect {
  /// An effect that subscribes to a callback-based source (a Combine publisher, a subject):
  /// `start` is called when the effect starts, and returns how to end the subscription.
  ///
  /// On a store whose isolation is a lock (the synchronous class stores), `start` runs
  /// synchronously once the reduce that returned the effect has committed, and what the source
  /// emits is reduced synchronously on the emitting thread: an element emitted during `start`
  /// is reduced before the `send` returns, and one emitted later (a subject's `send`) before
  /// the emitting call returns. On an actor or the main actor, the source is subscribed from a
  /// task and its elements arrive in order, one hop each.
  package static func subscribe(
    _ start: @escaping @Sendable (EffectEmitter<Element>) -> EffectCancel
  ) -> AnyEffect<Element> {
    AnyEffect(.subscribe(start))
  }
}
