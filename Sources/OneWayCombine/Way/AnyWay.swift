#if Combine
/// What ``Way`` and ``NSWay`` have in common, for code that works with either.
///
/// ```swift
/// func resetAll(_ ways: [any AnyWay]) {
///   for way in ways { way.reset() }
/// }
/// ```
public protocol AnyWay<Action, State>: AnyObject {
  /// The actions the way reduces.
  associatedtype Action
  /// The state the way holds.
  associatedtype State: Equatable

  /// The state the way was created with.
  var initialState: State { get }
  /// The current state.
  var state: State { get }
  /// The way's states, as a publisher.
  var publisher: WayPublisher<State> { get }

  /// Changes `state` in response to `action` and returns the side way to run afterwards.
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: The action to reduce.
  /// - Returns: The side way whose outputs the way sends back to itself.
  func reduce(state: inout State, action: Action) -> SideWay<Action, Never>
  /// The side way that connects the way to global states, run from creation until `reset()`.
  ///
  /// - Returns: The side way whose outputs the way sends to itself.
  func bind() -> SideWay<Action, Never>
  /// Reduces `action` before returning.
  ///
  /// - Parameter action: The action to reduce.
  func send(_ action: Action)
  /// Cancels every side way, drops queued actions and subscribes to `bind()` again.
  func reset()
}

extension AnyWay {
  /// The current state.
  @available(*, deprecated, renamed: "state")
  public var currentState: State { state }
}
#endif
