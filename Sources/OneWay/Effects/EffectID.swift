/// A type-erased effect identifier that stays `Sendable` without an unchecked conformance.
///
/// Two identifiers are equal when they have exactly the same dynamic type and that type's `==`
/// says so: ids of different types (a class and its subclass included) are different ids, so
/// equality stays symmetric and agrees with the hash.
@usableFromInline
struct AnyEffectID: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let base: any Hashable & Sendable

  // Inlinable, so that the check below is resolved for the caller's concrete id type instead
  // of being a dynamic cast on every effect made with an identifier.
  @inlinable
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
    // Both values have the same dynamic type, checked above: each is opened, and the right one
    // is read as the left one's type, without a dynamic cast.
    func isEqual<Left: Hashable>(_ left: Left) -> Bool {
      func compare<Right: Hashable>(_ right: Right) -> Bool {
        withUnsafePointer(to: right) {
          $0.withMemoryRebound(to: Left.self, capacity: 1) { left == $0.pointee }
        }
      }
      return compare(rhs.base)
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
