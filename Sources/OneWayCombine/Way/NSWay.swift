#if Combine
import Foundation

/// A ``Way`` for classes that must inherit from `NSObject`: the same API, the same behaviour.
///
/// ```swift
/// final class TestWay: NSWay<TestWay.Action, TestWay.State> {
///   // ...
/// }
/// ```
///
/// It is an `NSObject` that owns a way and forwards that way's `reduce` and `bind` to its own
/// overridable methods, so it runs on the same engine, with the same ``ThreadOption``s.
open class NSWay<Action, State>: NSObject, AnyWay, ObservableObject where State: Equatable {
  let way: ForwardingWay<Action, State>

  /// Creates a way that starts from `initialState` and subscribes to ``bind()`` at once.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - threadOption: Which threads may use the way; `.current` (the creating thread) by
  ///     default.
  public init(initialState: State, threadOption: ThreadOption = .current) {
    way = ForwardingWay(initialState: initialState, threadOption: threadOption)
    super.init()
    way.owner = self
    // The way subscribed to its `bind()` before it could reach this object's.
    way.rebind()
  }

  /// The state the way was created with.
  public var initialState: State { way.initialState }

  /// The current state.
  public var state: State { way.state }

  /// The current state.
  @available(*, deprecated, renamed: "state")
  public var currentState: State { state }

  /// The way's states: each subscriber receives the current state at once, then the state after
  /// every reduce, equal to the one before or not, as in OneWay 1.3.
  ///
  /// `way.publisher.number` emits `number` only when it changes; `way.publisher.map(\.number)`
  /// emits it after every reduce.
  public var publisher: WayPublisher<State> { way.publisher }

  /// Fires after every change of the state, for SwiftUI.
  public var objectWillChange: ObservableObjectPublisher { way.objectWillChange }

  /// Changes `state` in response to `action` and returns the side way to run afterwards.
  ///
  /// Override it; the default changes nothing.
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: The action to reduce.
  /// - Returns: The side way whose outputs the way sends back to itself, or `.none`.
  open func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    .none
  }

  /// The side way that connects the way to global states: subscribed when the way is created,
  /// and again by ``reset()``. Override it; the default binds nothing.
  ///
  /// - Returns: The side way whose outputs the way sends to itself.
  open func bind() -> SideWay<Action, Never> {
    .none
  }

  /// Reduces `action`, and every action its synchronous side ways derive from it, before it
  /// returns.
  ///
  /// - Parameter action: The action to reduce.
  public func send(_ action: Action) {
    way.send(action)
  }

  /// Cancels every side way in flight, drops the actions not reduced yet, and subscribes to
  /// ``bind()`` again; the state stays as it is.
  public func reset() {
    way.reset()
  }
}

/// The way inside an ``NSWay``: it reduces and binds with its owner's methods.
final class ForwardingWay<Action, State: Equatable>: Way<Action, State> {
  // Set once, in the owner's initialiser; weak because the owner owns this way, and may be
  // deinitialized while a side way's output is being reduced on another thread.
  weak var owner: NSWay<Action, State>?

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    owner?.reduce(state: &state, action: action) ?? .none
  }

  override func bind() -> SideWay<Action, Never> {
    owner?.bind() ?? .none
  }

  override var nameForMessages: String {
    owner.map { String(describing: type(of: $0)) } ?? super.nameForMessages
  }
}
#endif
