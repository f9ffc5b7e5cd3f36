import BenchmarkFixtures
import CallgrindMarks
import Dependencies
import Foundation
import OneWay
import OneWayDependencies

// OneWayProfile's scenarios for a store that captured swift-dependencies' values (rules K1,
// K2), in a binary of their own: a process that links OneWayDependencies gives every root
// store a context, so their baselines (b1-store, b2-viewstore, b4-store) are OneWayProfile's,
// which does not link it. Run like OneWayProfile (see Scripts/profile.sh):
//   DependenciesProfile k1-store 20000

let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first else {
  print("usage: DependenciesProfile k1-store|k2-viewstore|k4-store [ITERATIONS]")
  exit(2)
}
let iterations = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000

/// A label read by nothing: the values the stores capture hold one value set where they are
/// made, as an app's would.
struct Label: DependencyKey {
  static let liveValue = "live"
}

/// The values set where the stores are made.
func withAppDependencies<T>(_ make: () -> T) -> T {
  withDependencies {
    $0[Label.self] = "app"
  } operation: {
    make()
  }
}

/// Runs an actor store's scenario from a non-isolated task, as OneWayProfile does.
func run(_ scenario: String) async {
  switch scenario {
  case "k1-store":
    let store = withAppDependencies {
      Store(reducer: CounterReducer(), state: CounterReducer.State())
    }
    await measured(iterations) { for _ in $0 { await store.send(.increment) } }
    keep(await store.state.count)
  case "k4-store":
    let signal = Signal()
    let store = withAppDependencies {
      Store(reducer: CounterReducer(signal: signal), state: CounterReducer.State())
    }
    await measured(iterations) {
      for _ in $0 {
        await store.send(.request)
        await signal.wait()
      }
    }
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
}

switch scenario {
case "k2-viewstore":
  MainActor.assumeIsolated {
    let store = withAppDependencies {
      ViewStore(reducer: CounterReducer(), state: CounterReducer.State())
    }
    measured(iterations) { for _ in $0 { store.send(.increment) } }
    keep(store.state.count)
  }
default:
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await run(scenario)
    done.signal()
  }
  done.wait()
}
