import ExampleArguments
import OneWay

/// Runs the README's counter through a `Store` and then through a `ViewStore`, printing every
/// state as an observer sees it and then the final number.
///
/// Expected output (the last line of each half is what CI checks):
///
/// ```text
/// == Store ==
/// observed: number: 0, isLoading: false
/// observed: number: 1, isLoading: false
/// ...
/// Store: 2
/// == ViewStore ==
/// ...
/// ViewStore: 2
/// ```
@main
enum CounterExample {
  static func main() async {
    _ = ExampleArguments(
      usage: """
        usage: Counter
        Runs the README's counter through a Store, then a ViewStore, printing each state.
        """
    )
    print("== Store ==")
    let storeNumber = await runStore()
    print("Store: \(storeNumber)")

    print("== ViewStore ==")
    let viewStoreNumber = await runViewStore()
    print("ViewStore: \(viewStoreNumber)")
  }

  /// Sends the README's three actions to an actor-isolated `Store`; returns the final number.
  ///
  /// The observer is attached *before* the first action is sent (see ``observe(_:)``), so it
  /// sees every state: each `for await` loop over `store.states` gets the current state, then
  /// every state that differs from the one before.
  static func runStore() async -> Int {
    var store: Store<CountingReducer, ContinuousClock>? = Store(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0)
    )
    let observer = await observe(store!.states)

    // `await send` returns once the action and every action its synchronous effects derive
    // from it have been reduced, so no extra waiting is needed before reading the state.
    await store!.send(.increment)
    await store!.send(.decrement)
    await store!.send(.twice)
    let number = await store!.state.number

    // A state sequence does not keep its store alive: releasing the store finishes every loop
    // once it has printed the states already delivered to it.
    store = nil
    await observer.value
    return number
  }

  /// Does the same with a `ViewStore`, which lives on the main actor: `send` is synchronous
  /// and the next line already sees the new state, as in a SwiftUI action closure.
  @MainActor
  static func runViewStore() async -> Int {
    var store: ViewStore<CountingReducer, ContinuousClock>? = ViewStore(
      reducer: CountingReducer(),
      state: CountingReducer.State(number: 0)
    )
    let observer = await observe(store!.states)

    store!.send(.increment)
    store!.send(.decrement)
    store!.send(.twice)
    let number = store!.state.number

    store = nil
    await observer.value
    return number
  }

  /// Starts a task that prints every state of `states`, and returns once that task has
  /// received its first state, i.e. once it is subscribed.
  ///
  /// Waiting for the subscription makes the output deterministic: a loop that subscribed late
  /// would start from whatever the state was by then and miss the earlier ones.
  static func observe(
    _ states: AsyncStateSequence<CountingReducer.State>
  ) async -> Task<Void, Never> {
    let (subscribed, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      var isFirst = true
      for await state in states {
        print("observed: \(state)")
        if isFirst {
          isFirst = false
          signal.finish()
        }
      }
      signal.finish()
    }
    for await _ in subscribed {}
    return task
  }
}
