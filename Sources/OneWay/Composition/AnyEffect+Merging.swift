extension AnyEffect {
  // Inlinable: every composed reducer joins its children's effects with these, on every action.

  /// `first` and `second` merged in this order, where a `.none` on either side costs nothing:
  /// how composed reducers join a child's effect and a parent's without allocating when
  /// either has nothing to do (A7).
  @inlinable
  static func merging(_ first: AnyEffect, _ second: AnyEffect) -> AnyEffect {
    if second.isNone { return first }
    if first.isNone { return second }
    return AnyEffect(.merge(EffectChildren([first, second]), priority: .inherited))
  }

  /// This effect registered under `id`, or `.none` when there is nothing to register.
  @inlinable
  func registered(under id: AnyEffectID) -> AnyEffect {
    if isNone { return self }
    return AnyEffect(.cancellable(EffectChildren([self]), id: id, cancelInFlight: false))
  }
}

/// Collects effects to merge in order, allocating only once a second effect other than
/// `.none` arrives.
@usableFromInline
struct EffectMerger<Element: Sendable> {
  // Inlinable: see above.

  @usableFromInline var first = AnyEffect<Element>.none
  @usableFromInline var all: [AnyEffect<Element>] = []

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ effect: AnyEffect<Element>) {
    if effect.isNone { return }
    if first.isNone {
      first = effect
    } else {
      if all.isEmpty { all.append(first) }
      all.append(effect)
    }
  }

  /// The effects appended so far, merged in order.
  @inlinable
  var merged: AnyEffect<Element> {
    all.isEmpty ? first : AnyEffect(.merge(EffectChildren(all), priority: .inherited))
  }
}
