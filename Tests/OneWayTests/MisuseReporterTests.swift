import OneWay
import OneWayTesting
import Testing

/// Rule I1: one reporter for every misuse, which an app may replace.
@Suite struct MisuseReporterTests {
  /// A child action that only this suite sends, so that the reporter installed below hands
  /// every other suite's misuses, which happen meanwhile, to the default reporter.
  enum ProbeAction: Sendable {
    case tapInstalledReporterProbe
  }

  struct Probe: Reducer {
    enum Action: Sendable {
      case child(ProbeAction)
      case dismiss
    }
    func reduce(state: inout Int?, action: Action) -> AnyEffect<Action> {
      if case .dismiss = action { state = nil }
      return .none
    }
  }

  @Test func i1AnAppMayInstallItsOwnReporter() async {
    let received = Locked<[Misuse]>([])
    let installed = MisuseReporter.current
    MisuseReporter.current = MisuseReporter { misuse in
      guard misuse.action.contains("tapInstalledReporterProbe") else {
        return MisuseReporter.default.report(misuse)
      }
      received.withLock { $0.append(misuse) }
    }
    defer { MisuseReporter.current = installed }
    let store = Store(reducer: Probe(), state: 1)
    let child: Store<ChildFeature<ProbeAction, Int>, ContinuousClock>? = await store.scope(
      state: \.self,
      action: Probe.Action.child
    )
    await store.send(.dismiss)
    await child?.send(.tapInstalledReporterProbe)
    let misuses = received.withLock { $0 }
    #expect(misuses.count == 1, "the installed reporter gets it, and the test does not fail")
    #expect(misuses.first?.kind == .sendToEndedStore)
    #expect(misuses.first?.action == "send(tapInstalledReporterProbe)")
    #expect(misuses.first?.severity == .error)
    #expect(misuses.first?.advice.contains("scope again") == true)
  }

  @Test func i1AMisuseNamesTheStoreTheActionAndWhatToDo() {
    let misuse = Misuse(
      .sendToEndedStore,
      store: "Store<Row, ContinuousClock>",
      action: "send(delete)",
      problem: "the store ended",
      advice: "Scope again."
    )
    #expect(
      misuse.description
        == "OneWay: Store<Row, ContinuousClock> received send(delete): the store ended. Scope again."
    )
  }
}
