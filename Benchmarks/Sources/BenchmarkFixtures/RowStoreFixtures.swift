import Observation
import OneWay

// Scenario 15: element stores. A view store of a list of rows kept in an `IdentifiedList`,
// scoped to one store per row (`store.scope(state: \.rows, action: Action.row)`), all of them
// alive, and a send to one of them: the same send with 100 row stores and with 10,000 shows
// what the other rows' stores cost a send that changes one row.
//
// Scenario 17: the same list as a view uses it, with 1,000 rows and with 100,000: the list's
// view observes the ids (through `scope`), each row's view observes its row's title, and a
// send renames one row, whose view then reads its title again.

/// One row of scenario 15: a counter with an id.
package struct RowReducer: Reducer {
  package enum Action: Sendable {
    /// Adds one; no effect.
    case increment
    /// Sets the title; no effect.
    case rename(String)
  }

  package struct State: Sendable, Equatable, Identifiable {
    package var id: Int
    package var count = 0
    package var title = ""
  }

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment: state.count += 1
    case .rename(let title): state.title = title
    }
    return .none
  }
}

/// The list of scenario 15: its rows embedded with `forEach`, and nothing else.
package struct RowsReducer: Reducer {
  package enum Action: Sendable {
    case row(id: Int, action: RowReducer.Action)
  }

  package struct State: Sendable, Equatable {
    package var rows: IdentifiedList<RowReducer.State>

    /// A list of `count` rows, numbered from 0.
    init(rows count: Int) {
      rows = IdentifiedList(uniqueElements: (0..<count).map { RowReducer.State(id: $0) })
    }
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
    root = ViewStore(reducer: RowsReducer(), state: RowsReducer.State(rows: count))
    rows = root.scope(state: \.rows, action: RowsReducer.Action.row)
  }

  /// `iterations` sends of `.increment` to the middle row's store.
  package func send(_ iterations: Range<Int>) {
    let row = rows[rows.count / 2]
    for _ in iterations { row.send(.increment) }
  }
}

/// Scenario 17 on the main actor: a list of `count` rows, its view observing the ids, and a
/// view per row observing its title, all made before the timed sends; each send renames the
/// middle row, whose view is told and reads the title again.
@MainActor
package final class ObservedRowSends {
  private let root: ViewStore<RowsReducer, ContinuousClock>
  private let rows: [ViewStore<RowReducer, ContinuousClock>]
  /// How many times a view was told of a change: the row's, once per send.
  package private(set) var told = 0

  /// A list of `count` rows, its view and its rows' views.
  package init(rows count: Int) {
    root = ViewStore(reducer: RowsReducer(), state: RowsReducer.State(rows: count))
    rows = root.scope(state: \.rows, action: RowsReducer.Action.row)
    let root = root
    withObservationTracking {
      _ = root.scope(state: \.rows, action: RowsReducer.Action.row)
    } onChange: {
      MainActor.assumeIsolated { self.told += 1 }
    }
    for row in rows { observeTitle(of: row) }
  }

  /// `iterations` renames of the middle row, each followed by its view reading the title.
  package func send(_ iterations: Range<Int>) {
    let row = rows[rows.count / 2]
    for iteration in iterations {
      row.send(.rename(iteration & 1 == 0 ? "even" : "odd"))
      observeTitle(of: row)
    }
  }

  private func observeTitle(of row: ViewStore<RowReducer, ContinuousClock>) {
    withObservationTracking {
      _ = row.title
    } onChange: {
      MainActor.assumeIsolated { self.told += 1 }
    }
  }
}
