import Foundation
import Swidux
import Testing

@testable import OneWayPersistence

// Only Swidux is imported here, not OneWay: `Store` and `Reducer` are Swidux's.

/// Swidux's `Store`, persisted with snapshots through the engine's channel of reductions by
/// the same implementation as every store.
@Suite("Swidux")
struct SwiduxPersistenceTests {
  let folder = TemporaryFolder()

  struct Shelf: Codable, Sendable {
    var books: [String] = []
  }

  struct Shelve: Action {
    let title: String
  }

  static let shelving = Reducer<Shelf> { state, action in
    if let action = action as? Shelve { state.books.append(action.title) }
  }

  func snapshots(_ errors: ErrorLog = ErrorLog()) throws -> Persistence<Shelf, Never> {
    try Persistence(
      snapshotsAt: folder.file(),
      initialState: Shelf(),
      interval: .seconds(60),
      onError: errors.handler
    )
  }

  @Test func j2ADispatchIsSnapshottedAndReleasingTheStoreFlushes() throws {
    do {
      let persistence = try snapshots()
      let store = Store(initialState: persistence.loadedState, reducer: Self.shelving)
      store.persist(with: persistence)
      store.dispatch(Shelve(title: "Dune"))
      // The first change after a quiet interval is written at once.
      #expect(persistence.snapshotWrites == 1)
      store.dispatch(Shelve(title: "Emma"))
      // The file is locked while the store lives: read the snapshot itself.
      #expect(snapshotState(Shelf.self, in: folder.file())?.books == ["Dune"])
    }
    #expect(try snapshots().loadedState.books == ["Dune", "Emma"])
  }

  @Test func j2AStoreWithMiddlewaresIsPersistedAsItDispatches() throws {
    let persistence = try snapshots()
    let doubling = Middleware<Shelf> { _ in
      { next in
        { action in
          next(action)
          next(action)
        }
      }
    }
    let store = Store(
      initialState: persistence.loadedState,
      reducer: Self.shelving,
      middlewares: [doubling]
    )
    store.persist(with: persistence)
    store.dispatch(Shelve(title: "Dune"))
    try persistence.flush()
    #expect(snapshotState(Shelf.self, in: folder.file())?.books == ["Dune", "Dune"])
    withExtendedLifetime(store) {}
  }

  @Test func j1ASecondSwiduxStoreIsNotAttached() throws {
    let errors = ErrorLog()
    let persistence = try snapshots(errors)
    let first = Store(initialState: persistence.loadedState, reducer: Self.shelving)
    let second = Store(initialState: persistence.loadedState, reducer: Self.shelving)
    first.persist(with: persistence)
    second.persist(with: persistence)
    #expect(errors.all.map(\.reason) == [.alreadyAttached])
  }
}
