/// The states of a store, as an asynchronous sequence that any number of loops can observe.
///
/// Each `for await` loop gets its own iterator. It receives the current state first, then
/// every state that differs from the one before it, and loses none of them unless it asked
/// for a bounded buffer with ``buffering(_:)``. One loop ending does not affect the others.
/// The sequence does not keep its store alive: when the store is deinitialized, every loop
/// finishes.
///
/// ```swift
/// for await state in store.states {
///   print(state.number)
/// }
/// for await number in store.states.number {  // a property of every state
///   print(number)
/// }
/// ```
@dynamicMemberLookup
public struct AsyncStateSequence<State: Sendable>: AsyncSequence, Sendable {
  /// The type of the sequence's elements: the store's state.
  public typealias Element = State

  /// How a subscriber buffers the states it has not consumed yet.
  public typealias BufferingPolicy = AsyncStream<State>.Continuation.BufferingPolicy

  weak var source: (any StateSource<State>)?
  let bufferingPolicy: BufferingPolicy

  init(source: (any StateSource<State>)?, bufferingPolicy: BufferingPolicy = .unbounded) {
    self.source = source
    self.bufferingPolicy = bufferingPolicy
  }

  /// Returns the same sequence with another buffering policy for each of its loops.
  ///
  /// Loops buffer without bound by default; `.bufferingNewest(1)` keeps only the latest state
  /// for a loop that may fall behind.
  public func buffering(_ policy: BufferingPolicy) -> AsyncStateSequence<State> {
    AsyncStateSequence(source: source, bufferingPolicy: policy)
  }

  /// The value of one property of every emitted state: `store.states.number`.
  ///
  /// It emits once per emitted state, so it repeats a value when another property changed.
  /// Use ``changes(of:)`` to hear only about changes of the property itself.
  public subscript<Property>(
    dynamicMember keyPath: KeyPath<State, Property> & Sendable
  ) -> AsyncStatePropertySequence<State, Property> {
    AsyncStatePropertySequence(base: self, keyPath: keyPath, isDuplicate: nil)
  }

  /// The value of one property, emitted first and then only when it changes.
  ///
  /// ```swift
  /// for await number in store.states.changes(of: \.number) {
  ///   print(number)  // not repeated when only `text` changed
  /// }
  /// ```
  public func changes<Property: Equatable & Sendable>(
    of keyPath: KeyPath<State, Property> & Sendable
  ) -> AsyncStatePropertySequence<State, Property> {
    AsyncStatePropertySequence(base: self, keyPath: keyPath, isDuplicate: { $0 == $1 })
  }

  /// Creates an iterator that subscribes to the store when it is first asked for a state.
  public func makeAsyncIterator() -> Iterator {
    Iterator(source: source, bufferingPolicy: bufferingPolicy)
  }

  /// One loop's view of the store's states.
  public struct Iterator: AsyncIteratorProtocol {
    weak var source: (any StateSource<State>)?
    let bufferingPolicy: BufferingPolicy
    var states: AsyncStream<State>.Iterator?

    /// Returns the next state, or `nil` once the store is gone or the task is cancelled.
    public mutating func next() async -> State? {
      if states == nil {
        guard let stream = await source?.subscribe(bufferingPolicy) else { return nil }
        states = stream.makeAsyncIterator()
        source = nil
      }
      return await states?.next()
    }
  }
}

/// Something whose states can be observed: a store, or the link to any store's engine.
protocol StateSource<State>: AnyObject, Sendable {
  associatedtype State: Sendable
  func subscribe(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) async -> AsyncStream<State>?
}

extension EngineLink: StateSource {
  func subscribe(
    _ bufferingPolicy: AsyncStream<R.State>.Continuation.BufferingPolicy
  ) async -> AsyncStream<R.State>? {
    await run { $0.makeStateStream(bufferingPolicy) }
  }
}
