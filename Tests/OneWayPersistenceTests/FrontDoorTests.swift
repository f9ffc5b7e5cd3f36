import Foundation
import OneWay
import Testing

@testable import OneWayPersistence

/// Every kind of store is persisted through the engine's channel of reductions by the one
/// implementation (`Persistence.follow`): `Store` and `ViewStore` here, a composed feature's
/// child store, and OneWayCombine's `Way` and Swidux's `Store` in their own files.
@Suite("Every kind of store")
struct FrontDoorTests {
  let folder = TemporaryFolder()

  enum AppAction: Codable, Sendable, Equatable {
    case list(ListReducer.Action)
    case rename(String)
  }

  struct AppState: Codable, Sendable, Equatable {
    var list = ListReducer.State()
    var name = ""
  }

  /// A feature's own reducer: the name; the list is a child feature embedded in it.
  struct Naming: Reducer {
    func reduce(state: inout AppState, action: AppAction) -> AnyEffect<AppAction> {
      if case .rename(let name) = action { state.name = name }
      return .none
    }
  }

  /// The feature composed of its own reducer and the list, embedded at `list`.
  static func app() -> Scope<Naming, ListReducer> {
    Naming().scope(
      state: \.list,
      action: AppAction.list,
      extract: { if case .list(let action) = $0 { action } else { nil } }
    ) {
      ListReducer()
    }
  }

  func appJournal(_ file: URL) throws -> Persistence<AppState, AppAction> {
    try Persistence(journalAt: file, reducer: Self.app(), initialState: AppState())
  }

  @Test @MainActor func j3AChildStoresActionsAreJournaledWithItsRoot() throws {
    let file = folder.file()
    let persistence = try appJournal(file)
    let store = ViewStore(reducer: Self.app(), state: persistence.loadedState)
    store.persist(with: persistence)
    let list: ViewStore<ListReducer, ContinuousClock> = store.scope(
      state: \.list,
      action: AppAction.list
    )
    list.send(.append(1))
    store.send(.rename("groceries"))
    list.send(.append(2))
    crash(store, persistence)
    let reloaded = try appJournal(file).loadedState
    #expect(reloaded.list.numbers == [1, 2])
    #expect(reloaded.name == "groceries")
  }

  @Test @MainActor func j3AnUnchangedSendWritesNothingInEitherMode() throws {
    let journalFile = folder.file("journal.store")
    let journal = try Persistence(
      journalAt: journalFile,
      reducer: ListReducer(),
      initialState: ListReducer.State()
    )
    let journaled = ViewStore(reducer: ListReducer(), state: journal.loadedState)
    journaled.persist(with: journal)
    let snapshots = try Persistence<ListReducer.State, ListReducer.Action>(
      snapshotsAt: folder.file("snapshots.store"),
      initialState: ListReducer.State()
    )
    let snapshotted = ViewStore(reducer: ListReducer(), state: snapshots.loadedState)
    snapshotted.persist(with: snapshots)
    let before = folder.contents.map { folder.url.appendingPathComponent($0) }.map(bytes)
    for _ in 0..<100 {
      journaled.send(.nothing)
      snapshotted.send(.nothing)
    }
    #expect(folder.contents.map { folder.url.appendingPathComponent($0) }.map(bytes) == before)
    #expect(snapshots.snapshotWrites == 0)
    journaled.send(.append(1))
    snapshotted.send(.append(1))
    #expect(snapshots.snapshotWrites == 1)
    crash(journaled, journal)
    crash(snapshotted, snapshots)
    #expect(
      try Persistence(
        journalAt: journalFile,
        reducer: ListReducer(),
        initialState: ListReducer.State()
      ).loadedState.numbers == [1]
    )
  }
}
