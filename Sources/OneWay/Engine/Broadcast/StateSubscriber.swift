/// A synchronous observer of a store's state, told of every committed state on the store's
/// isolation (rules S1–S4).
@usableFromInline
protocol StateSubscriber<State>: AnyObject {
  associatedtype State
  /// Looks at a committed state and calls the subscription's closure if its value changed;
  /// returns `false` once the subscription has ended.
  func notify(_ state: State) -> Bool
  /// Whether the subscription has ended.
  var isCancelled: Bool { get }
}

/// A subscription to the value at a key path of the state: it compares that value alone, so a
/// change elsewhere in the state costs it one read and one comparison (S4).
final class KeyPathSubscriber<State, Value: Equatable>: StateSubscriber {
  let keyPath: KeyPath<State, Value>
  var last: Value
  let box: ValueSubscriptionBox<Value>

  init(keyPath: KeyPath<State, Value>, current: Value, box: ValueSubscriptionBox<Value>) {
    self.keyPath = keyPath
    self.last = current
    self.box = box
  }

  func notify(_ state: State) -> Bool {
    let value = state[keyPath: keyPath]
    guard value != last else { return true }
    last = value
    return box.call(value)
  }

  var isCancelled: Bool { box.isCancelled }
}
