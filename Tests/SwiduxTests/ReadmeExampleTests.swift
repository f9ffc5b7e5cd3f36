import Swidux
import Testing

// Swidux's README, as it is written there, at file scope; `print` is replaced by recording
// what it would print.

struct AppState {
  var count = 0
}

enum CounterAction: Action {
  case increment
  case decrement
}

let counterReducer = Reducer<Int> { state, action in
  switch action {
  case CounterAction.increment: state += 1
  case CounterAction.decrement: state -= 1
  default: break
  }
}

@Suite struct ReadmeExampleTests {
  @Test func d1SwiduxReadmeCounterPrintsZeroOneZero() {
    let printed = Locked<[Int]>([])

    let store = Store<AppState>(
      initialState: AppState(),
      reducer: counterReducer.lift(\.count)
    )

    let token = store.subscribe(\.count) { printed.append($0) }

    store.dispatch(CounterAction.increment)
    store.dispatch(CounterAction.decrement)

    withExtendedLifetime(token) {
      #expect(printed.current == [0, 1, 0], "the current value at once, then each change")
      #expect(store.getState().count == 0)
    }
  }

  /// Swidux's own test of the store, in its shapes: an action cast in the reducer, 500
  /// subscriptions kept in an `[Any]`, increments and decrements from two threads.
  @Test func d1d2SwiduxsOwnThreadSafetyTestPasses() async {
    struct CounterState {
      var count = 0
    }
    let store = Store(
      initialState: CounterState(),
      reducer: Reducer<CounterState> { state, action in
        switch action as! CounterAction {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        }
      }
    )
    var subscriptionTokens = [Any]()
    for _ in 0..<500 {
      subscriptionTokens.append(store.subscribe(\.count) { _ in })
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for _ in 0..<1_000 { store.dispatch(CounterAction.increment) } }
      group.addTask { for _ in 0..<1_000 { store.dispatch(CounterAction.decrement) } }
    }
    #expect(store.getState().count == 0)
    #expect(subscriptionTokens.count == 500)
  }

  /// Every public declaration of Swidux, spelled with Swidux's names and shapes.
  @Test func d1ThePublicAPIHasSwiduxsNamesAndShapes() {
    let makeReducer: (@escaping @Sendable (inout Int, any Action) -> Void) -> Reducer<Int> =
      Reducer<Int>.init(reduce:)
    let reducer = makeReducer { state, _ in state += 1 }
    let reduce: @Sendable (inout Int, any Action) -> Void = reducer.reduce
    let combine: ([Reducer<Int>]) -> Reducer<Int> = Reducer<Int>.combine(reducers:)
    let lifted: Reducer<AppState> = combine([reducer, reducer]).lift(\.count)

    // `next` is `@Sendable` here (it may be called from any thread); a middleware written for
    // Swidux, whose `next` was not, converts to this shape.
    let swiduxMiddleware:
      @Sendable (Store<AppState>) -> (@escaping (any Action) -> Void) -> (any Action) -> Void = {
        _ in { next in { action in next(action) } }
      }
    let makeMiddleware:
      (
        @escaping @Sendable (Store<AppState>) -> (@escaping @Sendable (any Action) -> Void) -> (
          any Action
        ) -> Void
      ) -> Middleware<AppState> = Middleware<AppState>.init(run:)
    let middleware = makeMiddleware(swiduxMiddleware)
    let run:
      (Store<AppState>) -> (@escaping @Sendable (any Action) -> Void) -> (any Action) -> Void =
        middleware.run

    let makeStore: (AppState, Reducer<AppState>, [Middleware<AppState>]) -> Store<AppState> =
      Store<AppState>.init(initialState:reducer:middlewares:)
    let store = makeStore(AppState(), lifted, [middleware])
    let dispatch: (any Action) -> Void = store.dispatch
    let getState: () -> AppState = store.getState
    let initial: AppState = store.state  // Swidux 0.1's spelling
    let subscribe:
      (KeyPath<AppState, Int>, @escaping @Sendable (Int) -> Void) -> StoreSubscriptionToken =
        store.subscribe(_:onNext:)

    // The defaults: no reducer, no middlewares.
    let plain = Store<AppState>(initialState: AppState())
    plain.dispatch(CounterAction.increment)
    #expect(plain.getState().count == 0)

    var state = 0
    reduce(&state, CounterAction.increment)
    #expect(state == 1)
    let seen = Locked<[Int]>([])
    let token = subscribe(\.count) { seen.append($0) }
    dispatch(CounterAction.increment)
    withExtendedLifetime(token) {
      #expect(getState().count == 2, "the combined reducer ran twice")
      #expect(seen.current == [0, 2])
    }
    _ = run
    #expect(initial.count == 0)
  }
}
