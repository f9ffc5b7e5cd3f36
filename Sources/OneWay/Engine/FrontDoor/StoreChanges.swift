/// A store whose changes the products built on OneWay's engine can follow, such as
/// OneWayPersistence's `persist(with:)`: OneWayCombine's `Way` and Swidux's `Store`, which are
/// used from any thread behind a lock.
///
/// An app has no use for ``storeChanges``: it is how such a product reaches the engine of any
/// kind of store, so that each product has one implementation for every store. (`Store` and
/// `ViewStore`, whose isolation is an actor, give their changes to those products from their
/// own isolated methods, through the same ``StoreChanges``.)
public protocol ChangeReporting<ReportedAction, ReportedState>: AnyObject {
  /// The action a change reports: the store's action, or `Never` for a store whose actions
  /// are not values a product can keep (Swidux's).
  associatedtype ReportedAction
  /// The state a change reports.
  associatedtype ReportedState

  /// The store's changes, for the products built on OneWay's engine.
  var storeChanges: StoreChanges<ReportedAction, ReportedState> { get }
}

/// How a product built on OneWay's engine follows one store's changes: through the engine's
/// channel of reductions, as an observer of changes only, so that a reduce that changed
/// nothing costs the store nothing more.
///
/// Made by each kind of store, for a product to use at once, on the store's isolation (under
/// a way's or a Swidux store's lock, or on a store's actor).
public struct StoreChanges<Action, State> {
  /// Whether two states are equal, when the store's state is `Equatable`; `nil` for a store
  /// whose state is not (Swidux's), which a product then takes to be the one it started from.
  package let isEqual: ((State, State) -> Bool)?
  private let follow: ((State) -> ((Action?, State) -> Void)?) -> Void
  /// How a developer tool reaches the store (see ``StoreControl``); `nil` for a store whose
  /// actions are not reported.
  @usableFromInline package internal(set) var control: StoreControl<Action, State>?

  /// Changes whose `follow` calls its argument with the current state and, if it returns an
  /// observer, calls that observer with each action that changed the state (`nil` for a store
  /// whose actions are not reported) and the state after it, from then on; both on the
  /// store's isolation, with nothing reduced in between.
  package init(
    isEqual: ((State, State) -> Bool)?,
    follow: @escaping ((State) -> ((Action?, State) -> Void)?) -> Void
  ) {
    self.isEqual = isEqual
    self.follow = follow
  }

  /// Calls `start` with the current state, then the observer it returns, if any, with each
  /// change from then on.
  package func follow(_ start: (State) -> ((Action?, State) -> Void)?) {
    withoutActuallyEscaping(start) { follow($0) }
  }
}

extension StoreEngine {
  /// The changes of this engine's store, whose state `project` and actions `action` turn into
  /// those the store's users know (a way's and a Swidux store's engines wrap them).
  package func changes<ReportedAction, ReportedState>(
    isEqual: ((ReportedState, ReportedState) -> Bool)?,
    state project: @escaping (State) -> ReportedState,
    action: @escaping (Action) -> ReportedAction?
  ) -> StoreChanges<ReportedAction, ReportedState> {
    StoreChanges(isEqual: isEqual) { start in
      guard let observer = start(project(self.state)) else { return }
      self.observeReductions(.changes) { observer(action($0.action), project($0.state)) }
    }
  }
}

extension StoreEngine where State: Equatable {
  /// The changes of a `Store` or a `ViewStore`: its own actions and states.
  package var storeChanges: StoreChanges<Action, State> {
    changes(isEqual: ==, state: { $0 }, action: { $0 })
  }
}
