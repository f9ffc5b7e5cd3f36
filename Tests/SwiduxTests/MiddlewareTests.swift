import Dispatch
import Swidux
import Testing

/// Middlewares wrap `dispatch` as in Swidux (D3).
@Suite struct MiddlewareTests {
  enum Command: Action, Equatable {
    case add(Int)
    case secret
    case ping
    case pong
    case fetch
    case loaded(Int)
  }

  static let reducer = Reducer<[Command]> { log, action in
    log.append(action as! Command)
  }

  /// A middleware that writes `name before` and `name after` around the rest of the chain.
  static func tracing(_ name: String, into events: Locked<[String]>) -> Middleware<[Command]> {
    Middleware { _ in
      { next in
        { action in
          events.append("\(name) before")
          next(action)
          events.append("\(name) after")
        }
      }
    }
  }

  @Test func d3TheLastMiddlewareGivenRunsFirstAndTheFirstGivenIsClosestToTheReducer() {
    let events = Locked<[String]>([])
    let store = Store(
      initialState: [Command](),
      reducer: .combine(reducers: [
        Self.reducer,
        Reducer { _, _ in events.append("reducer") },
      ]),
      middlewares: [
        Self.tracing("first", into: events),
        Self.tracing("second", into: events),
        Self.tracing("third", into: events),
      ]
    )
    store.dispatch(Command.add(1))
    #expect(
      events.current == [
        "third before", "second before", "first before",
        "reducer",
        "first after", "second after", "third after",
      ]
    )
  }

  @Test func d3AMiddlewareThatDoesNotCallNextDropsTheAction() {
    let hideSecrets = Middleware<[Command]> { _ in
      { next in
        { action in
          if case Command.secret = action { return }
          next(action)
        }
      }
    }
    let store = Store(initialState: [], reducer: Self.reducer, middlewares: [hideSecrets])
    let sizes = Locked<[Int]>([])
    let token = store.subscribe(\.count) { sizes.append($0) }
    store.dispatch(Command.add(1))
    store.dispatch(Command.secret)
    store.dispatch(Command.add(2))
    withExtendedLifetime(token) {
      #expect(store.getState() == [.add(1), .add(2)])
      #expect(sizes.current == [0, 1, 2], "a dropped action tells nobody")
    }
  }

  @Test func d3AMiddlewareMayDispatchAnotherActionThroughTheWholeChainWithoutDeadlock() {
    let events = Locked<[String]>([])
    let ponger = Middleware<[Command]> { store in
      { next in
        { action in
          next(action)
          if case Command.ping = action { store.dispatch(Command.pong) }
        }
      }
    }
    let store = Store(
      initialState: [],
      reducer: Self.reducer,
      middlewares: [ponger, Self.tracing("outer", into: events)]
    )
    store.dispatch(Command.ping)
    #expect(store.getState() == [.ping, .pong], "both reduced before dispatch returns")
    #expect(
      events.current == ["outer before", "outer before", "outer after", "outer after"],
      "the dispatched action went through every middleware, the outer one included"
    )
  }

  @Test func d3AMiddlewareReadsTheStateBeforeAndAfterTheReducer() {
    let seen = Locked<[[Command]]>([])
    let echo = Middleware<[Command]> { store in
      { next in
        { action in
          seen.append(store.getState())
          next(action)
          seen.append(store.getState())
        }
      }
    }
    let store = Store(initialState: [], reducer: Self.reducer, middlewares: [echo])
    store.dispatch(Command.add(1))
    #expect(seen.current == [[], [.add(1)]])
  }

  /// A middleware that keeps `next` and calls it later from another thread, as one that
  /// handles asynchronous actions does: still never two threads in a middleware at once.
  @Test func d3AMiddlewareThatCallsNextLaterFromAnotherThreadIsStillSerialized() {
    let group = DispatchGroup()
    let fetcher = Middleware<[Command]> { _ in
      { next in
        { action in
          guard case Command.fetch = action else { return next(action) }
          next(action)
          group.enter()
          DispatchQueue.global().async {
            next(Command.loaded(42))
            group.leave()
          }
        }
      }
    }
    let store = Store(
      initialState: [],
      reducer: Self.reducer,
      middlewares: [fetcher, Self.serializationCheck()]
    )
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<100 { store.dispatch(Command.fetch) }
    }
    group.wait()
    let log = store.getState()
    #expect(log.filter { $0 == .fetch }.count == 800)
    #expect(log.filter { $0 == .loaded(42) }.count == 800)
  }

  /// A middleware with unsynchronized state of its own: the thread sanitizer reports a race if
  /// the store ever calls it from two threads at once.
  static func serializationCheck() -> Middleware<[Command]> {
    final class InFlight: @unchecked Sendable {
      // @unchecked on purpose: unsynchronized, so that the sanitizer sees any concurrent use.
      var count = 0
    }
    return Middleware { _ in
      let inFlight = InFlight()
      return { next in
        { action in
          inFlight.count += 1
          precondition(inFlight.count == 1, "two threads in a middleware at once")
          next(action)
          inFlight.count -= 1
        }
      }
    }
  }

  @Test func d3MiddlewaresCalledFromEightThreadsAtOnceRunOneAtATime() {
    let store = Store(
      initialState: [],
      reducer: Self.reducer,
      middlewares: [Self.serializationCheck(), Self.serializationCheck()]
    )
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      for _ in 0..<1_000 { store.dispatch(Command.add(index)) }
    }
    #expect(store.getState().count == 8_000)
  }

  @Test func d3AStoreWithMiddlewaresIsReleasedWithThemWhenTheApplicationLetsItGo() {
    weak var watchedStore: Store<[Command]>?
    weak var watchedCanary: Canary?
    do {
      let canary = Canary()
      watchedCanary = canary
      let keeper = Middleware<[Command]> { store in
        { next in
          { action in
            withExtendedLifetime((store, canary)) { next(action) }
          }
        }
      }
      let store = Store(initialState: [], reducer: Self.reducer, middlewares: [keeper])
      store.dispatch(Command.add(1))
      watchedStore = store
    }
    #expect(watchedStore == nil)
    #expect(watchedCanary == nil, "the middlewares, which held the store they were given, too")
  }
}
