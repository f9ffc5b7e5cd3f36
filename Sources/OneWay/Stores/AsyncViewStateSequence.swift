/// The type of `ViewStore.states` in OneWay 3.x: here, the same multicast sequence as
/// `Store.states`.
///
/// Code that names the type keeps compiling:
///
/// ```swift
/// let states: AsyncViewStateSequence<CountingReducer.State> = viewStore.states
/// for await number in states.number { print(number) }
/// ```
///
/// Each loop receives the current state, then every state that differs from the one before it
/// (see ``AsyncStateSequence``).
public typealias AsyncViewStateSequence<State: Sendable> = AsyncStateSequence<State>
