#if Combine
import Foundation
import OneWay

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// OneWay 1.x's store: a class you subclass, whose `send` reduces an action synchronously and
/// whose side effects are Combine publishers (``SideWay``).
///
/// ```swift
/// final class CounterWay: Way<CounterWay.Action, CounterWay.State> {
///   enum Action {
///     case increment
///     case decrement
///     case twice
///   }
///
///   struct State: Equatable {
///     var number: Int
///   }
///
///   override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
///     switch action {
///     case .increment:
///       state.number += 1
///       return .none
///     case .decrement:
///       state.number -= 1
///       return .none
///     case .twice:
///       return .concat(.just(.increment), .just(.increment))
///     }
///   }
/// }
///
/// let way = CounterWay(initialState: .init(number: 0))
/// way.send(.increment)
/// way.send(.decrement)
/// way.send(.twice)
/// print(way.state.number)  // 2
/// ```
///
/// A way is a front door to OneWay's engine, the one that `Store` and `ViewStore` use, isolated
/// by a lock: `send` reduces the action, and every action its synchronous side ways derive from
/// it, before it returns, with either ``ThreadOption``. A `send` made while the way is reducing
/// (from `reduce`, a side way or a subscriber of ``publisher``) is queued and reduced after the
/// current action, never recursively. The way is deinitialized when its last reference goes;
/// its side ways are then cancelled, and the subscriptions to its publisher complete.
///
/// A way is not `Sendable`, as in OneWay 1.x (subclasses add state of their own, which the way
/// cannot vouch for). Its own parts are safe to use from several threads with `.threadSafe`:
/// in Swift 6 language mode, a subclass that is used from several threads says so with
/// `@unchecked Sendable` once it has checked its own stored properties.
open class Way<Action, State>: AnyWay, ObservableObject where State: Equatable {
  /// The state the way was created with.
  public let initialState: State

  /// The engine behind its lock, which is also the isolation of everything that observes the
  /// way.
  @usableFromInline let front: LockedStoreEngine<WayReducer<Action, State>>
  /// The thread a `.current` way was created on; `nil` for `.threadSafe`.
  @usableFromInline let confinedThread: pthread_t?
  /// The relay of `publisher` and `objectWillChange`, made when first asked for.
  let observation = WayObservation<State>()

  /// Creates a way that starts from `initialState` and subscribes to ``bind()`` at once.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - threadOption: Which threads may use the way; `.current` (the creating thread) by
  ///     default.
  public init(initialState: State, threadOption: ThreadOption = .current) {
    self.initialState = initialState
    let anchor = WayAnchor<Action, State>()
    front = LockedStoreEngine(
      unstarted: WayReducer(anchor: anchor),
      state: WayValue(initialState),
      clock: ContinuousClock()
    )
    switch threadOption {
    case .current: confinedThread = pthread_self()
    case .threadSafe: confinedThread = nil
    }
    anchor.way = Unmanaged.passUnretained(self)
    // A way has no `states` loops (its publisher is fed by the channel of reductions, and
    // starts from the current state), so it keeps no backlog for a first one (O7): while
    // nothing observes the way, the engine reduces in place.
    front.start(keepingStatesBacklog: false)
  }

  deinit {
    front.lock.withLock { observation.finish() }
  }

  /// The current state.
  public var state: State {
    front.state.value
  }

  /// The current state.
  @available(*, deprecated, renamed: "state")
  public var currentState: State { state }

  /// The way's states: each subscriber receives the current state at once, then the state after
  /// every reduce, equal to the one before or not, as in OneWay 1.3.
  ///
  /// `way.publisher.number` emits `number` only when it changes; `way.publisher.map(\.number)`
  /// emits it after every reduce.
  public var publisher: WayPublisher<State> {
    WayPublisher(front.withEngine { observe($0).relay(current: $0.state.value, lock: front.lock) })
  }

  /// Fires after every change of the state, for SwiftUI.
  public var objectWillChange: ObservableObjectPublisher {
    front.withEngine { observe($0).objectWillChange() }
  }

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
  /// and again by ``reset()``.
  ///
  /// ```swift
  /// override func bind() -> SideWay<Action, Never> {
  ///   .merge(
  ///     globalTextSubject.map({ Action.saveText($0) }).eraseToSideWay(),
  ///     globalNumberSubject.map({ Action.saveNumber($0) }).eraseToSideWay()
  ///   )
  /// }
  /// ```
  ///
  /// A subject's `send` is reduced before it returns. Override it; the default binds nothing.
  ///
  /// - Returns: The side way whose outputs the way sends to itself.
  open func bind() -> SideWay<Action, Never> {
    .none
  }

  /// Reduces `action`, and every action its synchronous side ways derive from it, before it
  /// returns.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public final func send(_ action: Action) {
    // `pthread_t` is an integer or a pointer on every supported platform: comparing it is
    // what `pthread_equal` does, without the call.
    if let confinedThread, confinedThread != pthread_self() {
      reportUseFromAnotherThread("send(_:)")
    }
    // Inlined down to the lock: the caller takes the lock itself and calls the engine's send.
    front.send(WayValue(action))
  }

  /// Cancels every side way in flight, drops the actions not reduced yet, and subscribes to
  /// ``bind()`` again; the state stays as it is.
  public final func reset() {
    if let confinedThread, confinedThread != pthread_self() {
      reportUseFromAnotherThread("reset()")
    }
    front.reset()
  }

  /// Subscribes to ``bind()`` again without the checks of ``reset()``: for ``NSWay``, whose
  /// `bind()` can be reached only once its initialiser has run.
  func rebind() {
    front.reset()
  }

  /// The name that messages about this way use.
  var nameForMessages: String {
    String(describing: type(of: self))
  }

  /// Reports a `send` or `reset` of a `.current` way from a thread other than its own.
  @usableFromInline
  @inline(never)
  final func reportUseFromAnotherThread(_ function: StaticString) {
    let message = """
      OneWay: \(nameForMessages).\(function) was called on a thread other than the one that \
      created the way, but the way was created with threadOption: .current, which expects one \
      thread. Create it with threadOption: .threadSafe to use it from several threads.
      """
    if observation.claimMisuseReport() {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
    assertionFailure(message)
  }

  /// Registers the observer of reductions that feeds `publisher` and `objectWillChange`, the
  /// first time one of them is asked for; until then, a `send` pays nothing for them. Called
  /// holding the lock, with the engine.
  private func observe(
    _ engine: StoreEngine<WayReducer<Action, State>>
  ) -> WayObservation<State> {
    if !observation.isRegistered {
      observation.isRegistered = true
      let observation = self.observation
      engine.observeReductions { reduction in
        observation.didReduce(to: reduction.state.value, changed: reduction.stateChanged)
      }
    }
    return observation
  }
}
#endif
