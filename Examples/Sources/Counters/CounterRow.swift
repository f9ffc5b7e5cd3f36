import OneWay
import OneWayCasePaths

/// One row of the list: a counter with its own effects, written as if it were alone.
///
/// Every row saves its count under the same identifier, ``ID/save``, and ticks under the same
/// ``ID/timer``: the row does not know it has siblings. The parent embeds the rows with
/// `forEach`, which scopes those identifiers to each row, so one row's save or timer never
/// restarts or cancels another's.
struct CounterRow: Reducer {
  /// A row's state; `id` is what the parent's `forEach` finds it by.
  struct State: Sendable, Equatable, Identifiable, Codable {
    /// The row's identifier, shown as `#1`, `#2`, ...
    let id: Int
    /// The current count.
    var count = 0
    /// Whether the row's timer is running.
    var isTicking = false
    /// The last count saved, once a save has happened.
    var savedCount: Int?
  }

  /// Everything that can happen to a row.
  @CasePathable
  enum Action: Sendable, Equatable, Codable {
    /// Adds one, then saves once the count has been left alone for ``saveDelay``.
    case increment
    /// The save of a count finished.
    case saved(Int)
    /// Starts counting up every ``tickInterval``.
    case startTimer
    /// Stops the timer.
    case stopTimer
    /// One beat of the timer.
    case tick
    /// The user asked to remove the row; the parent does it.
    case removeTapped
  }

  /// The identifiers of the row's effects, the same in every row.
  enum ID: Hashable, Sendable {
    /// The debounced save.
    case save
    /// The timer's next beat.
    case timer
  }

  /// How long a count must stay unchanged before it is saved.
  static let saveDelay = Duration.milliseconds(200)
  /// The time between two beats of the timer.
  static let tickInterval = Duration.milliseconds(20)

  /// Changes the row for `action`, and returns the row's follow-up work.
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .increment:
      state.count += 1
      // A stand-in for a write to disk or to a server: each new count restarts the wait.
      return AnyEffect.just(.saved(state.count)).debounce(id: ID.save, for: Self.saveDelay)

    case .saved(let count):
      state.savedCount = count
      return .none

    case .startTimer:
      state.isTicking = true
      return nextTick

    case .tick:
      state.count += 1
      return state.isTicking ? nextTick : .none

    case .stopTimer:
      state.isTicking = false
      return .cancel(ID.timer)

    case .removeTapped:
      return .none
    }
  }

  /// The timer's next beat, on the store's clock: a debounced `.tick`, which `.stopTimer`
  /// cancels by its identifier.
  private var nextTick: AnyEffect<Action> {
    AnyEffect.just(.tick).debounce(id: ID.timer, for: Self.tickInterval)
  }
}
