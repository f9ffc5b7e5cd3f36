#if canImport(Combine)
  import Combine
#endif
#if canImport(Observation)
  import Observation
#endif

/// A store for UI code: it lives on the main actor, so sending an action and reading the state
/// need no `await`.
///
/// ```swift
/// let store = ViewStore(
///   reducer: CountingReducer(),
///   state: CountingReducer.State(number: 0, isLoading: false)
/// )
/// store.send(.increment)
/// store.send(.decrement)
/// store.send(.twice)
/// print(store.state.number)  // 2
/// ```
///
/// `send` reduces the action and everything its synchronous effects derive from it before it
/// returns. Asynchronous effects run in tasks and deliver their actions back on the main
/// actor. The view store is `Observable` (SwiftUI and `withObservationTracking` see `state`
/// change) and, where Combine exists, an `ObservableObject`.
@MainActor
public final class ViewStore<R: Reducer, C: Clock<Duration>>
where R.Action: Sendable, R.State: Sendable & Equatable {
  /// The reducer's action type.
  public typealias Action = R.Action

  /// The reducer's state type.
  public typealias State = R.State

  /// The state the store was created with.
  public nonisolated let initialState: State

  @usableFromInline
  let engine: StoreEngine<ViewStore>

  /// `\.state`, formed once: forming a key path on this generic class costs a run-time
  /// instantiation and an allocation every time.
  let stateKeyPath: KeyPath<ViewStore, State>

  /// An `ObservationRegistrar`, boxed because Apple platforms offer it only from iOS 17 and
  /// macOS 14 on, later than this package's deployment targets.
  @usableFromInline
  nonisolated let registrarBox: (any AnyObject & Sendable)?

  /// Creates a view store that reduces actions with `reducer`, starting from `state`.
  ///
  /// - Parameters:
  ///   - reducer: The reducer that turns actions into state changes and effects.
  ///   - state: The initial state.
  ///   - loggingOptions: What the store logs; nothing by default.
  ///   - clock: The clock that debounce and throttle measure time with.
  public init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C = ContinuousClock()
  ) {
    initialState = state
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      registrarBox = RegistrarBox()
    } else {
      registrarBox = nil
    }
    let engine = StoreEngine<ViewStore>(
      reducer: reducer(),
      state: state,
      clock: clock,
      loggingOptions: loggingOptions
    )
    self.engine = engine
    let stateKeyPath: KeyPath<ViewStore, State> = \.state
    self.stateKeyPath = stateKeyPath
    engine.observer = ViewStoreObserver(store: self, keyPath: stateKeyPath)
    engine.host = self
    engine.bind()
  }

  /// The current state; reading it in SwiftUI or `withObservationTracking` observes it.
  public var state: State {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar {
      registrar.access(self, keyPath: stateKeyPath)
      engine.observer?.isObserved = true
    }
    return engine.state
  }

  /// The states of the store, as a multicast asynchronous sequence.
  ///
  /// Each loop receives the current state, then every state that differs from the previous
  /// one. `store.states.number` observes one property.
  public nonisolated var states: AsyncStateSequence<State> {
    AsyncStateSequence(source: self)
  }

  /// Whether the store is at rest: no action is being reduced and no effect, debounce wait or
  /// throttle timer is in flight. `bind()`'s effect does not count.
  public var isIdle: Bool { engine.isIdle }

  /// Sends an action and reduces it, with every action derived from it by synchronous effects,
  /// before returning: the next line sees the new state.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public func send(_ action: Action) {
    engine.send(action)
  }

  /// Cancels every in-flight effect and timer, drops queued actions, and restarts `bind()`;
  /// the state stays as it is.
  public func reset() {
    engine.reset()
  }

  /// Changes what the store logs from now on.
  ///
  /// - Parameter loggingOptions: The new options; `.none` turns logging off.
  public func debug(_ loggingOptions: LoggingOptions) {
    engine.loggingOptions = loggingOptions
  }

  /// Returns once the store is idle (see ``isIdle``), or once the calling task is cancelled.
  package func waitUntilIdle() async {
    await engine.waitUntilIdle()
  }
}

extension ViewStore: EngineHost, StateSource {
  @usableFromInline
  typealias HostReducer = R

  @usableFromInline
  typealias HostClock = C

  @usableFromInline
  typealias Observer = ViewStoreObserver<R, C>

  @usableFromInline
  func withEngine<T: Sendable>(_ body: @Sendable (StoreEngine<ViewStore>) -> T) -> T {
    body(engine)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ViewStore: Observable {
  @usableFromInline
  nonisolated var registrar: ObservationRegistrar? {
    // The box is created only where this availability holds, and only as a `RegistrarBox`.
    registrarBox.map { unsafeDowncast($0, to: RegistrarBox.self).registrar }
  }
}

#if canImport(Combine)
  extension ViewStore: ObservableObject {}
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@usableFromInline
final class RegistrarBox: Sendable {
  @usableFromInline let registrar = ObservationRegistrar()

  @usableFromInline init() {}
}

/// Tells Observation (and Combine, where it exists) about each change of a view store's
/// state, around the moment the engine commits it.
@usableFromInline
struct ViewStoreObserver<R: Reducer, C: Clock<Duration>>: StateObserver
where R.Action: Sendable, R.State: Sendable & Equatable {
  // The engine that holds this observer is owned by the store and is released with it, so the
  // store outlives every call made through this reference.
  @usableFromInline unowned(unsafe) let store: ViewStore<R, C>
  /// Formed on the main actor, where key paths to the store's properties may be formed.
  @usableFromInline let keyPath: KeyPath<ViewStore<R, C>, R.State>
  /// Set once `state` has been read through its observable getter: before that, no
  /// observation can be tracking it, and telling the registrar would only cost time.
  @usableFromInline var isObserved = false

  @usableFromInline
  init(store: ViewStore<R, C>, keyPath: KeyPath<ViewStore<R, C>, R.State>) {
    self.store = store
    self.keyPath = keyPath
  }

  @inlinable
  func willChange() {
    #if canImport(Combine)
      store.objectWillChange.send()
    #endif
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), isObserved {
      store.registrar?.willSet(store, keyPath: keyPath)
    }
  }

  @inlinable
  func didChange() {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), isObserved {
      store.registrar?.didSet(store, keyPath: keyPath)
    }
  }
}
