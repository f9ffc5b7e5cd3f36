import OneWay

// Scenario 15: element stores. A view store of a list of rows, scoped to one store per row
// (`store.scope(state: \.rows, action: Action.row)`), all of them alive, and a send to one of
// them: the same send with 100 row stores and with 10,000 shows what the other rows' stores
// cost a send that changes one row.

/// One row of scenario 15: a counter with an id.
package struct RowReducer: Reducer {
  package enum Action: Sendable {
    /// Adds one; no effect.
    case increment
  }

  package struct State: Sendable, Equatable, Identifiable {
    package var id: Int
    package var count = 0
  }

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    state.count += 1
    return .none
  }
}

/// The list of scenario 15: its rows embedded with `forEach`, and nothing else.
package struct RowsReducer: Reducer {
  package enum Action: Sendable {
    case row(id: Int, action: RowReducer.Action)
  }

  package struct State: Sendable, Equatable {
    package var rows: [RowReducer.State]
  }

  let composed = EmptyReducer<Action, State>()
    .forEach(
      \.rows,
      action: Action.row,
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
    ) {
      RowReducer()
    }

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    composed.reduce(state: &state, action: action)
  }
}

/// Scenario 15 on the main actor: a list's view store and a store for each of its rows, made
/// before the timed sends, and the sends to the middle row's store. Nothing reads `state`.
@MainActor
package final class RowStoreSends {
  private let root: ViewStore<RowsReducer, ContinuousClock>
  private let rows: [ViewStore<RowReducer, ContinuousClock>]

  /// A list of `count` rows, and its row stores.
  package init(rows count: Int) {
    root = ViewStore(
      reducer: RowsReducer(),
      state: RowsReducer.State(rows: (0..<count).map { RowReducer.State(id: $0) })
    )
    rows = root.scope(state: \.rows, action: RowsReducer.Action.row)
  }

  /// `iterations` sends of `.increment` to the middle row's store.
  package func send(_ iterations: Range<Int>) {
    let row = rows[rows.count / 2]
    for _ in iterations { row.send(.increment) }
  }
}
