/// A type-erased effect identifier that stays `Sendable` without an unchecked conformance.
///
/// Two identifiers are equal when they have exactly the same dynamic type and that type's `==`
/// says so: ids of different types (a class and its subclass included) are different ids, so
/// equality stays symmetric and agrees with the hash.
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
    guard type(of: lhs.base) == type(of: rhs.base) else { return false }
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
