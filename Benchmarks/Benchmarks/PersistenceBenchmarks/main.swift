// OneWayPersistence against bare baselines, measured in the same run:
//
//   P1  a send through a journal with interval fsync, against encoding the action with
//       JSONEncoder and appending it with write(2) (the append's own cost is the difference
//       between the persisted send and a bare store's send);
//   P2  a view store's send that changes nothing, persisted with snapshots or a journal,
//       against the same view store without persistence (a view store's send is synchronous:
//       no actor hop in the figure).
//
// Each figure is the median of several rounds. ONEWAY_BENCHMARK_SMOKE=1 runs one short round.
import Foundation
import OneWay
import OneWayPersistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Counter: Reducer {
  enum Action: Codable, Sendable {
    case add(Int)
    case nothing
  }

  struct State: Codable, Sendable, Equatable {
    var total = 0
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let amount): state.total += amount
    case .nothing: break
    }
    return .none
  }
}

let isSmokeRun = ProcessInfo.processInfo.environment["ONEWAY_BENCHMARK_SMOKE"] != nil
let iterations = isSmokeRun ? 100 : 50_000
let rounds = isSmokeRun ? 1 : 7
let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("oneway-persistence-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// The median time per iteration of `body`, in nanoseconds, over `rounds` rounds.
func measure(_ body: () throws -> Void) rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    try body()
    samples.append(nanoseconds(since: start))
  }
  return samples.sorted()[samples.count / 2]
}

/// The median time per iteration of `body`, in nanoseconds, over `rounds` rounds.
func measure(_ body: () async throws -> Void) async rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    try await body()
    samples.append(nanoseconds(since: start))
  }
  return samples.sorted()[samples.count / 2]
}

/// The time since `start` per iteration, in nanoseconds.
func nanoseconds(since start: ContinuousClock.Instant) -> Double {
  let (seconds, attoseconds) = (ContinuousClock.now - start).components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
}

func report(_ name: String, _ nanoseconds: Double) {
  print(String(format: "%-62@ %9.1f ns", name as NSString, nanoseconds))
}

func freshFile() -> URL {
  folder.appendingPathComponent("\(UUID().uuidString).store")
}

// P1: journal append with interval fsync.
let journaled = try await measure {
  let persistence = try Persistence(
    journalAt: freshFile(),
    reducer: Counter(),
    initialState: Counter.State(),
    sync: .interval(.seconds(1)),
    snapshotEvery: .max
  )
  let store = Store(reducer: Counter(), state: persistence.loadedState)
  await store.persist(with: persistence)
  for _ in 0..<iterations { await store.send(.add(1)) }
}
let bareSend = await measure {
  let store = Store(reducer: Counter(), state: Counter.State())
  for _ in 0..<iterations { await store.send(.add(1)) }
}
let encodeAndWrite = try measure {
  let path = freshFile().path
  let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
  defer { close(descriptor) }
  let encoder = JSONEncoder()
  for _ in 0..<iterations {
    let bytes = try encoder.encode(Counter.Action.add(1))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
report("P1 send, journal, interval fsync", journaled)
report("P1 send, no persistence", bareSend)
report("P1 baseline: JSONEncoder + write(2)", encodeAndWrite)
print(
  String(
    format: "P1 append (persisted send - bare send) / baseline: %.2fx",
    (journaled - bareSend) / encodeAndWrite
  )
)

// P2: a store with persistence and nothing to persist, in each mode. The stores are made and
// attached before the timed loops: loading is not part of a send. By J3 neither mode writes
// anything for an unchanged reduce, so the fair baseline of both is the same store unpersisted.
@MainActor
func unchangedSends(_ persistence: Persistence<Counter.State, Counter.Action>?) -> Double {
  let store = ViewStore(reducer: Counter(), state: Counter.State())
  if let persistence { store.persist(with: persistence) }
  return measure {
    for _ in 0..<iterations { store.send(.nothing) }
  }
}
let unchangedSnapshots = unchangedSends(
  try Persistence(snapshotsAt: freshFile(), initialState: Counter.State())
)
let unchangedJournal = unchangedSends(
  try Persistence(journalAt: freshFile(), reducer: Counter(), initialState: Counter.State())
)
let bareUnchanged = unchangedSends(nil)
report("P2 send, snapshots, state unchanged", unchangedSnapshots)
report("P2 send, journal, state unchanged", unchangedJournal)
report("P2 baseline: send, no persistence, state unchanged", bareUnchanged)
print(String(format: "P2 snapshots / bare: %.2fx", unchangedSnapshots / bareUnchanged))
print(String(format: "P2 journal / bare: %.2fx", unchangedJournal / bareUnchanged))
