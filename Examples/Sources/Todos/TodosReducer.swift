import Dependencies
import Foundation
import OneWay

/// A to-do list whose actions are journaled by OneWayPersistence, and a periodic tick from
/// `bind()` that marks items whose due date has passed.
///
/// The reducer knows nothing about files: the persistence attached to the store appends each
/// action that changed the state before `send` returns, and replays the journal through this
/// reducer when the program starts again. So actions and state are `Codable`, and `reduce`
/// must give the same state for the same actions (replay runs it without effects).
struct TodosReducer: Reducer {
  /// What can happen to the list.
  enum Action: Sendable, Codable {
    /// Appends an item.
    case add(title: String, due: Date?, id: UUID? = nil)
    /// Marks the item at a 1-based position done, or not done again.
    case toggle(position: Int)
    /// Deletes the item at a 1-based position.
    case remove(position: Int)
    /// The clock ticked (sent by `bind()`); items past their due date become overdue.
    case tick(Date)
  }

  /// The outcome of the last command, for the terminal to print.
  enum Notice: Sendable, Equatable {
    /// The command did what was asked.
    case info(String)
    /// The command was refused; the items did not change.
    case error(String)
  }

  /// The list.
  struct State: Sendable, Equatable, Codable {
    /// The items, in the order they are listed.
    var items: [Todo] = []
    /// The outcome of the last command.
    var notice: Notice?

    /// Only the items are stored: a notice is about one moment of one run.
    enum CodingKeys: String, CodingKey {
      case items
    }
  }

  /// How often `bind()` checks for overdue items.
  var tickInterval: Duration = .seconds(1)
  /// The current time; injected so that a test could fix it.
  /// What time it is: `\.date.now`, which a test sets.
  @Dependency(\.date) var date

  /// Handles a command or a tick.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let title, let due, let id):
      var item = Todo(id: id ?? Todo.unknownID, title: title, due: due)
      item.isOverdue = due.map { $0 <= date.now } ?? false
      state.items.append(item)
      state.notice = .info("added \(state.items.count). \(title)")

    case .toggle(let position):
      guard let index = index(of: position, in: &state) else { return .none }
      state.items[index].isDone.toggle()
      state.items[index].isOverdue = false
      let item = state.items[index]
      state.notice = .info("\(item.isDone ? "done" : "not done"): \(position). \(item.title)")

    case .remove(let position):
      guard let index = index(of: position, in: &state) else { return .none }
      let item = state.items.remove(at: index)
      state.notice = .info("removed \(position). \(item.title)")

    case .tick(let date):
      for index in state.items.indices {
        let item = state.items[index]
        if !item.isDone, !item.isOverdue, let due = item.due, due <= date {
          state.items[index].isOverdue = true
        }
      }
    }
    return .none
  }

  /// Feeds the store an action every ``tickInterval`` for as long as the store lives.
  ///
  /// `bind()` is the place for sources of actions that nobody sends: timers, notifications,
  /// streams from other systems. The store starts it before reducing the first action and
  /// cancels it when the store goes away (or restarts it on `reset()`). A tick that changes
  /// nothing is not journaled, so an idle list does not grow its file.
  func bind() -> AnyEffect<Action> {
    .sequence { [date, tickInterval] send in
      while !Task.isCancelled {
        send(.tick(date.now))
        try? await Task.sleep(for: tickInterval)
      }
    }
  }

  /// The array index for a 1-based `position`, or `nil` after setting an error notice.
  ///
  /// A refused command changes only the notice, which is not stored: replaying it leaves the
  /// items as they were.
  private func index(of position: Int, in state: inout State) -> Int? {
    guard state.items.indices.contains(position - 1) else {
      let count = state.items.count
      state.notice = .error(
        count == 0
          ? "there is no item \(position): the list is empty"
          : "there is no item \(position): the list has items 1 to \(count)"
      )
      return nil
    }
    return position - 1
  }
}
