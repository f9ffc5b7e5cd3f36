/// One property of a store's states, as an asynchronous sequence.
///
/// Made by `store.states.property` (a value per emitted state) or by
/// `store.states.changes(of: \.property)` (a value only when the property changes).
public struct AsyncStatePropertySequence<State: Sendable, Property>: AsyncSequence, Sendable {
  /// The type of the sequence's elements: the property's type.
  public typealias Element = Property

  let base: AsyncStateSequence<State>
  let keyPath: KeyPath<State, Property> & Sendable
  /// When set, a value equal to the previous one is skipped.
  let isDuplicate: (@Sendable (Property, Property) -> Bool)?

  /// Creates an iterator that subscribes to the store when it is first asked for a value.
  public func makeAsyncIterator() -> Iterator {
    Iterator(states: base.makeAsyncIterator(), keyPath: keyPath, isDuplicate: isDuplicate)
  }

  /// One loop's view of the property.
  public struct Iterator: AsyncIteratorProtocol {
    var states: AsyncStateSequence<State>.Iterator
    let keyPath: KeyPath<State, Property> & Sendable
    let isDuplicate: (@Sendable (Property, Property) -> Bool)?
    var previous: Property?

    /// Returns the property of the next state, or `nil` once the store is gone.
    public mutating func next() async -> Property? {
      while let state = await states.next() {
        let value = state[keyPath: keyPath]
        if let isDuplicate {
          if let previous, isDuplicate(previous, value) { continue }
          previous = value
        }
        return value
      }
      return nil
    }
  }
}
