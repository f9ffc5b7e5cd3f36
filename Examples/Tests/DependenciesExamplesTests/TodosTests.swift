import Dependencies
import Foundation
import Testing

@testable import Todos

/// Todos with its ids and dates as dependencies: `\.uuid` and `\.date` set by the test.
@Suite struct TodosTests {
  let start = Date(timeIntervalSince1970: 1_000_000)

  @Test func anAddedItemGetsItsIdAndDueDateFromTheDependencies() {
    let command = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(start)
    } operation: {
      Command.parse("add water plants --due 1h")
    }
    guard case .success(.send(.add(let title, let due, let id))) = command else {
      Issue.record("parsed as \(command)")
      return
    }
    #expect(title == "water plants")
    #expect(due == start.addingTimeInterval(3600))
    #expect(id == UUID(0))
  }

  @Test func anItemAddedPastItsDueDateIsOverdueAtOnce() {
    var state = TodosReducer.State()
    let id = UUID(1)
    let due = start.addingTimeInterval(-60)
    _ = withDependencies {
      $0.date = .constant(start)
    } operation: {
      TodosReducer().reduce(state: &state, action: .add(title: "file taxes", due: due, id: id))
    }
    #expect(state.items.map(\.id) == [id])
    #expect(state.items.map(\.isOverdue) == [true])
  }
}
