/// The states of a `Store` or a `ViewStore`, as a Combine publisher: each subscriber receives
/// the current state, then every state that differs from the one before it.
///
/// ```swift
/// viewStore.publisher.number
///   .sink { number in label.text = "\(number)" }
///   .store(in: &cancellables)
/// ```
///
/// Dynamic member lookup picks out one property, which is emitted only when it changes (like
/// ``WayPublisher``). The publisher does not keep its store alive.
@dynamicMemberLookup
public struct StorePublisher<State>: Publisher {
  /// The store's state, or the part of it that this publisher picks out.
  public typealias Output = State
  /// A store's publisher never fails.
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
  ) -> StorePublisher<LocalState> {
    StorePublisher<LocalState>(upstream.map(keyPath).removeDuplicates())
  }
}
