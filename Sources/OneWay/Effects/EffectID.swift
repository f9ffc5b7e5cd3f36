/// A type-erased effect identifier that stays `Sendable` without an unchecked conformance.
///
/// Equality opens both existentials: two identifiers are equal when they have the same dynamic
/// type and that type's `==` says so.
@usableFromInline
struct AnyEffectID: Hashable, Sendable, CustomStringConvertible {
  let base: any Hashable & Sendable

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    if let erased = base as? AnyEffectID {
      self = erased
    } else {
      self.base = base
    }
  }

  @usableFromInline
  static func == (lhs: AnyEffectID, rhs: AnyEffectID) -> Bool {
    func isEqual<Base: Hashable>(_ lhs: Base) -> Bool {
      guard let rhs = rhs.base as? Base else { return false }
      return lhs == rhs
    }
    return isEqual(lhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  @usableFromInline
  var description: String { String(describing: base) }
}
