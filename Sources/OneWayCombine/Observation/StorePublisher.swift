#if Combine
/// The states of a `Store` or a `ViewStore`, as a Combine publisher: each subscriber receives
/// the current state, then every state that differs from the one before it.
///
/// ```swift
/// viewStore.publisher.number
///   .sink { number in label.text = "\(number)" }
///   .store(in: &cancellables)
/// ```
///
/// It is ``WayPublisher``, which a `Way`'s states already use: dynamic member lookup picks out
/// one property, which is emitted only when it changes. The publisher does not keep its store
/// alive.
public typealias StorePublisher<State> = WayPublisher<State>
#endif
