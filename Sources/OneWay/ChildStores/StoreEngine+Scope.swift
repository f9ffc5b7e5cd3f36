/// Making the stores of an optional child and of a collection's elements (M4), for both front
/// doors: `Store` and `ViewStore` each pass their own way of making a child store (`make`), and
/// everything else (the refusal of a send whose state is gone, the projection, the table of
/// element stores by id) is done here, once.
extension StoreEngine {
  // Inlinable: called by the front doors' inlinable `scope`, so that the sends and projections
  // these make are compiled for the client's states and actions.

  /// Makes a child store of a child store's parts: its state and its `send`.
  @usableFromInline
  typealias MakeChild<Child: Reducer, ChildStore> = (
    Child.State,
    @escaping @Sendable (Child.Action) -> Void
  ) -> (store: ChildStore, engine: ChildEngine<Child>)

  /// The store of the optional child state at `state` while it is not `nil`, made by `make`;
  /// `nil` otherwise. Once the state becomes `nil`, the store has ended for good: it keeps its
  /// last state and refuses every send, naming `storeName`, even after a state comes back.
  @inlinable
  func optionalChildStore<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: KeyPath<State, Child.State?> & Sendable,
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (Child.Action) -> Action,
    storeName: String,
    make: MakeChild<Child, ChildStore>
  ) -> ChildStore? {
    guard let current = self.state[keyPath: state] else { return nil }
    let lifetime = ChildStoreLifetime()
    let child = make(
      current,
      guardedChildSend(
        parent: parent,
        embed: embed,
        storeName: storeName,
        reason: "its state at \(state) became nil",
        lifetime: lifetime,
        isPresent: { $0[keyPath: state] != nil }
      )
    )
    project(
      reading: { $0[keyPath: state] },
      into: child.engine,
      of: child.store,
      lifetime: lifetime
    )
    return child.store
  }

  /// One store per element of the collection at `state`, in its order: the live store of an
  /// id when there is one, otherwise a new one made by `make`. Each store projects its own
  /// element, found by id, and ends for good once its element is gone: it refuses every send,
  /// naming `storeName` and the id, and an element added again with that id gets a new store.
  @inlinable
  func elementStores<Elements: Collection, Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: KeyPath<State, Elements> & Sendable,
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    storeName: String,
    make: MakeChild<Child, ChildStore>
  ) -> [ChildStore]
  where
    Elements: Sendable, Elements.Element == Child.State, Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    if Elements.self == IdentifiedList<Child.State>.self {
      // Safe: the same key path object, now typed with the collection it was found to have.
      let list = unsafeDowncast(
        state,
        to: KeyPath<State, IdentifiedList<Child.State>>.self
      )
      return listElementStores(
        SendableKeyPath(list),
        parent: parent,
        embed: embed,
        storeName: storeName,
        make: make
      )
    }
    let elements = self.state[keyPath: state]
    let table: ElementStores = elementStoresTable(state) { ElementStores() }
    var ids = Set<AnyHashable>(minimumCapacity: elements.count)
    var result: [ChildStore] = []
    result.reserveCapacity(elements.count)
    for index in elements.indices {
      let element = elements[index]
      let id = element.id
      ids.insert(AnyHashable(id))
      if let existing = table.store(AnyHashable(id), as: ChildStore.self) {
        result.append(existing)
        continue
      }
      let finder = ElementFinder<Elements>(id: id, hint: index)
      let lifetime = ChildStoreLifetime()
      let child = make(
        element,
        guardedChildSend(
          parent: parent,
          embed: { embed(id, $0) },
          storeName: "\(storeName) of element \(id)",
          reason: "its element left \(state)",
          lifetime: lifetime,
          isPresent: { finder.find(in: $0[keyPath: state]) != nil }
        )
      )
      project(
        reading: { finder.find(in: $0[keyPath: state]) },
        into: child.engine,
        of: child.store,
        lifetime: lifetime
      )
      table.keep(child.store, lifetime: lifetime, for: AnyHashable(id))
      result.append(child.store)
    }
    table.prune(keeping: ids)
    return result
  }

  /// The stores of the elements of the ``IdentifiedList`` at `state`, in its order (see
  /// ``elementStores(_:parent:embed:storeName:make:)``): one table for the list tells a commit
  /// only to the stores of the elements that changed (see ``ListElementStores``).
  @inlinable
  func listElementStores<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: SendableKeyPath<State, IdentifiedList<Child.State>>,
    parent: ParentLink<Action>?,
    embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    storeName: String,
    make: MakeChild<Child, ChildStore>
  ) -> [ChildStore] where Child.State: Identifiable, Child.State.ID: Sendable {
    let list = self.state[keyPath: state.keyPath]
    let table = elementStoresTable(state.keyPath) {
      let table = ListElementStores<Child>(list)
      let reader = StoredValueReader(state.keyPath)
      addSubscriber(
        StateSubscriber(lifetime: table) { parentState in
          table.update(to: reader.read(parentState))
          return true
        }
      )
      return table
    }
    var result: [ChildStore] = []
    result.reserveCapacity(list.count)
    for element in list {
      let id = element.id
      if let existing = table.store(id, as: ChildStore.self) {
        result.append(existing)
        continue
      }
      let lifetime = ChildStoreLifetime()
      let child = make(
        element,
        guardedChildSend(
          parent: parent,
          embed: { embed(id, $0) },
          storeName: "\(storeName) of element \(id)",
          reason: "its element left \(state.keyPath)",
          lifetime: lifetime,
          isPresent: { $0[keyPath: state.keyPath].contains(id: id) }
        )
      )
      table.keep(child.store, engine: child.engine, lifetime: lifetime, for: id)
      result.append(child.store)
    }
    return result
  }

  /// The table of element stores of the collection at `keyPath`, made by `make` on first use.
  @inlinable
  func elementStoresTable<Table: AnyObject>(
    _ keyPath: AnyKeyPath,
    make: () -> Table
  ) -> Table {
    // Safe: each key path's table is made here, by the one kind of `scope` its collection's
    // type selects, so it always has the same type.
    if let table = elementStores[keyPath] { return unsafeDowncast(table, to: Table.self) }
    let table = make()
    elementStores[keyPath] = table
    return table
  }
}

/// A key path that is `Sendable`, as the key paths that `scope` takes are: made from one once
/// its value's type is known more precisely.
@usableFromInline
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
  // @unchecked Sendable, safe: made only from a key path the caller passed as `Sendable`.
  @usableFromInline let keyPath: KeyPath<Root, Value>

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
  }
}
