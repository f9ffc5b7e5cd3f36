import Foundation
import OneWay

/// A to-do list that saves itself: every change schedules a debounced save, and a periodic
/// tick from `bind()` marks items whose due date has passed.
struct TodosReducer: Reducer {
  /// The identifiers of the effects this reducer starts.
  enum EffectID: Hashable, Sendable {
    /// The save that waits for changes to settle.
    case debouncedSave
    /// The immediate save that `flush` starts.
    case flush
  }

  /// What can happen to the list.
  enum Action: Sendable {
    /// Appends an item.
    case add(title: String, due: Date?)
    /// Marks the item at a 1-based position done, or not done again.
    case toggle(position: Int)
    /// Deletes the item at a 1-based position.
    case remove(position: Int)
    /// The clock ticked (sent by `bind()`); items past their due date become overdue.
    case tick(Date)
    /// Saves now instead of waiting for the debounce; sent before the program exits.
    case flush
    /// A save of `revision` finished, with an error message if it failed.
    case saveFinished(revision: Int, error: String?)
  }

  /// The outcome of the last command, for the terminal to print.
  enum Notice: Sendable, Equatable {
    /// The command did what was asked.
    case info(String)
    /// The command was refused; nothing changed.
    case error(String)
  }

  /// A save that failed, kept so that the program can report it instead of exiting quietly.
  struct SaveFailure: Sendable, Equatable {
    /// The revision that could not be saved.
    var revision: Int
    /// Why.
    var message: String
  }

  /// The list and the bookkeeping that keeps the file in step with it.
  struct State: Sendable, Equatable {
    /// The items, in the order they are listed.
    var items: [Todo]
    /// Counts the changes to the items that belong in the file.
    var revision = 0
    /// The last revision known to be on disk.
    var savedRevision = 0
    /// The last failed save, if the file is behind because of it.
    var saveFailure: SaveFailure?
    /// The outcome of the last command.
    var notice: Notice?

    /// Whether the file holds the current items.
    var isSaved: Bool { savedRevision == revision }
    /// Whether the latest revision's save has finished, successfully or not.
    var isSettled: Bool { isSaved || saveFailure?.revision == revision }
  }

  /// Where the list is saved.
  let storage: TodoStorage
  /// How long the list must stay unchanged before it is saved.
  var saveDelay: Duration = .milliseconds(500)
  /// How often `bind()` checks for overdue items.
  var tickInterval: Duration = .seconds(1)
  /// The current time; injected so that a test could fix it.
  var now: @Sendable () -> Date = { Date() }

  /// Handles a command, a tick, or the end of a save.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .add(let title, let due):
      var item = Todo(title: title, due: due)
      item.isOverdue = due.map { $0 <= now() } ?? false
      state.items.append(item)
      state.notice = .info("added \(state.items.count). \(title)")
      return changed(&state)

    case .toggle(let position):
      guard let index = index(of: position, in: &state) else { return .none }
      state.items[index].isDone.toggle()
      state.items[index].isOverdue = false
      let item = state.items[index]
      state.notice = .info("\(item.isDone ? "done" : "not done"): \(position). \(item.title)")
      return changed(&state)

    case .remove(let position):
      guard let index = index(of: position, in: &state) else { return .none }
      let item = state.items.remove(at: index)
      state.notice = .info("removed \(position). \(item.title)")
      return changed(&state)

    case .tick(let date):
      // Overdue is not saved (see `Todo.isOverdue`), so a tick changes the state but does not
      // count as a revision and schedules no save.
      for index in state.items.indices {
        let item = state.items[index]
        if !item.isDone, !item.isOverdue, let due = item.due, due <= date {
          state.items[index].isOverdue = true
        }
      }
      return .none

    case .flush:
      guard !state.isSettled else { return .none }
      // Drop the waiting save (it would write the same items, later) and save at once.
      return .merge(
        .cancel(EffectID.debouncedSave),
        save(state).cancellable(EffectID.flush, cancelInFlight: true)
      )

    case .saveFinished(let revision, let error):
      if let error {
        state.saveFailure = SaveFailure(revision: revision, message: error)
        state.notice = .error("could not save \(storage.url.path): \(error)")
      } else {
        state.savedRevision = max(state.savedRevision, revision)
        if let failure = state.saveFailure, failure.revision <= revision {
          state.saveFailure = nil
        }
      }
      return .none
    }
  }

  /// Feeds the store an action every ``tickInterval`` for as long as the store lives.
  ///
  /// `bind()` is the place for sources of actions that nobody sends: timers, notifications,
  /// streams from other systems. The store starts it before reducing the first action and
  /// cancels it when the store goes away (or restarts it on `reset()`).
  func bind() -> AnyEffect<Action> {
    .sequence { [now, tickInterval] send in
      while !Task.isCancelled {
        send(.tick(now()))
        try? await Task.sleep(for: tickInterval)
      }
    }
  }

  /// Records a change worth saving and schedules the save.
  ///
  /// Saving is debounced: a burst of commands (a pasted script, fast typing) costs one write,
  /// made `saveDelay` after the last of them. Each new change cancels the waiting save and
  /// starts the wait again with the newer items.
  private func changed(_ state: inout State) -> AnyEffect<Action> {
    state.revision += 1
    return save(state).debounce(id: EffectID.debouncedSave, for: saveDelay)
  }

  /// An effect that writes the items as they are in `state`.
  ///
  /// The effect captures a snapshot (`items`, `revision`), not the state: effects run later,
  /// and must say which version of the list they wrote.
  private func save(_ state: State) -> AnyEffect<Action> {
    let items = state.items
    let revision = state.revision
    return .single { [storage] in
      do {
        try await storage.save(items, revision: revision)
        return .saveFinished(revision: revision, error: nil)
      } catch {
        return .saveFinished(revision: revision, error: error.localizedDescription)
      }
    }
  }

  /// The array index for a 1-based `position`, or `nil` after setting an error notice.
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
