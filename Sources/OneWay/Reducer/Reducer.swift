/// A description of how a feature's state changes in response to actions, and which effects
/// those changes start.
///
/// Adopt `Reducer`, define an `Action` and a `State`, and implement
/// ``reduce(state:action:)``. A reducer is pure and synchronous: it changes the state in place
/// and returns an effect describing any further work, which the store runs.
///
/// ```swift
/// struct CountingReducer: Reducer {
///   enum Action: Sendable { case increment }
///   struct State: Sendable, Equatable { var number: Int }
///
///   func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
///     switch action {
///     case .increment:
///       state.number += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<Action, State>: Sendable {
  /// The actions that the reducer handles.
  associatedtype Action: Sendable
  /// The state that the reducer changes; stores compare it with `==` to detect changes.
  associatedtype State: Sendable & Equatable

  /// Changes `state` in response to `action` and returns the effect to run afterwards.
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: The action to handle.
  /// - Returns: An effect whose actions the store feeds back to this reducer, or `.none`.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action>

  /// Returns an effect that connects the store to external sources of actions.
  ///
  /// The store starts this effect before it reduces its first action and keeps it running
  /// until `reset()` (which restarts it) or until the store is deinitialized.
  ///
  /// `reset()` cancels the running effect and calls `bind()` again, so each call must start a
  /// new iteration of its sources. An `AsyncStream` is single-use: cancelling a loop over it
  /// finishes it for good, so a `bind()` that iterates one stored `AsyncStream` ends at once
  /// after `reset()`, and what the source yields from then on is silently dropped:
  ///
  /// ```swift
  /// // Breaks after reset(): `texts` is one stream, finished when the first loop is cancelled.
  /// let (texts, textContinuation) = AsyncStream.makeStream(of: String.self)
  ///
  /// // Survives reset(): each bind() asks the source for a stream of its own.
  /// func bind() -> AnyEffect<Action> {
  ///   .sequence { send in
  ///     for await text in textSource.makeStream() {  // or publisher.values
  ///       send(.response(text))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// A source that survives `reset()` gives every subscriber its own stream (a multicast
  /// source that keeps one continuation per subscriber, or a Combine publisher's `values`).
  func bind() -> AnyEffect<Action>
}

extension Reducer {
  /// Binds nothing: the default for reducers with no external sources.
  public func bind() -> AnyEffect<Action> {
    .none
  }
}
