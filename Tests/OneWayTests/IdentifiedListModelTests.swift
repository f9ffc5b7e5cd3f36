import OneWay
import Testing

/// `IdentifiedList` against `Array` as a model: the same random operations on both.
@Suite struct IdentifiedListModelTests {
  typealias Row = IdentifiedListTests.Row

  /// SplitMix64: the same operations on every run and every platform.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Applies one random operation to the list and to the model alike.
  static func step(
    _ list: inout IdentifiedList<Row>,
    _ model: inout [Row],
    nextID: inout Int,
    using generator: inout SeededGenerator
  ) {
    func fresh() -> Row {
      defer { nextID += 1 }
      return Row(id: nextID, title: "new \(nextID)")
    }
    let operation = Int.random(in: 0..<14, using: &generator)
    switch (operation, model.isEmpty) {
    case (0...2, _):
      let row = fresh()
      list.append(row)
      model.append(row)
    case (3, _):
      let index = Int.random(in: 0...model.count, using: &generator)
      let row = fresh()
      list.insert(row, at: index)
      model.insert(row, at: index)
    case (4...5, false):
      #expect(list.removeLast() == model.removeLast())
    case (6, false):
      let index = Int.random(in: 0..<model.count, using: &generator)
      #expect(list.remove(at: index) == model.remove(at: index))
    case (7, false):
      let index = Int.random(in: 0..<model.count, using: &generator)
      #expect(list.remove(id: model[index].id) == model.remove(at: index))
    case (8, false):
      let index = Int.random(in: 0..<model.count, using: &generator)
      list[index].title += "!"
      model[index].title += "!"
    case (9, false):
      let index = Int.random(in: 0..<model.count, using: &generator)
      let row = Bool.random(using: &generator) ? fresh() : Row(id: model[index].id, title: "set")
      list[index] = row
      model[index] = row
    case (10, false):
      let index = Int.random(in: 0..<model.count, using: &generator)
      let id = model[index].id
      list[id: id]?.title += "?"
      model[index].title += "?"
    case (11, _):
      let lower = Int.random(in: 0...model.count, using: &generator)
      let upper = Int.random(in: lower...min(model.count, lower + 40), using: &generator)
      let replacement = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in fresh() }
      list.replaceSubrange(lower..<upper, with: replacement)
      model.replaceSubrange(lower..<upper, with: replacement)
    case (12, false):
      let first = Int.random(in: 0..<model.count, using: &generator)
      let second = Int.random(in: 0..<model.count, using: &generator)
      list.swapAt(first, second)
      model.swapAt(first, second)
    case (13, false):
      let lower = Int.random(in: 0..<model.count, using: &generator)
      let upper = Int.random(in: lower...min(model.count, lower + 40), using: &generator)
      let replacement = model[lower..<upper].map { Row(id: $0.id, title: "replaced") }
      list.replaceSubrange(lower..<upper, with: replacement)
      model.replaceSubrange(lower..<upper, with: replacement)
    default:
      let row = fresh()
      list[id: row.id] = row
      model.append(row)
    }
  }

  static func expectSame(
    _ list: IdentifiedList<Row>,
    _ model: [Row],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(list.count == model.count, sourceLocation: sourceLocation)
    #expect(Array(list) == model, sourceLocation: sourceLocation)
    #expect(Array(list.ids) == model.map(\.id), sourceLocation: sourceLocation)
    for index in stride(from: 0, to: model.count, by: max(1, model.count / 50)) {
      #expect(list.index(id: model[index].id) == index, sourceLocation: sourceLocation)
      #expect(list[id: model[index].id] == model[index], sourceLocation: sourceLocation)
    }
  }

  /// Random operations from sizes around 32, 1,024 and 32,768, where the trie gains or loses
  /// a level (each run checks that it crossed its boundary, when it has one), and from 5,000;
  /// every version left behind must keep its contents.
  @Test(arguments: [
    (seed: 1, size: 0, steps: 500, boundary: 32),
    (seed: 2, size: 30, steps: 500, boundary: 32),
    (seed: 3, size: 1_020, steps: 200, boundary: 1_024),
    (seed: 4, size: 1_030, steps: 200, boundary: 1_024),
    (seed: 5, size: 5_000, steps: 60, boundary: 0),
    (seed: 6, size: 32_766, steps: 24, boundary: 32_768),
  ])
  func randomOperationsMatchAnArray(seed: Int, size: Int, steps: Int, boundary: Int) {
    var generator = SeededGenerator(state: UInt64(seed))
    var model = IdentifiedListTests.rows(0..<size)
    var list = IdentifiedList(uniqueElements: model)
    var nextID = size
    var counts = [size]
    for step in 0..<steps {
      let before = list
      let modelBefore = model
      Self.step(&list, &model, nextID: &nextID, using: &generator)
      counts.append(model.count)
      Self.expectSame(list, model)
      if step % 4 == 0 {
        #expect(Array(before) == modelBefore, "a version left behind is unchanged")
      }
      if model.map(\.id) == modelBefore.map(\.id) {
        let changed = model.indices.filter { model[$0] != modelBefore[$0] }
        #expect(list.changedIndices(since: before) == changed)
      } else {
        #expect(list.changedIndices(since: before) == nil)
      }
    }
    if boundary > 0 {
      #expect(counts.min()! < boundary && counts.max()! > boundary, "crossed \(boundary)")
    }
  }

  @Test func appendsAndRemovalsAcrossTheLevelsOf40000Elements() {
    var list = IdentifiedList<Row>()
    let rows = IdentifiedListTests.rows(0..<40_000)
    for row in rows { list.append(row) }
    Self.expectSame(list, rows)
    let full = list
    list.removeLast(40_000 - 1_025)
    Self.expectSame(list, Array(rows[..<1_025]))
    list.removeLast(1_025 - 31)
    Self.expectSame(list, Array(rows[..<31]))
    list.removeAll()
    Self.expectSame(list, [])
    Self.expectSame(full, rows)
    #expect(full == IdentifiedList(uniqueElements: rows))
  }
}
