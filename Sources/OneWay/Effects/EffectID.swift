/// A type-erased effect identifier that stays `Sendable` without an unchecked conformance.
///
/// Two identifiers are equal when they have exactly the same dynamic type and that type's `==`
/// says so: ids of different types (a class and its subclass included) are different ids, so
/// equality stays symmetric and agrees with the hash.
@usableFromInline
struct AnyEffectID: Hashable, Sendable, CustomStringConvertible {
  // Inlinable (`init`): made by every `cancellable`, `cancel`, `debounce` and `throttle`.

  @usableFromInline let base: any Hashable & Sendable
  /// The hash of `base` and its dynamic type, computed once, when the identifier is made.
  ///
  /// The registry looks an identifier up several times in an effect's life (registered,
  /// cancelled, finished); hashing the opened existential each time cost far more than hashing
  /// one `Int`. Equal identifiers have the same dynamic
  /// type and equal values, so they have the same `hashCode`, and two different codes rule
  /// out equality without opening either value.
  @usableFromInline let hashCode: Int

  // Inlinable, so that the check and the hash below are resolved for the caller's concrete id
  // type instead of being a dynamic cast and an opened existential on every effect made with
  // an identifier.
  @inlinable
  init<Base: Hashable & Sendable>(_ base: Base) {
    if let erased = base as? AnyEffectID {
      self = erased
    } else {
      var hasher = Hasher()
      hasher.combine(ObjectIdentifier(type(of: base)))
      base.hash(into: &hasher)
      self.base = base
      self.hashCode = hasher.finalize()
    }
  }

  @usableFromInline
  static func == (lhs: AnyEffectID, rhs: AnyEffectID) -> Bool {
    guard lhs.hashCode == rhs.hashCode, type(of: lhs.base) == type(of: rhs.base) else {
      return false
    }
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
    hasher.combine(hashCode)
  }

  @usableFromInline
  var description: String { String(describing: base) }
}
