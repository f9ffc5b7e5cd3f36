import Foundation
import OneWay

/// A to-do list that saves itself: every change schedules a debounced save, and a periodic
/// tick from `bind()` marks items whose due date has passed.
struct TodosReducer: Reducer {
  /// The identifiers of the effects this reducer starts.
  enum EffectID: Hashable, Sendable {
    /// The save that waits for changes to settle.
    case debouncedSave
    /// The immediate save that `flush` or `saveAs` starts.
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
    /// Saves now instead of waiting for the debounce, or tries a failed save again; sent by
    /// the `save` command and before the program exits.
    case flush
    /// Makes `file` the list's file and saves there now; the caller has checked that it can.
    case saveAs(URL)
    /// Save number `attempt`, of `revision` to `file`, finished, with an error message if it
    /// failed.
    case saveFinished(file: URL, revision: Int, attempt: Int, error: String?)
  }

  /// The outcome of the last command, for the terminal to print.
  enum Notice: Sendable, Equatable {
    /// The command did what was asked.
    case info(String)
    /// The command was refused; nothing changed.
    case error(String)
  }

  /// A save that failed, kept so that the program can report it at once and at exit.
  struct SaveFailure: Sendable, Equatable {
    /// The file that could not be written.
    var file: URL
    /// The revision that could not be saved.
    var revision: Int
    /// Which save it was, so that two failures in a row are two changes of the state.
    var attempt: Int
    /// Why.
    var message: String
  }

  /// The list and the bookkeeping that keeps the file in step with it.
  struct State: Sendable, Equatable {
    /// The items, in the order they are listed.
    var items: [Todo]
    /// Where the list is saved.
    var file: URL
    /// Counts the changes that belong in the file (a new file is one too).
    var revision = 0
    /// The last revision known to be in ``file``.
    var savedRevision = 0
    /// Counts the saves started, whether they ran, were replaced or are still waiting.
    var saveAttempts = 0
    /// The latest save's failure, if it failed; the items are still here to save again.
    var saveFailure: SaveFailure?
    /// The outcome of the last command.
    var notice: Notice?

    /// Whether the file holds the current items.
    var isSaved: Bool { savedRevision == revision }
    /// Whether the latest save has finished, successfully or not.
    var isSettled: Bool { isSaved || saveFailure?.attempt == saveAttempts }
  }

  /// What writes the file.
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
      guard !state.isSaved else { return .none }
      return saveNow(&state)

    case .saveAs(let file):
      state.file = file
      state.revision += 1
      return saveNow(&state)

    case .saveFinished(let file, let revision, let attempt, let error):
      // A save to the file used before `saveAs` says nothing about the current one.
      guard file == state.file else { return .none }
      if let error {
        // A newer save is on its way; its result is the one that counts.
        guard attempt == state.saveAttempts else { return .none }
        state.saveFailure = SaveFailure(
          file: file,
          revision: revision,
          attempt: attempt,
          message: error
        )
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
    return save(&state).debounce(id: EffectID.debouncedSave, for: saveDelay)
  }

  /// Drops the waiting save (it would write the same items, later) and saves at once.
  private func saveNow(_ state: inout State) -> AnyEffect<Action> {
    .merge(
      .cancel(EffectID.debouncedSave),
      save(&state).cancellable(EffectID.flush, cancelInFlight: true)
    )
  }

  /// An effect that writes the items as they are in `state`, counted as a new attempt.
  ///
  /// The effect captures a snapshot (`file`, `items`, `revision`), not the state: effects run
  /// later, and must say which version of the list they wrote, and where.
  private func save(_ state: inout State) -> AnyEffect<Action> {
    state.saveAttempts += 1
    let (file, items, revision, attempt) = (
      state.file, state.items, state.revision, state.saveAttempts
    )
    return .single { [storage] in
      do {
        try await storage.save(items, revision: revision, to: file)
        return .saveFinished(file: file, revision: revision, attempt: attempt, error: nil)
      } catch {
        return .saveFinished(
          file: file,
          revision: revision,
          attempt: attempt,
          error: TodoStorage.describe(error)
        )
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
