import Testing

@testable import OneWay

/// The engine calls the observers of its channel of reductions without retaining them, and
/// its log last (see `StoreEngine.report`): what a listener may do to the channel while it is
/// called.
@MainActor
@Suite struct ReductionChannelTests {
  @MainActor final class Heard {
    var count = 0
  }

  static func store() -> ViewStore<ClosureReducer<Int, Int>, ContinuousClock> {
    ViewStore(
      reducer: ClosureReducer<Int, Int> { state, action in
        state += action
        return .none
      },
      state: 0
    )
  }

  @Test func anObserverThatAddsObserversWhileItIsCalledIsSafe() {
    let store = Self.store()
    let engine = store.engine
    let heard = Heard()
    var added = false
    engine.observeReductions(.everyAction) { _ in
      guard !added else { return }
      added = true
      // Enough to make the channel's list grow into a new buffer during the call.
      for _ in 0..<100 { engine.observeReductions(.everyAction) { _ in heard.count += 1 } }
    }
    store.send(1)
    #expect(heard.count == 100, "the walk reads the count again: they hear this send too")
    store.send(1)
    #expect(heard.count == 200)
  }

  @Test func aLogThatTurnsLoggingOffWhileItRunsIsSafe() {
    let store = Self.store()
    let heard = Heard()
    _ = store.debug(
      .action,
      to: StoreLogger { _ in
        MainActor.assumeIsolated {
          heard.count += 1
          // The channel's only listener: turning it off drops the channel during this call.
          _ = store.debug(.none)
        }
      }
    )
    store.send(1)
    store.send(1)
    #expect(heard.count == 1, "the log heard the first send, then turned itself off")
    #expect(store.state == 2)
  }
}
