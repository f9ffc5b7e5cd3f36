#if canImport(Combine)
import Combine
#elseif ONEWAY_OPENCOMBINE_TYPECHECK
// Only for CI's type-check of the Combine branch on Linux (Scripts/typecheck_combine.sh):
// OpenCombine has the same `ObservableObject` and `ObservableObjectPublisher`. OneWay itself
// never depends on it.
import OpenCombine
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
/// actor. The view store is `Observable` and, where Combine exists, an `ObservableObject`.
///
/// Read the state's properties through the store, `store.number`, and SwiftUI (or
/// `withObservationTracking`) re-evaluates a view only when a property it read changes (V4);
/// `store.state.number` observes the whole state (see <doc:ObservingState>).
@MainActor
@dynamicMemberLookup
public final class ViewStore<R: Reducer, C: Clock<Duration>>
where R.Action: Sendable, R.State: Sendable & Equatable {
  // Inlinable: `send`, `state` and `subscribe` are specialized for the client's reducer and value
  // in the client's module.

  /// The reducer's action type.
  public typealias Action = R.Action

  /// The reducer's state type.
  public typealias State = R.State

  /// The state the store was created with.
  public nonisolated let initialState: State

  @usableFromInline
  let engine: StoreEngine<R>

  /// For a child store (M3), how it reaches its parent and its root; `nil` for a root store.
  @usableFromInline
  nonisolated let parent: ParentLink<Action>?

  /// Tells Observation and `objectWillChange` about each change; holds the store's
  /// `ObservationRegistrar` once something has read `state` through its observable getter.
  @usableFromInline
  let observer: ViewStoreObserver<State>

  /// Creates a view store that reduces actions with `reducer`, starting from `state`.
  ///
  /// `bind()`'s effect is running when the initialiser returns: its synchronous actions are
  /// reduced, and its tasks have run up to their first suspension (L4).
  ///
  /// - Parameters:
  ///   - reducer: The reducer that turns actions into state changes and effects.
  ///   - state: The initial state.
  ///   - loggingOptions: What the store logs; nothing by default.
  ///   - clock: The clock that debounce and throttle measure time with.
  public convenience init(
    reducer: @Sendable @autoclosure () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C = ContinuousClock()
  ) {
    self.init(making: reducer, state: state, loggingOptions: loggingOptions, clock: clock)
  }

  /// Creates a root view store whose reducer `reducer` makes, inside `context`, and whose work
  /// runs inside it (see ``StoreContext``); without one, inside the context that a linked
  /// product supplies, if any.
  package convenience init(
    making reducer: @Sendable () -> R,
    state: State,
    loggingOptions: LoggingOptions = .none,
    clock: C,
    context: (any StoreContext)? = nil
  ) {
    let engine = StoreEngine(
      reducer: context?.run(reducer) ?? reducer(),
      state: state,
      clock: clock,
      isolation: .mainActor,
      context: context
    )
    engine.setLogging(loggingOptions)
    self.init(engine: engine, parent: nil)
    engine.bind()
  }

  /// Creates a view store in front of `engine`: a root store's, or a child store's (M3) that
  /// reaches its parent through `parent` (see ``scope(state:action:)->ViewStore<Child,C>``).
  init(engine: StoreEngine<R>, parent: ParentLink<Action>?) {
    initialState = engine.state
    self.engine = engine
    self.parent = parent
    observer = ViewStoreObserver()
    #if canImport(Combine) || ONEWAY_OPENCOMBINE_TYPECHECK
    // `objectWillChange` may have subscribers that the store cannot see.
    observer.objectWillChange = objectWillChange
    engine.setObserver(observer)
    #endif
  }

  /// A `ViewStore`'s way of making a child store, for the child stores that the engine makes.
  @usableFromInline
  func makeChild<Child: Reducer>(
    _ engine: sending StoreEngine<Child>,
    _ parent: ParentLink<Child.Action>
  ) -> ViewStore<Child, C> {
    ViewStore<Child, C>(engine: engine, parent: parent)
  }

  /// The current state; reading it in SwiftUI or `withObservationTracking` observes it.
  @inlinable
  public var state: State {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      if observer.registrar == nil { startObservation() }
      observer.registrar.unsafelyUnwrapped.access(self)
    }
    return engine.state
  }

  /// The state's property at `keyPath`; reading it in SwiftUI or `withObservationTracking`
  /// observes that property alone (V4).
  ///
  /// ```swift
  /// Text("\(store.number)")  // re-evaluated when `number` changes, and only then
  /// ```
  ///
  /// After each change of the state, the store compares the value at `keyPath` with `==` in
  /// the states before and after, and tells the readers only when it differs, or when the
  /// reduce assigned a `@Triggered` property on the way to it. A nested path,
  /// `store.settings.theme`, observes `settings`.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      if let offset = observe(keyPath) { return engine.storedValue(at: offset) }
    }
    return engine.state[keyPath: keyPath]
  }

  /// The state's property at `keyPath`, of a type that cannot be compared: reading it observes
  /// the whole state, as reading ``state`` does.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Tells Observation that `keyPath` was read, and has the store compare it after each change
  /// until it changes (see ``StateRegistrar``); returns the property's offset in the state, if
  /// it is stored there inline (`MemoryLayout.offset(of:)`).
  ///
  /// Inlinable: the comparison it makes, the first time a key path is read, runs in the commit
  /// of every change until the property changes; made here, it reads and compares the value
  /// compiled for the client's state, not through unspecialized generic code. A stored
  /// property is read at its offset: applying a key path looks up generic metadata on every
  /// application, which cost more than the rest of such a comparison.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @inlinable
  func observe<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Int? {
    if observer.registrar == nil { startObservation() }
    // Safe: `startObservation()` is the only place that sets the registrar, to this type.
    let registrar = unsafeDowncast(
      observer.registrar.unsafelyUnwrapped,
      to: StateRegistrar<ViewStore, State>.self
    )
    return registrar.access(self, keyPath) {
      let offset = MemoryLayout<State>.offset(of: keyPath)
      let differs: (UnsafePointer<State>, UnsafePointer<State>) -> Bool
      if let offset {
        // Safe: `offset(of:)` found a `Value` stored inline at `offset` in every `State`, and
        // the engine lends both states for the comparison.
        differs = {
          UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
            != UnsafeRawPointer($1).load(fromByteOffset: offset, as: Value.self)
        }
      } else {
        differs = { $0.pointee[keyPath: keyPath] != $1.pointee[keyPath: keyPath] }
      }
      let storePath = \ViewStore.[dynamicMember: keyPath]
      return ObservedValue(keyPath, storePath, offset: offset, differs: differs)
    }
  }

  /// Makes the store's registrar, at the first read of `state` through its observable getter.
  ///
  /// Until then no observation could track the state, and the engine had no observer to tell
  /// (where Combine exists, it had one for `objectWillChange`): with none, it reduces without
  /// comparing or calling hooks. An idle store that nobody observes keeps neither a registrar
  /// nor the key path.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @usableFromInline
  func startObservation() {
    observer.registrar = StateRegistrar(subject: self, keyPath: \.state)
    engine.setObserver(observer)
  }

  /// The states of the store, as a multicast asynchronous sequence.
  ///
  /// Each loop receives the current state, then every state that differs from the previous
  /// one; the first loop also receives the states produced before it started (O7).
  /// `store.states.number` observes one property.
  public nonisolated var states: AsyncViewStateSequence<State> {
    AsyncStateSequence(source: self)
  }

  /// Whether the store is at rest: no action is being reduced and no effect, debounce wait or
  /// throttle timer is in flight. `bind()`'s effect does not count. A child store is idle when
  /// its root is: its feature's effects run there.
  public var isIdle: Bool { engine.isIdle(from: parent) }

  /// Sends an action and reduces it, with every action derived from it by synchronous effects,
  /// before returning: the next line sees the new state.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public func send(_ action: Action) {
    engine.send(action, from: parent)
  }

  /// Cancels every in-flight effect and timer, drops queued actions, and restarts `bind()`;
  /// the state stays as it is.
  ///
  /// Restarting `bind()` cancels the loop its effect was running. A loop over an `AsyncStream`
  /// that the reducer keeps and iterates in every `bind()` ends that stream for good when it
  /// is cancelled, so after `reset()` the new `bind()` finds it finished and external values
  /// are silently dropped. Give each `bind()` a new iteration instead: a source that makes a
  /// stream per subscriber, or a publisher's `values` (see ``Reducer/bind()``).
  public func reset() {
    engine.reset()
  }

  /// Changes what the store logs from now on, and returns the store, so that it chains onto
  /// the initialiser as in OneWay 3.x.
  ///
  /// ```swift
  /// @StateObject private var store = ViewStore(
  ///   reducer: CountingReducer(),
  ///   state: CountingReducer.State(number: 0)
  /// )
  /// .debug(.all)
  ///
  /// store.debug(.none)  // later: logging off
  /// ```
  ///
  /// - Parameter loggingOptions: The new options; `.none` turns logging off.
  /// - Returns: This view store.
  @discardableResult
  public func debug(_ loggingOptions: LoggingOptions) -> Self {
    engine.setLogging(loggingOptions)
    return self
  }

  /// Logs what `loggingOptions` asks for to `logger` from now on, and returns the store.
  ///
  /// ```swift
  /// store.debug(.all, to: StoreLogger { entry in
  ///   print(entry.storeName, entry.kind, entry.changedFields)
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - loggingOptions: What to log; `.none` turns logging off.
  ///   - logger: Where the log goes; the store keeps it for later calls of `debug(_:)`.
  /// - Returns: This store.
  @discardableResult
  public func debug(_ loggingOptions: LoggingOptions, to logger: StoreLogger) -> Self {
    engine.setLogging(loggingOptions, to: logger)
    return self
  }

  /// Stops keeping the states produced before the first `states` loop, and returns the store,
  /// so that it chains onto the initialiser.
  ///
  /// By default a store keeps the first 64 states it produces until a first `for await` loop
  /// over ``states`` starts, and hands them to that loop, as OneWay 3.x did; at its 65th state
  /// with no loop it drops them for good (O7). Keeping them costs a copy of each: until then, a
  /// reduce copies a large collection instead of changing it in place. This drops them at
  /// once. Without the backlog, every loop starts from the current
  /// state, and a store with no `states` loop, no Observation reader and no state logging
  /// reduces in place (see <doc:Performance>).
  ///
  /// ```swift
  /// let store = ViewStore(reducer: LogReducer(), state: LogReducer.State())
  ///   .withoutStatesBacklog()
  /// ```
  ///
  /// - Returns: This view store.
  @discardableResult
  public func withoutStatesBacklog() -> Self {
    engine.discardStatesBacklog()
    return self
  }

  /// Calls `onChange` with the value at `keyPath` at once, then after every reduce that
  /// changed that value, before the `send` that caused the change returns.
  ///
  /// ```swift
  /// let subscription = store.subscribe(\.number) { number in
  ///   label.text = "\(number)"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to watch; compared with `==` after every reduce.
  ///   - onChange: Called on the main actor with each new value.
  /// - Returns: The subscription; it ends when cancelled or deinitialized.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> StateSubscription {
    engine.subscribeOnMainActor(keyPath, onChange)
  }

  /// Returns once the store is idle (see ``isIdle``), or once the calling task is cancelled.
  package func waitUntilIdle() async {
    if let parent {
      await parent.waitUntilIdle()
    } else {
      await StoreEngine.waitUntilIdle(engine.link)
    }
  }

  /// The store's changes, for the products built on OneWay's engine (see ``ChangeReporting``).
  @usableFromInline
  package var storeChanges: StoreChanges<Action, State> {
    engine.storeChanges(access: storeAccess)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ViewStore: Observable {}

extension ViewStore: StateSource {
  nonisolated func subscribe(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) async -> AsyncStream<State>? {
    await makeStateStream(bufferingPolicy)
  }

  func makeStateStream(
    _ bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> AsyncStream<State> {
    engine.makeStateStream(bufferingPolicy)
  }
}

#if canImport(Combine) || ONEWAY_OPENCOMBINE_TYPECHECK
extension ViewStore: ObservableObject {}
#endif

/// Tells Observation (and Combine, where it exists) about each change of a view store's
/// state, around the moment the engine commits it.
///
/// It holds no reference to the store: the engine, which holds the observer, can outlive the
/// store for the rest of a drain (an effect's hop keeps the engine alive, and a subscription's
/// closure can drop the store's last reference). What it tells is the store's publisher and
/// registrar, which hold no reference to the store either (``StateRegistrar`` holds it weakly).
@usableFromInline
final class ViewStoreObserver<State>: StateObserver<State> {
  // The fields below are read and written only on the main actor (by the view store, and by
  // its engine, which runs only there), and no access to one of them overlaps another, so
  // the dynamic exclusivity checks of a class's stored properties would only cost time on
  // every send.

  #if canImport(Combine) || ONEWAY_OPENCOMBINE_TYPECHECK
  /// The store's `objectWillChange`; set once, in the store's initialiser.
  @exclusivity(unchecked) @usableFromInline var objectWillChange: ObservableObjectPublisher?
  #endif
  /// The store's registrar, made when `state` is first read through its observable getter:
  /// before that, no observation can be tracking it, and telling a registrar would only cost
  /// time. A ``StateRegistrar`` (Apple platforms offer Observation only from iOS 17 and
  /// macOS 14 on, later than this package's deployment targets).
  @exclusivity(unchecked) @usableFromInline var registrar: ObservationHooks<State>?

  override init() {}

  @inlinable
  override func willChange(
    from current: UnsafePointer<State>,
    to next: UnsafePointer<State>,
    assigned: Bool
  ) {
    #if canImport(Combine) || ONEWAY_OPENCOMBINE_TYPECHECK
    objectWillChange?.send()
    #endif
    registrar?.willSet(from: current, to: next, assigned: assigned)
  }

  @inlinable
  override func didChange() {
    registrar?.didSet()
  }
}
