/// The private identifiers under which composition operators register their children's
/// effects, so that they can cancel them or keep them apart.
///
/// Each is derived from where the child lives in the parent's state (the key path), so two
/// operators on different paths never share one, and no user identifier can equal one (the
/// type is internal).
@usableFromInline
enum CompositionEffectID: Hashable, Sendable {
  /// Every effect of the optional child at a key path (``IfLetReducer``).
  case presence(path: AnyEffectID)
  /// Every effect of the element `element` of the collection at a key path
  /// (``ForEachReducer``).
  case element(collection: AnyEffectID, element: AnyEffectID)
  /// The element's own identifier `id`, seen from outside the element: the same `id` used by
  /// another element is another identifier.
  case elementScoped(collection: AnyEffectID, element: AnyEffectID, id: AnyEffectID)
}
