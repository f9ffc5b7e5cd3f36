extension IdentifiedList {
  /// Iterates over the elements in order, one leaf of the trie at a time, so that a whole
  /// iteration costs O(n) rather than a lookup from the root for each element.
  public struct Iterator: IteratorProtocol {
    let elements: PersistentVector<Element>
    var index = 0
    var leaf: ContiguousArray<Element> = []
    var slot = 0

    init(_ elements: PersistentVector<Element>) {
      self.elements = elements
    }

    /// The next element, or `nil` after the last one.
    public mutating func next() -> Element? {
      guard index < elements.count else { return nil }
      if slot == leaf.count {
        leaf = elements.leaf(at: index).elements
        slot = 0
      }
      defer {
        index += 1
        slot += 1
      }
      return leaf[slot]
    }
  }

  /// An iterator over the elements in order.
  public func makeIterator() -> Iterator {
    Iterator(elements)
  }
}

extension IdentifiedList where Element: Equatable {
  /// The indices whose elements differ from `old`'s, in increasing order, or `nil` when the
  /// two lists do not have the same ids in the same order.
  ///
  /// Between versions of one list, only the storage they do not share is visited: after a
  /// change of a few elements this costs O(changed elements × log n), whatever the list's
  /// size. A store calls it after a reduce to find the rows to update; an element set to an
  /// equal value is not reported.
  public func changedIndices(since old: IdentifiedList) -> [Int]? {
    guard ids == old.ids else { return nil }
    var changed: [Int] = []
    elements.forEachDifference(from: old.elements, differ: { $0 != $1 }) { index in
      changed.append(index)
      return true
    }
    return changed
  }
}

extension IdentifiedList: Equatable where Element: Equatable {
  /// Equal when both hold equal elements in the same order. Between versions of one list, only
  /// the storage they do not share is compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var equal = true
    lhs.elements.forEachDifference(from: rhs.elements, differ: { $0 != $1 }) { _ in
      equal = false
      return false
    }
    return equal
  }
}

extension IdentifiedList: Hashable where Element: Hashable {
  /// Hashes the elements in order, as an array does.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedList: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: self)
  }
}

extension IdentifiedList: Decodable where Element: Decodable {
  /// Decodes an array of elements; an id found twice is a `DecodingError.dataCorrupted` that
  /// names it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    do {
      self = try Self(validating: ContiguousArray(elements))
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }
}

extension IdentifiedList: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements, printed like an array's.
  public var description: String {
    Array(self).description
  }

  /// The elements, printed like an array's.
  public var debugDescription: String {
    Array(self).debugDescription
  }
}

extension IdentifiedList: CustomReflectable {
  /// The elements as a collection, so that `dump` and the tools built on reflection show the
  /// elements, never the trie that stores them.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
