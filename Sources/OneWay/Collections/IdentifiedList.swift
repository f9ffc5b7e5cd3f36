/// An ordered collection of elements with unique ids, made for large lists in a state: a copy
/// costs O(1), changing one element of a copy costs O(log n), and two versions are compared by
/// visiting only what changed between them.
///
/// A store keeps the state before each reduce to compare it with the state after, so a plain
/// array of rows in a state is copied whole when the reducer changes one row, and compared row
/// by row afterwards. An `IdentifiedList` is a persistent vector: copies share their storage,
/// a change copies only the path to the element it changes (a few nodes of 32), and `==`
/// skips the parts the two versions still share.
///
/// ```swift
/// struct Row: Identifiable, Equatable, Sendable {
///   let id: Int
///   var title: String
/// }
///
/// var rows: IdentifiedList = [Row(id: 1, title: "One"), Row(id: 2, title: "Two")]
/// let before = rows
/// rows[id: 2]?.title = "Deux"
/// print(rows.changedIndices(since: before) ?? [])  // [1]
/// print(rows.ids == before.ids)  // true, without comparing an id
/// ```
///
/// Ids are unique: adding an element whose id is already in the list is a precondition
/// failure that names the id, and decoding one is a `DecodingError`.
///
/// What each operation costs:
/// - Reading an element by index, or by id: O(log n).
/// - Changing an element (by index or by id) without changing its id: O(log n).
/// - Appending, removing the last element, changing an element's id, swapping two elements:
///   O(log n) when no other version shares the table of ids, O(n) the first time after a copy
///   (the table is copied once, then changed in place).
/// - Inserting or removing anywhere else: O(n), the list is rebuilt.
/// - `==`, ``changedIndices(since:)``: O(changed elements × log n) between versions that
///   share storage; O(n) otherwise.
///
/// Generic algorithms of `MutableCollection` that write an element over another with the same
/// id before moving the other away would put one id twice in the list, and stop on the
/// precondition; the list's own `sort(by:)` and `swapAt(_:_:)` do not.
public struct IdentifiedList<Element: Identifiable> {
  /// The type of the elements' ids.
  public typealias ID = Element.ID

  var elements: PersistentVector<Element>

  /// The ids of the elements, in order.
  ///
  /// Two lists' `ids` compare in O(1) when the lists are versions of each other whose ids were
  /// not changed in between, which makes it the value to observe for a view that shows one
  /// row per element.
  public internal(set) var ids: IDs

  /// An empty list.
  public init() {
    elements = PersistentVector()
    ids = IDs()
  }

  /// A list of these elements, whose ids must be unique; an id found twice is a precondition
  /// failure that names it.
  public init<S: Sequence>(uniqueElements: S) where S.Element == Element {
    do {
      self = try Self(validating: ContiguousArray(uniqueElements))
    } catch {
      preconditionFailure(error.message)
    }
  }

  /// A list of these elements, or an error that names the first id found twice.
  init(validating elements: ContiguousArray<Element>) throws(DuplicateIDError) {
    ids = try IDs(validating: ContiguousArray(elements.lazy.map(\.id)))
    self.elements = PersistentVector(elements)
  }

  /// The element with this id, or `nil`, in O(log n).
  ///
  /// Setting an element replaces the one with this id, or appends it when there is none;
  /// setting `nil` removes the element (O(n) unless it is the last one). The element set must
  /// have this id.
  public subscript(id id: Element.ID) -> Element? {
    get {
      ids.firstIndex(of: id).map { elements[$0] }
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      precondition(
        newValue.id == id,
        "IdentifiedList: subscript(id: \(id)) was given an element whose id is \(newValue.id)"
      )
      if let index = ids.firstIndex(of: id) {
        elements.set(newValue, at: index)
      } else {
        append(newValue)
      }
    }
  }

  /// The index of the element with this id, in O(1).
  public func index(id: Element.ID) -> Int? {
    ids.firstIndex(of: id)
  }

  /// Whether the list has an element with this id, in O(1).
  public func contains(id: Element.ID) -> Bool {
    ids.contains(id)
  }

