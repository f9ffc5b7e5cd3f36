#if Dependencies
import Dependencies
import OneWayCombine
import Swidux
import Testing

/// K1 for the stores of the other products: a `Way` and a Swidux store capture the
/// dependencies in force where they are made, whichever thread sends.
@Suite("Dependencies: a way and a Swidux store (K1)")
struct OtherStoresDependenciesTests {
  @Test func K1_aWaySentToFromAnotherThread() async {
    let way = withDependencies {
      $0.label = .named("way")
    } operation: {
      LabelWay(initialState: LabelWay.State(), threadOption: .threadSafe)
    }
    await withDependencies {
      $0.label = .named("sender")
    } operation: {
      await Task.detached { way.send(.read) }.value
    }
    #expect(way.state.seen == ["way"])
  }

  @Test func K1_aSwiduxStore() async {
    let store = withDependencies {
      $0.label = .named("swidux")
    } operation: {
      LabelSwidux.makeStore()
    }
    await Task.detached { store.dispatch(LabelSwidux.Read()) }.value
    #expect(store.state.seen == ["swidux"])
  }
}

/// OneWay 1.x's `Way`, reading the label in its reduce. `@unchecked Sendable`: it has no
/// stored property of its own.
final class LabelWay: Way<LabelWay.Action, LabelWay.State>, @unchecked Sendable {
  enum Action { case read }
  struct State: Equatable { var seen: [String] = [] }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    state.seen.append(labelInForce())
    return .none
  }
}

/// A Swidux store whose reducer reads the label.
enum LabelSwidux {
  struct State { var seen: [String] = [] }
  struct Read: Swidux.Action {}

  static func makeStore() -> Swidux.Store<State> {
    Swidux.Store(
      initialState: State(),
      reducer: Swidux.Reducer { state, _ in state.seen.append(labelInForce()) }
    )
  }
}
#endif
