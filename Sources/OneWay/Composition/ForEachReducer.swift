/// A parent reducer with a collection of children identified by id: each element runs the
/// child reducer on its own, with effects kept apart from every other element's (M2).
///
/// Build it with ``Reducer/forEach(_:action:extract:element:)``. An element action (the
/// element's id and a child action) reaches the child running on that element first (if an
/// element with that id is in the collection; otherwise the child ignores it), then the
/// parent, which can react to it, for example by removing the element.
///
/// The effects of each element are kept apart: every identifier inside an element's effects
/// (of `cancel`, `cancellable`, `debounce` and `throttle`) is scoped to that element, so two
/// elements that debounce, throttle or cancel under the same identifier never touch each
/// other. Every element effect is also registered under an identifier of the element, and the
/// reduce that removes an element from the collection cancels it: a removed element's pending
/// debounce never fires and its running effects deliver nothing more (C2).
///
/// A consequence of the scoping: a parent cannot cancel one element's effect by the child's
/// own identifier; it sends the element an action that does. The children's `bind()` is not
/// started. Finding an element in an array takes a linear search, and checking for removed
/// elements costs one comparison of the array when the parent did not change it (an array
/// compares its storage first) and a pass over it when it did. An ``IdentifiedList`` finds an
/// element by id, and checks for removals by comparing its ids, whose versions share storage:
/// neither grows with the list.
public struct ForEachReducer<Parent: Reducer, Elements, Child: Reducer>: Reducer
where
  Elements: MutableCollection & Equatable,
  Elements.Element == Child.State,
  Child.State: Identifiable,
  Child.State.ID: Sendable
{
  // Inlinable: every action of a composed feature goes through `reduce`, specialized for the
  // client's reducers.

  /// The parent's actions.
  public typealias Action = Parent.Action
  /// The parent's state.
  public typealias State = Parent.State
  /// The identifier of an element.
  public typealias ID = Child.State.ID

  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toElements: StateProjection<State, Elements>
  @usableFromInline let embed: @Sendable (ID, Child.Action) -> Action
  @usableFromInline let extract: @Sendable (Action) -> (id: ID, action: Child.Action)?
  /// The collection's key path, as the part of every element identifier that tells this
  /// collection from another.
  @usableFromInline let collectionID: AnyEffectID
  /// How an element is found by id, and how the parent's changes are checked for removals.
  @usableFromInline let lookup: ElementLookup<Elements>

  @usableFromInline
  init(
    parent: Parent,
    elements toElements: WritableKeyPath<State, Elements> & Sendable,
    action embed: @escaping @Sendable (ID, Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> (id: ID, action: Child.Action)?,
    child: Child
  ) {
    self.parent = parent
    self.child = child
    self.toElements = StateProjection(toElements)
    self.embed = embed
    self.extract = extract
    collectionID = AnyEffectID(toElements)
    lookup = ElementLookup()
  }

  /// Runs the child on the element an element action names, then the parent on every action;
  /// cancels the effects of every element the action removed.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: A parent action.
  /// - Returns: The element's effect (mapped to parent actions, its identifiers scoped to the
  ///   element), the parent's, then the cancellation of the removed elements' effects.
  @inlinable
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    var effects = EffectMerger<Action>()
    if let elementAction = extract(action) {
      let childEffect = toElements.modify(&state) { elements -> AnyEffect<Child.Action>? in
        guard let index = lookup.index(elementAction.id, elements) else { return nil }
        return child.reduce(state: &elements[index], action: elementAction.action)
      }
      if let childEffect { effects.append(elementEffect(childEffect, id: elementAction.id)) }
    }
    // Taken after the child ran (a child cannot remove its element), so that the child
    // changed its element in place; the parent's changes to the collection copy it.
    let before = toElements.get(&state)
    effects.append(parent.reduce(state: &state, action: action))
    let after = toElements.get(&state)
    if lookup.mayHaveRemoved(before, after) {
      for id in removedIDs(before: before, after: after) {
        effects.append(AnyEffect(.cancel(elementEffectsID(id))))
      }
    }
    return effects.merged
  }

  /// The parent's `bind()` effect; the elements' are not started.
  public func bind() -> AnyEffect<Action> {
    parent.bind()
  }

  /// The identifier every effect of the element `id` is registered under.
  @usableFromInline
  func elementEffectsID(_ id: ID) -> AnyEffectID {
    AnyEffectID(CompositionEffectID.element(collection: collectionID, element: AnyEffectID(id)))
  }

  /// An element's effect as the parent runs it: its actions embedded with the element's id,
  /// its identifiers scoped to the element, the whole registered under the element.
  @usableFromInline
  func elementEffect(_ effect: AnyEffect<Child.Action>, id: ID) -> AnyEffect<Action> {
    if effect.isNone { return .none }
    let element = AnyEffectID(id)
    let embed = embed
    return effect.rebuilt(
      mapping: { embed(id, $0) },
      rewritingIDs: { [collectionID] in
        AnyEffectID(
          CompositionEffectID.elementScoped(collection: collectionID, element: element, id: $0)
        )
      }
    )
    .registered(under: elementEffectsID(id))
  }

  /// The ids of the elements of `before` that `after` no longer has.
  @usableFromInline
  func removedIDs(before: Elements, after: Elements) -> [ID] {
    var remaining = Set<ID>(minimumCapacity: after.count)
    for element in after { remaining.insert(element.id) }
    var removed: [ID] = []
    for element in before where !remaining.contains(element.id) { removed.append(element.id) }
    return removed
  }
}

