/// The states of a ``Way`` (and, as ``StorePublisher``, of a `Store` or a `ViewStore`), as a
/// publisher: each subscriber receives the current state at once, then every state that differs
/// from the one before it, from inside the `send` that reduced it.
///
/// Dynamic member lookup picks out one property, which is emitted only when it changes:
///
/// ```swift
/// way.publisher.number
///   .sink { number in print(number) }
///   .store(in: &cancellables)
/// ```
///
/// A publisher, and its subscriptions, do not keep the way (or store) alive; when the way is
/// deinitialized, every subscription completes.
@dynamicMemberLookup
public struct WayPublisher<State>: Publisher {
  /// The state, or the part of it that this publisher picks out.
  public typealias Output = State
  /// The publisher never fails.
  public typealias Failure = Never

  let upstream: AnyPublisher<State, Never>

  init<Upstream: Publisher<State, Never>>(_ upstream: Upstream) {
    self.upstream = upstream.eraseToAnyPublisher()
  }

  /// Attaches `subscriber`, which receives the current state first.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == State, S.Failure == Never {
    upstream.subscribe(subscriber)
  }

  /// A publisher of the property at `keyPath`, which emits only when that property changes.
  ///
  /// - Parameter keyPath: The property to pick out.
  /// - Returns: A publisher of the property's distinct values.
  public subscript<LocalState: Equatable>(
    dynamicMember keyPath: KeyPath<State, LocalState>
  ) -> WayPublisher<LocalState> {
    WayPublisher<LocalState>(upstream.map(keyPath).removeDuplicates())
  }
}
