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
///
/// Or declare the logic as a ``body`` built from other reducers, and leave `reduce` out: the
/// default implementation runs the body (M5).
///
/// ```swift
/// struct AppReducer: Reducer {
///   // Action and State as above, with `case counter(Counter.Action)` and `var counter`.
///   var body: some Reducer<Action, State> {
///     Scope(state: \.counter, action: Action.counter, extract: { ... }) { Counter() }
///     Reduce { state, action in ... }
///   }
/// }
/// ```
public protocol Reducer<Action, State>: Sendable {
  /// The actions that the reducer handles.
  associatedtype Action: Sendable
  /// The state that the reducer changes; stores compare it with `==` to detect changes.
  associatedtype State: Sendable & Equatable
  /// The reducer that ``body`` builds; `Never` for a reducer that implements
  /// ``reduce(state:action:)`` itself.
  associatedtype Body = Never

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

  /// The reducers this one is made of, run in order on every action, as a result builder
  /// lists them; the default ``reduce(state:action:)`` and ``bind()`` run it.
  ///
  /// A reducer that implements ``reduce(state:action:)`` itself needs no body (its `Body` is
  /// `Never`), so every reducer written for OneWay 3.x compiles unchanged. The body is built
  /// anew for every action it reduces, as a SwiftUI view's is for every update: keep what is
  /// costly to make (a large table, a formatter) in a stored property.
  @ReducerBuilder<Action, State>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(state:action:)`` itself has no body; reading it is a
  /// programming error.
  public var body: Never {
    fatalError(
      "'\(Self.self)' has no body: it implements reduce(state:action:) itself"
    )
  }
}

extension Reducer where Body: Reducer, Body.Action == Action, Body.State == State {
  // Inlinable: the reduce of every action of a reducer declared with a body.

  /// Runs ``body`` on `state` and `action`: the reduce of a reducer declared with a body.
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: The action to handle.
  /// - Returns: The body's effect.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    body.reduce(state: &state, action: action)
  }

  /// The body's `bind()` effect.
  public func bind() -> AnyEffect<Action> {
    body.bind()
  }
}

extension Reducer {
  /// Binds nothing: the default for reducers with no external sources.
  public func bind() -> AnyEffect<Action> {
    .none
  }
}
