/// The child stores of a collection's elements, by id, held weakly, so that the same id gives
/// the same store while it lives and its element stays (M4); kept by the parent's engine, one
/// table per collection.
@usableFromInline
final class ElementStores: @unchecked Sendable {
  // Used only on the store's isolation.
  @usableFromInline
  struct Entry {
    @usableFromInline weak var store: (any AnyObject & Sendable)?
    @usableFromInline let lifetime: ChildStoreLifetime

    @usableFromInline
    init(_ store: any AnyObject & Sendable, lifetime: ChildStoreLifetime) {
      self.store = store
      self.lifetime = lifetime
    }
  }

  @usableFromInline var stores: [AnyHashable: Entry] = [:]

  @usableFromInline init() {}

  /// The live store of `id`, if any; never one that ended, whose element left the collection
  /// before one with the same id came back.
  @inlinable
  func store<S: AnyObject>(_ id: AnyHashable, as type: S.Type) -> S? {
    guard let entry = stores[id], !entry.lifetime.hasEnded else { return nil }
    return entry.store as? S
  }

  /// Keeps `store`, whose lifetime is `lifetime`, for `id`.
  @inlinable
  func keep(_ store: any AnyObject & Sendable, lifetime: ChildStoreLifetime, for id: AnyHashable) {
    stores[id] = Entry(store, lifetime: lifetime)
  }

  /// Forgets the stores of ids that are no longer in the collection, and those released.
  @inlinable
  func prune(keeping ids: Set<AnyHashable>) {
    stores = stores.filter { ids.contains($0.key) && $0.value.store != nil }
  }
}

/// Finds an element by id, starting at the index where it was last seen.
@usableFromInline
final class ElementFinder<Elements: Collection>: @unchecked Sendable
where Elements.Element: Identifiable {
  // Used only on the store's isolation.
  @usableFromInline let id: Elements.Element.ID
  @usableFromInline var hint: Elements.Index?

  @usableFromInline
  init(id: Elements.Element.ID, hint: Elements.Index?) {
    self.id = id
    self.hint = hint
  }

  /// The element with the finder's id, or `nil` when the collection no longer has it.
  @inlinable
  func find(in elements: Elements) -> Elements.Element? {
    if let hint, elements.indices.contains(hint), elements[hint].id == id {
      return elements[hint]
    }
    guard let index = elements.firstIndex(where: { $0.id == id }) else { return nil }
    hint = index
    return elements[index]
  }
}
