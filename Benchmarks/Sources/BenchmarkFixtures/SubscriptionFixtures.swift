import OneWay

/// The reducer of scenario 8: a state with a watched value and another one, so that a send can
/// change the state with or without changing what the subscriptions watch.
package struct SubscriptionReducer: Reducer {
  package enum Action: Sendable {
    /// Changes the value every subscription watches.
    case changeWatched
    /// Changes the state elsewhere: every subscription reads and compares, none is called.
    case changeOther
  }

  package struct State: Sendable, Equatable {
    package var watched = 0
    package var other = 0

    package init() {}
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .changeWatched: state.watched &+= 1
    case .changeOther: state.other &+= 1
    }
    return .none
  }
}

/// Where the subscription closures of scenario 8 put what they receive, so that the optimizer
/// cannot drop the calls.
@MainActor
package final class SubscriptionSink {
  package var total = 0

  package init() {}
}

/// Scenario 8: a view store with `count` key-path subscriptions to `\.watched`.
@MainActor
package final class ViewStoreSubscriptions {
  let store = ViewStore(reducer: SubscriptionReducer(), state: SubscriptionReducer.State())
  let sink = SubscriptionSink()
  var subscriptions: [StateSubscription] = []

  package init(count: Int) {
    let sink = self.sink
    subscriptions = (0..<count).map { _ in
      store.subscribe(\.watched) { value in sink.total &+= value }
    }
  }

  /// `iterations` sends of `action`, each followed by the store's pass over its subscriptions.
  package func send(_ action: SubscriptionReducer.Action, _ iterations: Range<Int>) {
    for _ in iterations { store.send(action) }
    keep(sink.total)
  }
}

/// The hand-written reference for scenario 8: the same reducer called through an
/// `@inline(never)` function, then an array of closures, each reading the watched value,
/// comparing it with the last one it saw and, when it changed, calling its own callback.
@MainActor
package final class BareSubscriptions {
  let reducer = SubscriptionReducer()
  var state = SubscriptionReducer.State()
  let sink = SubscriptionSink()
  var closures: [(SubscriptionReducer.State) -> Void] = []

  package init(count: Int) {
    let sink = self.sink
    closures = (0..<count).map { _ in
      let onChange: (Int) -> Void = { value in sink.total &+= value }
      var last = 0
      return { state in
        let value = state.watched
        if value != last {
          last = value
          onChange(value)
        }
      }
    }
  }

  package func send(_ action: SubscriptionReducer.Action, _ iterations: Range<Int>) {
    for _ in iterations {
      keep(directSubscriptionReduce(reducer, &state, action))
      for closure in closures { closure(state) }
    }
    keep(sink.total)
  }
}

@inline(never)
func directSubscriptionReduce(
  _ reducer: SubscriptionReducer,
  _ state: inout SubscriptionReducer.State,
  _ action: SubscriptionReducer.Action
) -> AnyEffect<SubscriptionReducer.Action> {
  reducer.reduce(state: &state, action: action)
}
