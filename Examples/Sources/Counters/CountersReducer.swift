import OneWay
import OneWayCasePaths

/// The app: a list of counter rows, each a ``CounterRow`` of its own, and an optional
/// ``FactDetail``; the parent adds, removes and opens them, and reacts to what they do.
///
/// The composition is the reducer's `body`: two operators around the parent's own reducer,
/// `forEach` for the rows and `ifLet` for the detail, each naming its action case by a case
/// key path (`\.row`, `\.detail`; the enum is `@CasePathable`). The parent sees every child
/// action after the child has reduced it, so it can react: it logs each save, stops a row's
/// timer at ``tickLimit``, and removes a row or closes the detail when asked.
struct CountersReducer: Reducer {
  /// The app's state.
  struct State: Sendable, Equatable, Codable {
    /// The rows, in order.
    var rows: [CounterRow.State] = []
    /// The open detail, if any.
    var detail: FactDetail.State?
    /// The identifier the next row gets.
    var nextID = 1
    /// What the parent noticed, in order.
    var log: [String] = []
  }

  /// Everything that can happen in the app.
  @CasePathable
  enum Action: Sendable, Equatable, Codable {
    /// Adds a row at the end.
    case addRow
    /// An action of the row `id`.
    case row(id: Int, action: CounterRow.Action)
    /// Opens the detail of the row `id`.
    case openDetail(Int)
    /// An action of the detail.
    case detail(FactDetail.Action)
  }

  /// The count at which the parent stops a row's timer.
  static let tickLimit = 5

  /// Where the detail loads its facts from.
  let facts: @Sendable (Int) async -> String

  /// Creates the app's reducer, loading facts with `facts`.
  init(facts: @escaping @Sendable (Int) async -> String) {
    self.facts = facts
  }

  /// The rows, the detail, then the parent's own reducer.
  var body: some Reducer<Action, State> {
    Core()
      .forEach(\.rows, action: \.row) { CounterRow() }
      .ifLet(\.detail, action: \.detail) { FactDetail(facts: facts) }
  }

  /// The parent's own reducer: what it does itself, and how it reacts to its children.
  struct Core: Reducer {
    func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
      switch action {
      case .addRow:
        state.rows.append(CounterRow.State(id: state.nextID))
        state.nextID += 1
        return .none

      case .row(let id, .saved(let count)):
        state.log.append("saved #\(id) = \(count)")
        return .none

      case .row(let id, .tick):
        // The row has already counted this beat: the parent decides when it is enough.
        guard let row = state.rows.first(where: { $0.id == id }), row.count >= Self.limit
        else { return .none }
        state.log.append("stopped #\(id) at \(row.count)")
        return .just(.row(id: id, action: .stopTimer))

      case .row(let id, .removeTapped):
        state.rows.removeAll { $0.id == id }
        state.log.append("removed #\(id)")
        return .none

      case .row:
        return .none

      case .openDetail(let id):
        guard let row = state.rows.first(where: { $0.id == id }) else { return .none }
        state.detail = FactDetail.State(rowID: id, number: row.count)
        return .just(.detail(.load))

      case .detail(.loaded(let fact)):
        state.log.append("fact for #\(state.detail?.rowID ?? 0): \(fact)")
        return .none

      case .detail(.closeTapped):
        state.detail = nil
        return .none

      case .detail:
        return .none
      }
    }

    private static var limit: Int { CountersReducer.tickLimit }
  }
}
