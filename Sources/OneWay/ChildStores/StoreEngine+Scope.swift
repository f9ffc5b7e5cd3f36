/// The child stores of every front door (M3, M4), written once: `Store` and `ViewStore` each
/// call these from their `scope`, on their own isolation, with their own way of making a child
/// store in front of a child engine (`make`); everything else (the child's engine and link, the
/// refusal of a send whose state is gone, the projection, the table of element stores by id)
/// is done here.
extension StoreEngine {
  // Inlinable: called by the front doors' inlinable `scope`, so that the sends and projections
  // these make are compiled for the client's states and actions.

  /// A front door's way of making a child store of its own kind, in front of a child engine
  /// (made with ``init(childState:isolation:)``) that reaches its parent through the link.
  @usableFromInline
  typealias MakeChild<Child: Reducer, ChildStore> = (
    sending StoreEngine<Child>,
    ParentLink<Child.Action>
  ) -> ChildStore

  /// The store of the child state at `state` (M3), made by `make` in front of a child engine
  /// on this engine's isolation; `store` is the front door in front of this engine, and
  /// `parent` its own link when it is itself a child.
  @inlinable
  func childStore<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: KeyPath<State, Child.State> & Sendable,
    embed: @escaping @Sendable (Child.Action) -> Action,
    of store: any AnyObject & Sendable,
    parent: ParentLink<Action>?,
    make: MakeChild<Child, ChildStore>
  ) -> ChildStore {
    let child = makeChild(
      self.state[keyPath: state],
      send: childSend(parent: parent, embed: embed),
      of: store,
      parent: parent,
      make: make
    )
    project(state, into: child.engine, of: child.store)
    return child.store
  }

  /// The store of the optional child state at `state` while it is not `nil`, made as
  /// ``childStore(_:embed:of:parent:make:)`` makes one; `nil` otherwise. Once the state becomes
  /// `nil`, the store has ended for good: it keeps its last state and refuses every send, even
  /// after a state comes back.
  @inlinable
  func optionalChildStore<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: KeyPath<State, Child.State?> & Sendable,
    embed: @escaping @Sendable (Child.Action) -> Action,
    of store: any AnyObject & Sendable,
    parent: ParentLink<Action>?,
    make: MakeChild<Child, ChildStore>
  ) -> ChildStore? {
    guard let current = self.state[keyPath: state] else { return nil }
    let lifetime = ChildStoreLifetime()
    let child = makeChild(
      current,
      send: guardedChildSend(
        parent: parent,
        embed: embed,
        storeName: "\(ChildStore.self)",
        reason: "its state at \(state) became nil",
        lifetime: lifetime,
        isPresent: { $0[keyPath: state] != nil }
      ),
      of: store,
      parent: parent,
      make: make
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
  /// id when there is one, otherwise a new one made as ``childStore(_:embed:of:parent:make:)``
  /// makes one. Each store projects its own element, found by id, and ends for good once its
  /// element is gone: it refuses every send, naming the id, and an element added again with
  /// that id gets a new store.
  @inlinable
  func elementStores<
    Elements: Collection,
    Child: Reducer,
    ChildStore: AnyObject & Sendable
  >(
    _ state: KeyPath<State, Elements> & Sendable,
    embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    of store: any AnyObject & Sendable,
    parent: ParentLink<Action>?,
    make: @escaping MakeChild<Child, ChildStore>
  ) -> [ChildStore]
  where
    Elements: Sendable, Elements.Element == Child.State, Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    let front = FrontDoorParts(store: store, parent: parent, make: make)
    if Elements.self == IdentifiedList<Child.State>.self {
      // Safe: the same key path object, now typed with the collection it was found to have.
      let list = unsafeDowncast(
        state,
        to: KeyPath<State, IdentifiedList<Child.State>>.self
      )
      return listElementStores(SendableKeyPath(list), embed: embed, front: front)
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
      let child = makeElementStore(
        element,
        of: state,
        embed: embed,
        front: front,
        isPresent: { finder.find(in: $0[keyPath: state]) != nil }
      )
      project(
        reading: { finder.find(in: $0[keyPath: state]) },
        into: child.engine,
        of: child.store,
        lifetime: child.lifetime
      )
      table.keep(child.store, lifetime: child.lifetime, for: AnyHashable(id))
      result.append(child.store)
    }
    table.prune(keeping: ids)
    return result
  }

  /// The stores of the elements of the ``IdentifiedList`` at `state`, in its order (see
  /// ``elementStores(_:embed:of:parent:make:)``): one table for the list tells a commit only to
  /// the stores of the elements that changed (see ``ListElementStores``).
  @inlinable
  func listElementStores<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ state: SendableKeyPath<State, IdentifiedList<Child.State>>,
    embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    front: FrontDoorParts<Child, ChildStore>
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
      let child = makeElementStore(
        element,
        of: state.keyPath,
        embed: embed,
        front: front,
        isPresent: { $0[keyPath: state.keyPath].contains(id: id) }
      )
      table.keep(child.store, engine: child.engine, lifetime: child.lifetime, for: id)
      result.append(child.store)
    }
    return result
  }

  /// A new store of `element` of the collection at `collection`, whose send is refused once
  /// `isPresent` no longer finds the element; the caller projects the element into it.
  @inlinable
  func makeElementStore<Child: Reducer, ChildStore: AnyObject & Sendable>(
    _ element: Child.State,
    of collection: AnyKeyPath,
    embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    front: FrontDoorParts<Child, ChildStore>,
    isPresent: @escaping @Sendable (State) -> Bool
  ) -> (store: ChildStore, engine: ChildEngine<Child>, lifetime: ChildStoreLifetime)
  where Child.State: Identifiable, Child.State.ID: Sendable {
    let id = element.id
    let lifetime = ChildStoreLifetime()
    let child = makeChild(
      element,
      send: guardedChildSend(
        parent: front.parent,
        embed: { embed(id, $0) },
        storeName: "\(ChildStore.self) of element \(id)",
        reason: "its element left \(collection)",
        lifetime: lifetime,
        isPresent: isPresent
      ),
      of: front.store,
      parent: front.parent,
      make: front.make
    )
    return (child.store, child.engine, lifetime)
  }

  /// Makes a child store that starts from `state`, on this engine's isolation, and sends
  /// through `send`: its engine and its link to `store` (whose own link is `parent`), and the
  /// front door's store in front of them, made by `make`.
  @inlinable
  func makeChild<Child: Reducer, ChildStore>(
    _ state: Child.State,
    send: @escaping @Sendable (Child.Action) -> Void,
    of store: any AnyObject & Sendable,
    parent: ParentLink<Action>?,
    make: MakeChild<Child, ChildStore>
  ) -> (store: ChildStore, engine: ChildEngine<Child>) {
    let isolation = self.isolation
    let childEngine = StoreEngine<Child>(childState: state, isolation: isolation)
    let projected = ChildEngine(childEngine)
    let link = ParentLink(
      send: send,
      parentStore: store,
      parentEngine: self,
      parentLink: parent,
      isolation: isolation
    )
    return (make(childEngine, link), projected)
  }

  /// What the element stores of one `scope` call need of the front door that makes them: the
  /// store in front of this engine, its own link, and its way of making a child store.
  @usableFromInline
  struct FrontDoorParts<Child: Reducer, ChildStore> {
    @usableFromInline let store: any AnyObject & Sendable
    @usableFromInline let parent: ParentLink<Action>?
    @usableFromInline let make: MakeChild<Child, ChildStore>

    @inlinable
    init(
      store: any AnyObject & Sendable,
      parent: ParentLink<Action>?,
      make: @escaping MakeChild<Child, ChildStore>
    ) {
      self.store = store
      self.parent = parent
      self.make = make
    }
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
