import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// A list of numbers; `appendTwice` also starts an effect, which replay must not start.
struct ListReducer: Reducer {
  enum Action: Codable, Sendable, Equatable {
    case append(Int)
    case appendWithEffect(Int)
    case nothing
  }

  struct State: Codable, Sendable, Equatable {
    var numbers: [Int] = []
  }

  let effects: EffectCounter

  init(effects: EffectCounter = EffectCounter()) {
    self.effects = effects
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .append(let number):
      state.numbers.append(number)
      return .none
    case .appendWithEffect(let number):
      state.numbers.append(number)
      return .single { [effects] in
        effects.increment()
        return .nothing
      }
    case .nothing:
      return .none
    }
  }
}

/// Counts the effects that ran, from any thread.
final class EffectCounter: Sendable {
  private let count = Mutexed(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// A value behind a lock, for the tests' counters and collected errors.
// Safe to share: the value is only reached through `withLock`, under `lock`.
final class Mutexed<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }
}

/// A folder of its own for one test, removed when it is released.
final class TemporaryFolder: Sendable {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("oneway-persistence-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String = "state.store") -> URL {
    url.appendingPathComponent(name)
  }

  /// The names in the folder, sorted.
  var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

/// Collects the errors a persistence reports.
final class ErrorLog: Sendable {
  private let errors = Mutexed<[PersistenceError]>([])
  var all: [PersistenceError] { errors.withLock { $0 } }
  var handler: @Sendable (PersistenceError) -> Void {
    { [errors] error in errors.withLock { $0.append(error) } }
  }
}

func journal(
  _ file: URL,
  reducer: ListReducer = ListReducer(),
  version: Int = 1,
  migrations: [Migration] = [],
  snapshotEvery: Int = 1000,
  errors: ErrorLog = ErrorLog()
) throws -> Persistence<ListReducer.State, ListReducer.Action> {
  try Persistence(
    journalAt: file,
    reducer: reducer,
    initialState: ListReducer.State(),
    version: version,
    migrations: migrations,
    snapshotEvery: snapshotEvery,
    onError: errors.handler
  )
}

func bytes(_ file: URL) -> [UInt8] {
  (try? [UInt8](Data(contentsOf: file))) ?? []
}

func write(_ bytes: [UInt8], to file: URL) {
  try! Data(bytes).write(to: file)
}

/// The number of records in the journal beside the snapshot `file`.
func journalRecords(_ file: URL) -> Int {
  let journal = URL(fileURLWithPath: file.path + ".journal")
  guard case .valid(_, _, let scan) = FileLayout.parseJournal(bytes(journal)) else { return 0 }
  return scan.records.count
}

/// Stands for a crash of the process that persists `store`: the store is never released (so
/// nothing is flushed), and the lock on its files is released, as the kernel releases it when
/// a process dies.
func crash<State, Action>(_ store: AnyObject, _ persistence: Persistence<State, Action>) {
  _ = Unmanaged.passRetained(store)
  (persistence.backend as? FileBackend)?.releaseLockAsIfKilled()
}

/// The state in the snapshot `file`, read without a persistence (which would take the file's
/// lock); `nil` if there is no whole snapshot.
func snapshotState<State: Decodable>(_ type: State.Type, in file: URL) -> State? {
  guard case .valid(_, _, let state) = FileLayout.parseSnapshot(bytes(file)) else { return nil }
  return try? JSONDecoder().decode(State.self, from: Data(state))
}
