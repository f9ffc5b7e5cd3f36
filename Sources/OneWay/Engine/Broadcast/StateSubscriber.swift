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
  let reader: StoredValueReader<State, Value>
  // Read and written only by `notify`, on the store's isolation, before it calls user code.
  @exclusivity(unchecked) var last: Value
  let box: ValueSubscriptionBox<Value>

  init(keyPath: KeyPath<State, Value>, current: Value, box: ValueSubscriptionBox<Value>) {
    self.reader = StoredValueReader(keyPath)
    self.last = current
    self.box = box
  }

  func notify(_ state: State) -> Bool {
    let value = reader.read(state)
    guard value != last else { return true }
    last = value
    return box.call(value)
  }

  var isCancelled: Bool { box.isCancelled }
}

/// A subscription to a value that a closure reads from the state: for a front door whose
/// subscriptions are not key paths of the engine's state (Swidux's store reads its application
/// state through the engine's state, which a key path could only reach through a subscript,
/// applied by the runtime's key-path interpreter at every notification).
final class ReaderSubscriber<State, Value: Equatable>: StateSubscriber {
  let read: (State) -> Value
  // Read and written only by `notify`, on the store's isolation, before it calls user code.
  @exclusivity(unchecked) var last: Value
  let box: ValueSubscriptionBox<Value>

  init(read: @escaping (State) -> Value, current: Value, box: ValueSubscriptionBox<Value>) {
    self.read = read
    self.last = current
    self.box = box
  }

  func notify(_ state: State) -> Bool {
    let value = read(state)
    guard value != last else { return true }
    last = value
    return box.call(value)
  }

  var isCancelled: Bool { box.isCancelled }
}
