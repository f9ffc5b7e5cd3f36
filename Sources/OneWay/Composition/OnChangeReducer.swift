/// A reducer that runs a hook whenever a reduce of its base reducer changes a value derived
/// from the state: persistence, synchronisation, derived updates.
///
/// Build it with ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The base reducer's actions.
  public typealias Action = Base.Action
  /// The base reducer's state.
  public typealias State = Base.State

  @usableFromInline let base: Base
  @usableFromInline let value: @Sendable (State) -> Value
  @usableFromInline let hook: @Sendable (Value, Value) -> AnyEffect<Action>

  @usableFromInline
  init(
    base: Base,
    value: @escaping @Sendable (State) -> Value,
    hook: @escaping @Sendable (Value, Value) -> AnyEffect<Action>
  ) {
    self.base = base
    self.value = value
    self.hook = hook
  }

  /// Reduces `action` with the base reducer, then runs the hook if the value changed.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - action: The action.
  /// - Returns: The base reducer's effect, then the hook's.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    let oldValue = value(state)
    let effect = base.reduce(state: &state, action: action)
    let newValue = value(state)
    guard oldValue != newValue else { return effect }
    return .merging(effect, hook(oldValue, newValue))
  }

  /// The base reducer's `bind()` effect.
  public func bind() -> AnyEffect<Action> {
    base.bind()
  }
}

extension Reducer {
  // Inlinable: builds the operator's closures for the client's types; they run on every action.

  /// Runs `body` after each reduce that changes the value `value` reads from the state
  /// (compared with `==`).
  ///
  /// ```swift
  /// let todos = TodosReducer().onChange(of: \.items) { _, items in
  ///   .sequence { _ in await storage.save(items) }
  ///     .debounce(id: "save", for: .seconds(1))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to watch; a key path such as `\.items` will do.
  ///   - body: The hook, given the old and the new value; the effect it returns is merged
  ///     after the reducer's.
  /// - Returns: A reducer that runs this reducer, then `body` when the value changed.
  @inlinable
  public func onChange<Value: Equatable>(
    of value: @escaping @Sendable (State) -> Value,
    _ body: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> AnyEffect<Action>
  ) -> OnChangeReducer<Self, Value> {
    OnChangeReducer(base: self, value: value, hook: body)
  }
}