extension Reducer {
  // Inlinable: builds the operator's closures for the client's types; they run on every action.

  /// Embeds a collection of child features in this one, each element identified by its id,
  /// with its effects kept apart from every other element's and cancelled when it is removed.
  ///
  /// ```swift
  /// enum AppAction: Sendable {
  ///   case row(id: Row.State.ID, action: Row.Action)
  ///   case clearAll
  /// }
  ///
  /// let app = AppCore()
  ///   .forEach(
  ///     \.rows,
  ///     action: AppAction.row,
  ///     extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
  ///   ) {
  ///     Row()
  ///   }
  /// ```
  ///
  /// This reducer sees each element action after the element has reduced it, so it can
  /// react, for example by removing the element; the element's effects are then cancelled.
  ///
  /// - Parameters:
  ///   - elements: The key path of the collection in this reducer's state: an array, or any
  ///     mutable, equatable collection of identifiable child states.
  ///   - embed: The action case that carries an element's id and a child action, such as
  ///     `Action.row`.
  ///   - extract: The element id and child action that an action carries, or `nil` for an
  ///     action of another case.
  ///   - child: The child reducer, run for each element.
  /// - Returns: A reducer that runs the child on the element an action names, then this
  ///   reducer.
  @inlinable
  public func forEach<Elements, Child: Reducer>(
    _ elements: WritableKeyPath<State, Elements> & Sendable,
    action embed: @escaping @Sendable (Child.State.ID, Child.Action) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Child.State.ID, action: Child.Action)?,
    element child: () -> Child
  ) -> ForEachReducer<Self, Elements, Child>
  where
    Elements: MutableCollection & Equatable,
    Elements.Element == Child.State,
    Child.State: Identifiable,
    Child.State.ID: Sendable
  {
    ForEachReducer(
      parent: self,
      elements: elements,
      action: embed,
      extract: extract,
      child: child()
    )
  }
}

/// How ``ForEachReducer`` finds an element by id and tells whether the parent may have removed
/// elements: by a search and a comparison of the collection in general, through the id table
/// of an ``IdentifiedList``.
@usableFromInline
struct ElementLookup<Elements: Collection>: @unchecked Sendable
where Elements.Element: Identifiable {
  // @unchecked Sendable, safe: both closures capture nothing (see the initialisers).

  /// The index of the element with an id, if any.
  @usableFromInline let index: (Elements.Element.ID, Elements) -> Elements.Index?
  /// Whether the second collection may lack an id of the first.
  @usableFromInline let mayHaveRemoved: (Elements, Elements) -> Bool

  @usableFromInline
  init(
    index: @escaping (Elements.Element.ID, Elements) -> Elements.Index?,
    mayHaveRemoved: @escaping (Elements, Elements) -> Bool
  ) {
    self.index = index
    self.mayHaveRemoved = mayHaveRemoved
  }

  /// The lookup for `Elements`: through the id table for an ``IdentifiedList``, otherwise a
  /// linear search, and a comparison of the whole collection for removals.
  @usableFromInline
  init() where Elements: Equatable {
    // A stored closure of a generic struct has the same layout whatever the type arguments,
    // so the list's lookup is this type's once the cast has checked they are the same.
    if let list = IdentifiedLists.lookup(for: Elements.self) as? Self {
      self = list
      return
    }
    self.init(
      index: { id, elements in elements.firstIndex(where: { $0.id == id }) },
      mayHaveRemoved: { $0 != $1 }
    )
  }
}

/// The ``ElementLookup`` of a list type, made where its element type is known.
@usableFromInline
enum IdentifiedLists {
  /// The lookup of `type` if it is an ``IdentifiedList``, as `Any`; `nil` otherwise.
  @usableFromInline
  static func lookup<Elements>(for type: Elements.Type) -> Any? {
    guard let listType = type as? any IdentifiedListType.Type else { return nil }
    return listType.lookup
  }
}

/// What ``IdentifiedLists`` needs to name an ``IdentifiedList``'s lookup without knowing its
/// element type.
@usableFromInline
protocol IdentifiedListType {
  static var lookup: Any { get }
}

extension IdentifiedList: IdentifiedListType {
  @usableFromInline
  static var lookup: Any {
    ElementLookup<Self>(
      index: { id, list in list.index(id: id) },
      mayHaveRemoved: { $0.ids != $1.ids }
    )
  }
}