  /// Removes the element with this id and returns it, or returns `nil` when there is none.
  ///
  /// O(log n) for the last element, O(n) for any other: the list is rebuilt.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let index = ids.firstIndex(of: id) else { return nil }
    return remove(at: index)
  }

  /// Adds an element at the end, in O(log n) (see the costs of ``IdentifiedList``); its id
  /// must not be in the list yet.
  public mutating func append(_ element: Element) {
    if let existing = ids.firstIndex(of: element.id) {
      preconditionFailure(
        "IdentifiedList: the id \(element.id) is already at index \(existing); ids must be unique"
      )
    }
    elements.append(element)
    ids.append(element.id)
  }

  /// Exchanges the elements at two indices, in O(log n) (see the costs of ``IdentifiedList``).
  public mutating func swapAt(_ i: Int, _ j: Int) {
    checkIndex(i)
    checkIndex(j)
    guard i != j else { return }
    let first = elements[i]
    elements.set(elements[j], at: i)
    elements.set(first, at: j)
    ids.swapAt(i, j)
  }

  /// Sorts the list in place, in O(n log n).
  ///
  /// The sort works on a copy and rebuilds the list, since the element-by-element writes of
  /// `MutableCollection`'s sort would put an id twice in the list on the way.
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    let sorted = try self.sorted(by: areInIncreasingOrder)
    self = Self(uniqueElements: sorted)
  }

  func checkIndex(_ index: Int) {
    precondition(
      index >= 0 && index < elements.count,
      "IdentifiedList: index \(index) is out of range 0..<\(elements.count)"
    )
  }

  /// Gives the element at `index` a new id in the table; the id must not be anywhere else.
  mutating func replaceID(at index: Int, with id: Element.ID) {
    if let existing = ids.firstIndex(of: id) {
      preconditionFailure(
        "IdentifiedList: the id \(id) is already at index \(existing); ids must be unique"
      )
    }
    ids.replace(at: index, with: id)
  }
}

extension IdentifiedList where Element: Comparable {
  /// Sorts the list in place in increasing order, in O(n log n).
  public mutating func sort() {
    sort(by: <)
  }
}

// Here rather than with the other conformances: a checked `Sendable` conformance must be in the
// file that declares the type.
extension IdentifiedList: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedList: RandomAccessCollection, MutableCollection {
  /// The position of the first element: 0.
  public var startIndex: Int { 0 }

  /// The position after the last element: the count.
  public var endIndex: Int { elements.count }

  /// The element at `position`, in O(log n).
  ///
  /// Setting an element with another id gives that position the new id; the new id must not
  /// be anywhere else in the list.
  public subscript(position: Int) -> Element {
    get {
      checkIndex(position)
      return elements[position]
    }
    set {
      checkIndex(position)
      if newValue.id != ids[position] { replaceID(at: position, with: newValue.id) }
      elements.set(newValue, at: position)
    }
    _modify {
      checkIndex(position)
      // The element is changed where it is stored, after its path has been made this list's
      // own, so that changing a field of a large element does not copy the element.
      let leaf = elements.uniqueLeaf(at: position)
      let slot = position & PersistentVector<Element>.mask
      let id = ids[position]
      defer {
        let newID = leaf.elements[slot].id
        if newID != id { replaceID(at: position, with: newID) }
      }
      yield &leaf.elements[slot]
    }
  }
}

extension IdentifiedList: RangeReplaceableCollection {
  /// Replaces the elements in `subrange` with `newElements`; every id of the result must be
  /// unique.
  ///
  /// O(log n) per element to append at the end or to remove from the end, and to replace
  /// elements by elements with the same ids; O(n) otherwise, the list is rebuilt.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>,
    with newElements: C
  ) where C.Element == Element {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= elements.count,
      "IdentifiedList: range \(subrange) is out of range 0..<\(elements.count)"
    )
    if subrange.lowerBound == elements.count {
      for element in newElements { append(element) }
    } else if newElements.isEmpty && subrange.upperBound == elements.count {
      for _ in subrange {
        elements.removeLast()
        ids.removeLast()
      }
    } else if newElements.count == subrange.count
      && zip(subrange, newElements).allSatisfy({ ids[$0] == $1.id })
    {
      for (index, element) in zip(subrange, newElements) { elements.set(element, at: index) }
    } else {
      var all = Array(self)
      all.replaceSubrange(subrange, with: newElements)
      self = Self(uniqueElements: all)
    }
  }
}

extension IdentifiedList {
  /// Removes every element, in O(1): the list lets go of its storage, which other versions may
  /// still hold.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self = Self()
  }
}

extension IdentifiedList: ExpressibleByArrayLiteral {
  /// A list of these elements, whose ids must be unique.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}
