/// Something that happened, which a store's reducer turns into a change of its state.
///
/// Adopt it with any type, usually an enum per feature; a reducer matches the cases it handles
/// and ignores the others:
///
/// ```swift
/// enum CounterAction: Action {
///   case increment
///   case decrement
/// }
/// ```
///
/// An action is reduced on the thread that dispatched it, so it need not be `Sendable`.
public protocol Action {}
