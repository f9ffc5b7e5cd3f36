#if Combine
import CombineSchedulers
import Foundation
import OneWayCombine
import OneWayTesting
import Swidux
import Testing

@testable import OneWay

/// Rule E7 for the stores of the other products: a `Way`'s side way and a Swidux middleware
/// have started their work when `send` (or `dispatch`) returns, under the stress harness.
@Suite struct StartOnTimeOtherStoresTests {
  /// A way whose side way starts a delay on a test scheduler when it is subscribed.
  final class DelayingWay: Way<DelayingWay.Action, [String]> {
    enum Action: Sendable {
      case start
      case done
    }

    let scheduler: TestSchedulerOf<DispatchQueue>
    let subscribed = Locked(0)

    init(scheduler: TestSchedulerOf<DispatchQueue>) {
      self.scheduler = scheduler
      super.init(initialState: [], threadOption: .current)
    }

    override func reduce(state: inout [String], action: Action) -> SideWay<Action, Never> {
      switch action {
      case .start:
        let subscribed = self.subscribed
        return Deferred {
          subscribed.withLock { $0 += 1 }
          return Just(Action.done).delay(for: 5, scheduler: self.scheduler)
        }
        .eraseToSideWay()
      case .done:
        state.append("done")
        return .none
      }
    }
  }

  @MainActor
  @Test func e7AWaysSideWayHasStartedItsWorkWhenSendReturns() async {
    await Load.run { _ in
      let scheduler = DispatchQueue.test
      let way = DelayingWay(scheduler: scheduler)
      way.send(.start)
      #expect(way.subscribed.current == 1)
      await Load.jitter()
      await scheduler.advance(by: 5)
      #expect(way.state == ["done"])
    }
  }

  struct Tally: Equatable, Sendable {
    var started = 0
  }

  enum Tap: Swidux.Action {
    case start
  }

  @Test func e7ASwiduxMiddlewareThatStartsAnEffectHasStartedItWhenDispatchReturns() async {
    await Load.run { _ in
      let clock = CountingClock()
      let woken = Locked(0)
      // A middleware that starts time-based work by iterating an effect's values.
      let timer = Middleware<Tally> { _ in
        { next in
          { action in
            next(action)
            let values = AnyEffect<Int>.single {
              try? await clock.sleep(for: .seconds(1))
              return 1
            }.values
            Task {
              for await value in values { woken.withLock { $0 += value } }
            }
          }
        }
      }
      let store = Swidux.Store(
        initialState: Tally(),
        reducer: .init { state, _ in state.started += 1 },
        middlewares: [timer]
      )
      store.dispatch(Tap.start)
      #expect(store.getState().started == 1)
      guard clock.sleepsBegun == 1 else {
        Issue.record("the middleware's effect had not begun its sleep when dispatch returned")
        return
      }
      await clock.advance(by: .seconds(1))
      await waitUntil("the middleware's effect to wake") { woken.current > 0 }
      #expect(woken.current == 1)
    }
  }
}
#endif
