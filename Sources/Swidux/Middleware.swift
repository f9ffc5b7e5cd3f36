/// Code that runs around every dispatch of a store: to log, to drop actions, or to dispatch
/// others.
///
/// A middleware receives the store and the dispatch function built so far (`next`), and
/// returns the dispatch function that wraps it. The store builds its dispatch from its
/// middlewares in the order given: the first wraps the reducer, each next one wraps the
/// result, so the last one given runs first and the first one given is closest to the
/// reducer.
///
/// ```swift
/// let logger = Middleware<AppState> { store in
///   { next in
///     { action in
///       print("action: \(action)")
///       next(action)
///       print("state: \(store.getState())")
///     }
///   }
/// }
/// ```
///
/// A middleware that does not call `next` drops the action; one that calls
/// `store.dispatch(_:)` dispatches another action through every middleware, at once.
///
/// Every function of the chain runs with the store's lock held, so a middleware is never
/// called by two threads at once, and it must not wait for another thread that dispatches to
/// the same store. `next` is `@Sendable`: a middleware may keep it and call it later from
/// another thread, when an asynchronous job ends. `run` is `@Sendable` too, so that a
/// middleware can be a global constant in the Swift 6 language mode; the functions it returns
/// need not be.
public struct Middleware<AppState>: Sendable {
  /// Given the store, wraps the dispatch function built so far into a new one.
  public let run:
    @Sendable (Store<AppState>) -> (@escaping @Sendable (Action) -> Void) -> (Action) -> Void

  /// Creates a middleware from the function that wraps a dispatch function.
  ///
  /// - Parameter run: Given the store, returns a function that wraps the next dispatch
  ///   function (the next middleware's, or the reducer's) into a new one.
  public init(
    run:
      @escaping @Sendable (Store<AppState>) -> (@escaping @Sendable (Action) -> Void) -> (
        Action
      ) -> Void
  ) {
    self.run = run
  }
}
