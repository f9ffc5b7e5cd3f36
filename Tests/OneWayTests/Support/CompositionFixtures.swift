import OneWay

/// A child feature whose every copy uses the same effect identifiers ("save", "load", "tap"),
/// so that tests can tell whether composition keeps copies apart.
struct Row: Reducer {
  struct State: Sendable, Equatable, Identifiable {
    var id: Int
    var count = 0
    var saved: [Int] = []
    var loaded: [String] = []
    var tapped: [Int] = []
    var echoed: [String] = []
  }

  enum Action: Sendable, Equatable {
    /// Counts, then saves the count once 300 ms pass without another increment.
    case increment
    case saved(Int)
    /// Loads behind the gate, cancellable under "load".
    case load
    case cancelLoad
    case loaded(String)
    /// Taps, throttled under "tap" to one a second.
    case tap(Int)
    case tapped(Int)
    /// Echoes twice, synchronously.
    case echo(String)
    case echoed(String)
  }

  let gate: Gate

  init(gate: Gate = Gate()) {
    self.gate = gate
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return AnyEffect.just(.saved(state.count)).debounce(id: "save", for: .milliseconds(300))
    case .saved(let count):
      state.saved.append(count)
      return .none
    case .load:
      let gate = gate
      let id = state.id
      return AnyEffect.single {
        await gate.wait()
        return .loaded("row \(id)")
      }
      .cancellable("load")
    case .cancelLoad:
      return .cancel("load")
    case .loaded(let text):
      state.loaded.append(text)
      return .none
    case .tap(let value):
      return AnyEffect.just(.tapped(value)).throttle(id: "tap", for: .seconds(1))
    case .tapped(let value):
      state.tapped.append(value)
      return .none
    case .echo(let text):
      return .concat(.just(.echoed(text)), .just(.echoed(text + "!")))
    case .echoed(let text):
      state.echoed.append(text)
      return .none
    }
  }
}

/// A parent of a list of rows and an optional row, which logs what it sees.
enum ListAction: Sendable, Equatable {
  case row(id: Int, action: Row.Action)
  case detail(Row.Action)
  case add(Int)
  case remove(Int)
  case present(Int)
  case dismiss
  /// Removes the row when it sees this row action.
  case removeOn(Row.Action)
}

struct ListState: Sendable, Equatable {
  var rows: [Row.State] = []
  var detail: Row.State?
  var log: [String] = []
  var removeOn: Row.Action?
}

/// The parent's own reducer: it logs every child action it sees, with the child's state as
/// the parent sees it then, and removes or dismisses on request.
func listCore() -> ClosureReducer<ListAction, ListState> {
  ClosureReducer { state, action in
    switch action {
    case .row(let id, let rowAction):
      let count = state.rows.first { $0.id == id }.map { "\($0.count)" } ?? "absent"
      state.log.append("row \(id) \(rowAction) count \(count)")
      if rowAction == state.removeOn { state.rows.removeAll { $0.id == id } }
    case .detail(let rowAction):
      state.log.append("detail \(rowAction) count \(state.detail.map { "\($0.count)" } ?? "nil")")
      if rowAction == state.removeOn { state.detail = nil }
    case .add(let id):
      state.rows.append(Row.State(id: id))
    case .remove(let id):
      state.rows.removeAll { $0.id == id }
    case .present(let id):
      state.detail = Row.State(id: id)
    case .dismiss:
      state.detail = nil
    case .removeOn(let rowAction):
      state.removeOn = rowAction
    }
    return .none
  }
}

/// The list with its rows and its optional detail embedded.
func listReducer(gate: Gate = Gate()) -> some Reducer<ListAction, ListState> {
  listCore()
    .forEach(
      \.rows,
      action: ListAction.row,
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    ) {
      Row(gate: gate)
    }
    .ifLet(
      \.detail,
      action: ListAction.detail,
      extract: { if case .detail(let action) = $0 { action } else { nil } }
    ) {
      Row(gate: gate)
    }
}
