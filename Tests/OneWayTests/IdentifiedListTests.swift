import Foundation
import OneWay
import Testing

/// `IdentifiedList`: an ordered collection of unique ids whose versions share storage.
@Suite struct IdentifiedListTests {
  struct Row: Identifiable, Equatable, Hashable, Codable, Sendable {
    let id: Int
    var title: String
  }

  /// Counts the comparisons made through the elements or ids that hold it: the cost of `==`
  /// and of `changedIndices(since:)` without timing anything.
  final class Probe {
    var comparisons = 0
  }

  struct ProbedID: Hashable {
    let value: Int
    let probe: Probe

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.probe.comparisons += 1
      return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(value)
    }
  }

  struct ProbedRow: Identifiable, Equatable {
    let id: ProbedID
    var title: String

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id.probe.comparisons += 1
      return lhs.id.value == rhs.id.value && lhs.title == rhs.title
    }
  }

  static func rows(_ range: Range<Int>) -> [Row] {
    range.map { Row(id: $0, title: "row \($0)") }
  }

  static func probedRows(_ count: Int, probe: Probe) -> IdentifiedList<ProbedRow> {
    IdentifiedList(
      uniqueElements: (0..<count).map {
        ProbedRow(id: ProbedID(value: $0, probe: probe), title: "row \($0)")
      }
    )
  }

  // MARK: - Value semantics

  @Test(arguments: [1, 32, 33, 1_024, 1_025, 40_000])
  func aChangedCopyLeavesTheOriginalUnchanged(size: Int) {
    let rows = Self.rows(0..<size)
    let original = IdentifiedList(uniqueElements: rows)
    var copy = original
    copy[size - 1].title = "changed"
    copy[id: 0]?.title = "changed too"
    copy[size / 2] = Row(id: -1, title: "another id")
    copy.append(Row(id: size, title: "appended"))
    copy.swapAt(0, size - 1)
    IdentifiedListModelTests.expectSame(original, rows)
    #expect(copy != original)
    #expect(copy.count == size + 1)
  }

  /// Copies of one list changed on several threads at once: each copies the nodes it changes
  /// and never writes a node the others read (the thread sanitizer checks the suite).
  @Test func copiesChangedOnSeveralThreadsAtOnceStayApart() async {
    let shared = IdentifiedList(uniqueElements: Self.rows(0..<10_000))
    let lists = await withTaskGroup(of: IdentifiedList<Row>.self) { group in
      for task in 0..<4 {
        group.addTask {
          var list = shared
          for index in stride(from: task, to: 10_000, by: 97) { list[index].title = "\(task)" }
          list.append(Row(id: 10_000 + task, title: "appended"))
          list.removeLast()
          return list
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(shared == IdentifiedList(uniqueElements: Self.rows(0..<10_000)))
    for list in lists {
      #expect(list.changedIndices(since: shared)?.count == (10_000 + 96) / 97)
    }
  }

  // MARK: - changedIndices(since:)

  @Test func changedIndicesAreExactlyTheChangedOnes() {
    let original = IdentifiedList(uniqueElements: Self.rows(0..<100_000))
    for changes in [[70_000], [3, 99_999], Array(stride(from: 7, to: 100_000, by: 2_000))] {
      var list = original
      for index in changes { list[index].title = "changed" }
      #expect(list.changedIndices(since: original) == changes)
      #expect(original.changedIndices(since: list) == changes)
    }
  }

  @Test func changedIndicesAreNilWhenTheIDsDiffer() {
    let original = IdentifiedList(uniqueElements: Self.rows(0..<2_000))
    var inserted = original
    inserted.insert(Row(id: -1, title: "new"), at: 10)
    var removed = original
    removed.remove(at: 10)
    var reordered = original
    reordered.swapAt(1, 2)
    var renamed = original
    renamed[5] = Row(id: -5, title: "row 5")
    for list in [inserted, removed, reordered, renamed] {
      #expect(list.changedIndices(since: original) == nil)
    }
  }

  @Test func changedIndicesAreEmptyForEqualVersions() {
    let original = IdentifiedList(uniqueElements: Self.rows(0..<2_000))
    #expect(original.changedIndices(since: original) == [])
    var reassigned = original
    reassigned[1_500] = original[1_500]
    reassigned[id: 7] = original[7]
    reassigned[3].title = "row 3"
    #expect(reassigned.changedIndices(since: original) == [])
    #expect(reassigned == original)
    let rebuilt = IdentifiedList(uniqueElements: Self.rows(0..<2_000))
    #expect(rebuilt.changedIndices(since: original) == [])
  }

  // MARK: - What a change costs

  /// A set on a shared list of 100,000 copies only the path to the element: `==` then compares
  /// the one leaf (32 elements) that differs, and every other node is still shared.
  @Test func aChangeCopiesOnlyItsPath() {
    let probe = Probe()
    let original = Self.probedRows(100_000, probe: probe)
    var byIndex = original
    byIndex[50_000].title = "changed"
    var byID = original
    byID[id: ProbedID(value: 70_000, probe: probe)]?.title = "changed"
    var fifty = original
    for index in stride(from: 0, to: 100_000, by: 2_000) { fifty[index].title = "changed" }

    probe.comparisons = 0
    #expect(byIndex != original)
    // 50,000 is the 17th element of its leaf, and `==` stops at the first difference.
    #expect(probe.comparisons == 17)
    probe.comparisons = 0
    #expect(byID.changedIndices(since: original) == [70_000])
    #expect(probe.comparisons == 32)
    probe.comparisons = 0
    #expect(fifty.changedIndices(since: original)?.count == 50)
    #expect(probe.comparisons == 50 * 32)
    probe.comparisons = 0
    #expect(original == original)
    #expect(probe.comparisons == 0)
  }

  /// A change of a title keeps the table of ids shared: comparing the ids compares no id.
  @Test func idsOfVersionsWithTheSameIDsCompareWithoutComparingIDs() {
    let probe = Probe()
    let original = Self.probedRows(10_000, probe: probe)
    var retitled = original
    retitled[9_999].title = "changed"
    retitled[0].title = "changed"
    probe.comparisons = 0
    #expect(retitled.ids == original.ids)
    #expect(probe.comparisons == 0)

    var renamed = original
    renamed[3] = ProbedRow(id: ProbedID(value: -3, probe: probe), title: "row 3")
    renamed[3] = original[3]
    probe.comparisons = 0
    #expect(renamed.ids == original.ids, "the same ids, compared one by one")
    #expect(probe.comparisons == 10_000)
  }

  // MARK: - Ids

  @Test func idsAreLookedUpAndChangedThroughTheIDSubscript() {
    var list: IdentifiedList = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    #expect(list.contains(id: 2) && list.ids.contains(2) && !list.contains(id: 3))
    #expect(list.index(id: 2) == 1 && list.ids.firstIndex(of: 2) == 1)
    list[id: 3] = Row(id: 3, title: "three")
    #expect(Array(list.ids) == [1, 2, 3])
    list[id: 1] = nil
    #expect(Array(list.ids) == [2, 3])
    #expect(list[id: 1] == nil)
    #expect(list.remove(id: 1) == nil)
    list[0] = Row(id: 4, title: "four")
    #expect(Array(list.ids) == [4, 3] && list.index(id: 4) == 0 && !list.contains(id: 2))
  }

  @Test func sortAndSwapKeepTheIDsInStep() {
    var list = IdentifiedList(uniqueElements: Self.rows(0..<100).reversed())
    list.sort { $0.id < $1.id }
    #expect(Array(list) == Self.rows(0..<100))
    list.swapAt(0, 99)
    #expect(list.index(id: 99) == 0 && list.index(id: 0) == 99)
    list.reverse()
    #expect(list.first?.id == 0 && list.index(id: 0) == 0 && list.index(id: 99) == 99)
  }

  @Test func appendingAnIDTwiceStopsWithAMessageNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list: IdentifiedList = [Row(id: 1, title: "one"), Row(id: 42, title: "two")]
      list.append(Row(id: 42, title: "again"))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the id 42 is already at index 1"))
  }

  @Test func settingAnIDThatIsElsewhereStopsWithAMessageNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list: IdentifiedList = [Row(id: 1, title: "one"), Row(id: 42, title: "two")]
      list[0] = Row(id: 42, title: "again")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the id 42 is already at index 1"))
  }

  @Test func settingAnElementOfAnotherIDThroughTheIDSubscriptStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list: IdentifiedList = [Row(id: 1, title: "one")]
      list[id: 1] = Row(id: 2, title: "two")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("subscript(id: 1) was given an element whose id is 2"))
  }

  // MARK: - Codable, descriptions

  @Test func encodesAsAPlainArrayAndDecodesBack() throws {
    let list = IdentifiedList(uniqueElements: Self.rows(0..<40))
    let data = try JSONEncoder().encode(list)
    #expect(try JSONDecoder().decode([Row].self, from: data) == Self.rows(0..<40))
    #expect(try JSONDecoder().decode(IdentifiedList<Row>.self, from: data) == list)
  }

  @Test func decodingAnIDTwiceThrowsAnErrorNamingIt() {
    let json = Data(#"[{"id":1,"title":"a"},{"id":7,"title":"b"},{"id":7,"title":"c"}]"#.utf8)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedList<Row>.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription.contains("the id 7 is at index 1 and at index 2"))
  }

  @Test func printsLikeAnArray() {
    let rows = Self.rows(0..<3)
    let list = IdentifiedList(uniqueElements: rows)
    #expect(list.description == rows.description)
    #expect(list.debugDescription == rows.debugDescription)
    #expect(list.ids.description == "[0, 1, 2]")
    #expect(IdentifiedList<Row>().description == "[]")
    var dumped = ""
    dump(list, to: &dumped)
    var dumpedRows = ""
    dump(rows, to: &dumpedRows)
    #expect(dumped.contains("3 elements") && dumpedRows.contains("3 elements"))
  }

  @Test func equalListsHashAlike() {
    let list = IdentifiedList(uniqueElements: Self.rows(0..<100))
    var other = list
    other[5].title = "changed"
    other[5].title = "row 5"
    #expect(list == other)
    #expect(list.hashValue == other.hashValue)
    #expect(list.ids.hashValue == IdentifiedList(uniqueElements: Self.rows(0..<100)).ids.hashValue)
  }
}
