/// Hooks that a store runs around each change of its state, on its isolation: the view
/// store's Observation and `objectWillChange`.
///
/// They must be told only of reduces that changed the state, which takes the state before the
/// reduce to compare with: a store registers its observer only once something can be
/// listening (see `ViewStore.state`), so that until then it reduces in place, with no hook.
///
/// A class rather than a protocol, so that the engine keeps one pointer, not an existential's
/// two words.
///
/// Generic over the state, so that a view store can tell Observation which of the properties
/// read through it changed (V4): it compares them in the state the store holds and the one it
/// is about to commit.
///
/// The states are lent as pointers, valid only during the call: a value would be a copy of the
/// whole state at every commit, for an observer that reads a property or two of each.
@usableFromInline
class StateObserver<State> {
  /// Runs just before a changed state is committed: the store holds `current`, and is about to
  /// commit `next`; `assigned` says whether a `@Triggered` property was assigned during the
  /// reduce (then `next` may equal `current`).
  @usableFromInline
  func willChange(
    from current: UnsafePointer<State>,
    to next: UnsafePointer<State>,
    assigned: Bool
  ) {}

  /// Runs just after a changed state is committed.
  @usableFromInline
  func didChange() {}

  @usableFromInline
  init() {}
}

/// What one reduce did: the action, and the state after it.
///
/// The engine reports every reduced action on one channel, in order, on the store's isolation,
/// once the state is committed and the action's effects have started. Logging is its first
/// user.
@usableFromInline
package struct Reduction<Action, State> {
  /// The action that was reduced.
  @usableFromInline package let action: Action
  /// The state after the reduce.
  @usableFromInline package let state: State
  /// Whether the state differs from the one before (`!=`).
  @usableFromInline package let stateChanged: Bool
  /// Where the action came from.
  @usableFromInline package let origin: ReductionOrigin

  @usableFromInline
  package init(action: Action, state: State, stateChanged: Bool, origin: ReductionOrigin) {
    self.action = action
    self.state = state
    self.stateChanged = stateChanged
    self.origin = origin
  }
}

/// Where a reduced action came from: a caller's `send`, an effect, or `bind()`'s effect.
@usableFromInline
package enum ReductionOrigin: Sendable, Equatable {
  /// A caller sent it to the store (or to one of its child stores).
  case send
  /// An effect that a reduce returned produced it.
  case effect
  /// `bind()`'s effect, or an effect nested in it, produced it.
  case bind
}
