extension IdentifiedList {
  /// The ids of a list's elements, in the list's order.
  ///
  /// Observe a list's `ids` where only membership and order matter, such as the rows a list
  /// view shows: versions of a list whose ids were not changed in between share one table of
  /// ids, and two `IDs` that share it compare equal at once, whatever the list's size. Others
  /// are compared id by id.
  ///
  /// `contains(_:)` and `firstIndex(of:)` look an id up in the table: O(1).
  public struct IDs: RandomAccessCollection, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible
  {
    /// The ids in order and the index of each, shared by every version of a list that has
    /// these ids in this order: the identity of the table is what makes `==` O(1).
    final class Table {
      var order: ContiguousArray<ID>
      var positions: [ID: Int]

      init(order: ContiguousArray<ID>, positions: [ID: Int]) {
        self.order = order
        self.positions = positions
      }
    }

    var table: Table

    /// No ids.
    init() {
      table = Table(order: [], positions: [:])
    }

    /// These ids, or an error that names the first id found twice.
    init(validating order: ContiguousArray<ID>) throws(DuplicateIDError) {
      var positions = [ID: Int](minimumCapacity: order.count)
      for (index, id) in order.enumerated() {
        if let first = positions.updateValue(index, forKey: id) {
          throw DuplicateIDError(id: id, first: first, second: index)
        }
      }
      table = Table(order: order, positions: positions)
    }

    /// The table, copied first if another version shares it: a change of ids must never reach
    /// a version that shares the table, since sharing it means having the same ids.
    private mutating func uniqueTable() -> Table {
      if !isKnownUniquelyReferenced(&table) {
        table = Table(order: table.order, positions: table.positions)
      }
      return table
    }

    /// Adds an id at the end; the caller has checked that it is new.
    mutating func append(_ id: ID) {
      let table = uniqueTable()
      table.positions[id] = table.order.count
      table.order.append(id)
    }

    /// Removes the last id.
    mutating func removeLast() {
      let table = uniqueTable()
      table.positions[table.order.removeLast()] = nil
    }

    /// Puts `id` at `index` in place of the id there; the caller has checked that it is new.
    mutating func replace(at index: Int, with id: ID) {
      let table = uniqueTable()
      table.positions[table.order[index]] = nil
      table.positions[id] = index
      table.order[index] = id
    }

    /// Exchanges the ids at two indices.
    mutating func swapAt(_ first: Int, _ second: Int) {
      let table = uniqueTable()
      table.order.swapAt(first, second)
      table.positions[table.order[first]] = first
      table.positions[table.order[second]] = second
    }

    /// The position of the first id: 0.
    public var startIndex: Int { 0 }

    /// The position after the last id: the count.
    public var endIndex: Int { table.order.count }

    /// The id at `position`.
    public subscript(position: Int) -> ID {
      table.order[position]
    }

    /// An iterator over the ids in order.
    public func makeIterator() -> IndexingIterator<ContiguousArray<ID>> {
      table.order.makeIterator()
    }

    /// Whether the list has an element with this id, in O(1).
    public func contains(_ id: ID) -> Bool {
      table.positions[id] != nil
    }

    /// The index of the element with this id, in O(1).
    public func firstIndex(of id: ID) -> Int? {
      table.positions[id]
    }

    /// Equal when both hold the same ids in the same order: in O(1) when they share a table,
    /// that is when they come from versions of a list whose ids were not changed in between;
    /// id by id otherwise.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.table === rhs.table || lhs.table.order == rhs.table.order
    }

    /// Hashes the ids in order.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(table.order)
    }

    /// The ids, printed like an array's.
    public var description: String {
      Array(table.order).description
    }

    /// The ids, printed like an array's.
    public var debugDescription: String {
      Array(table.order).debugDescription
    }
  }

}

// The table is written only after `isKnownUniquelyReferenced` has said that these ids hold the
// only reference to it, so a table reachable from two values, and so from two threads, is only
// ever read.
extension IdentifiedList.IDs: @unchecked Sendable where Self.Element: Sendable {}

/// Why a list cannot be made of some elements: an id is found twice. It keeps only its message,
/// since an error must be sendable and an id need not be. Not nested in `IdentifiedList`: Swift
/// 6.3's optimizer crashes on a typed throw of a generic error type (a release build fails).
struct DuplicateIDError: Error {
  let message: String

  init(id: some Any, first: Int, second: Int) {
    message =
      "IdentifiedList: the id \(id) is at index \(first) and at index \(second); ids must be unique"
  }
}
