/// The element stores of an ``IdentifiedList`` in a parent store's state, by id, and the list
/// as they last saw it (M4).
///
/// The parent's engine tells the table, not each store, of every commit: the table asks the
/// new list which elements differ from the last one (``IdentifiedList/changedIndices(since:)``,
/// which skips the storage the two versions share) and commits each changed element into its
/// store, if it has one. So a send that changes one row costs the same whether the list holds
/// a thousand rows or a hundred thousand, and only that row's store (and its observers) hears
/// of it. When elements come, go or move, every live store looks its element up by id.
@usableFromInline
final class ListElementStores<Child: Reducer>: SubscriberLifetime, @unchecked Sendable
where Child.State: Identifiable, Child.State.ID: Sendable {
  // @unchecked Sendable, safe: used only on the parent store's isolation (its `scope` and its
  // engine's commits), which every child store shares.

  @usableFromInline
  struct Entry {
    @usableFromInline weak var store: (any AnyObject & Sendable)?
    /// Used only while `store`, which owns it, is alive.
    @usableFromInline let engine: ChildEngine<Child>
    @usableFromInline let lifetime: ChildStoreLifetime

    @usableFromInline
    init(
      store: any AnyObject & Sendable,
      engine: ChildEngine<Child>,
      lifetime: ChildStoreLifetime
    ) {
      self.store = store
      self.engine = engine
      self.lifetime = lifetime
    }
  }

  @usableFromInline var entries: [Child.State.ID: Entry] = [:]
  /// The list as of the last commit the stores were told of.
  @usableFromInline var last: IdentifiedList<Child.State>

  @usableFromInline
  init(_ list: IdentifiedList<Child.State>) {
    last = list
  }

  /// Never ends: the table lives as long as the parent's engine, and costs a commit that left
  /// the list alone one comparison of the list's shared storage.
  @usableFromInline var isCancelled: Bool { false }

  /// The live store of `id`, if any.
  @inlinable
  func store<ChildStore: AnyObject>(_ id: Child.State.ID, as type: ChildStore.Type) -> ChildStore? {
    entries[id]?.store as? ChildStore
  }

  /// Keeps `store`, whose engine is `engine`, for the element `id`.
  @inlinable
  func keep(
    _ store: any AnyObject & Sendable,
    engine: ChildEngine<Child>,
    lifetime: ChildStoreLifetime,
    for id: Child.State.ID
  ) {
    entries[id] = Entry(store: store, engine: engine, lifetime: lifetime)
  }

  /// Commits into each live store the element that changed in `list` since the last commit.
  @inlinable
  func update(to list: IdentifiedList<Child.State>) {
    defer { last = list }
    guard let changed = list.changedIndices(since: last) else {
      return updateEveryStore(to: list)
    }
    for index in changed {
      let element = list[index]
      if let entry = entries[element.id] { commit(element, into: entry) }
    }
  }

  /// Elements came, went or moved: each live store finds its element by id. The store of an
  /// element that went has ended for good (it keeps its last state) and is forgotten, so that
  /// an element added again with its id gets a new store; released stores are forgotten too.
  @usableFromInline
  func updateEveryStore(to list: IdentifiedList<Child.State>) {
    entries = entries.filter { id, entry in
      guard entry.store != nil else { return false }
      if list[id: id] == nil { entry.lifetime.hasEnded = true }
      return !entry.lifetime.hasEnded
    }
    for (id, entry) in entries {
      if let element = list[id: id] { commit(element, into: entry) }
    }
  }

  @inlinable
  func commit(_ element: Child.State, into entry: Entry) {
    // Holding the store keeps its engine alive for the commit (see `ChildEngine`).
    guard let store = entry.store else { return }
    Unmanaged.passUnretained(entry.engine.engine)._withUnsafeGuaranteedRef {
      $0.replaceState(element)
    }
    extendLifetime(store)
  }
}
