/// A synchronous observer of a store's state, told of every committed state on the store's
/// isolation (rules S1–S4): a key-path subscription, or a child store's projection (M3).
///
/// It is one concrete class holding a closure, not a protocol of generic subscribers: the
/// closure is made by inlinable code (`subscribe`, `scope`), so it is compiled for the
/// client's state and value types, and an unchanged value costs one read and one comparison
/// (S4), with no generic metadata, value witnesses or existential dispatch.
@usableFromInline
final class StateSubscriber<State> {
  // Inlinable (`init`): made by the inlinable `subscribe`, with a closure compiled for the client's
  // value.

  /// Looks at a committed state and calls the subscription's closure if its value changed;
  /// returns `false` once the subscription has ended.
  @usableFromInline let notify: (State) -> Bool
  /// What tells whether the subscription has ended.
  @usableFromInline let lifetime: any SubscriberLifetime

  @inlinable
  init(lifetime: any SubscriberLifetime, notify: @escaping (State) -> Bool) {
    self.lifetime = lifetime
    self.notify = notify
  }

  /// Whether the subscription has ended.
  var isCancelled: Bool { lifetime.isCancelled }
}

/// What knows whether a subscriber has ended: a subscription's box, a child's projection.
@usableFromInline
protocol SubscriberLifetime: AnyObject {
  /// Whether the subscription has ended.
  var isCancelled: Bool { get }
}

/// What a subscription reads from each committed state: the value at a key path
/// (``StoredValueReader``), or whatever a front door's state holds (Swidux's store reads its
/// application state).
@usableFromInline
package protocol StateValueReader<State> {
  associatedtype State
  associatedtype Value: Equatable
  /// The subscribed value in `state`.
  func read(_ state: State) -> Value
}
