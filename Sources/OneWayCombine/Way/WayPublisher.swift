#if Combine
/// The states of a ``Way`` (and, as ``StorePublisher``, of a `Store` or a `ViewStore`), as a
/// publisher: each subscriber receives the current state at once, then the states that follow,
/// from inside the `send` that reduced them.
///
/// A way's publisher emits the state after every reduce, equal to the one before or not, as in
/// OneWay 1.3; a store's emits only the states that differ from the one before. Dynamic member
/// lookup picks out one property, which is emitted only when it changes:
///
/// ```swift
/// // number <- 10, 10, 20, 20
/// way.publisher.number
///   .sink { number in print(number) }  // 10, 20
///   .store(in: &cancellables)
/// way.publisher.map(\.number)
///   .sink { number in print(number) }  // 10, 10, 20, 20
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

  /// A publisher of the property at `keyPath`, which emits only when that property changes (the
  /// first value, then each value that differs from the one before it).
  ///
  /// - Parameter keyPath: The property to pick out.
  /// - Returns: A publisher of the property's distinct values.
  public subscript<LocalState: Equatable>(
    dynamicMember keyPath: KeyPath<State, LocalState>
  ) -> WayPublisher<LocalState> {
    WayPublisher<LocalState>(upstream.map(keyPath).removeDuplicates())
  }
}
#endif
