import Foundation
import OneWay

/// A recorded session of a store: the state it began from, and each action with its time, its
/// origin and the state after it. Export it as JSON, import it, replay it into a fresh store, or
/// turn it into the source of a `TestStore` test.
///
/// ```swift
/// let recording = try devTools.recording()
/// let json = try recording.json()
/// let again = try Recording<Counter.Action, Counter.State>(json: json)
/// ```
public struct Recording<Action: Codable & Sendable, State: Codable & Sendable>: Codable, Sendable {
  /// One recorded action.
  public struct Step: Codable, Sendable {
    /// The action.
    public var action: Action
    /// Where it came from: a replay sends the caller's actions and lets the effects produce the
    /// others.
    public var origin: ActionOrigin
    /// When it was reduced, in nanoseconds since the recording began.
    public var nanoseconds: Int64
    /// The state after it.
    public var state: State

    /// Creates a step.
    public init(action: Action, origin: ActionOrigin, nanoseconds: Int64, state: State) {
      self.action = action
      self.origin = origin
      self.nanoseconds = nanoseconds
      self.state = state
    }

    /// When it was reduced, since the recording began.
    public var time: Duration { .nanoseconds(nanoseconds) }
  }

  /// The state the recording began from.
  public var initialState: State
  /// The actions, in the order they were reduced.
  public var steps: [Step]

  /// Creates a recording.
  public init(initialState: State, steps: [Step]) {
    self.initialState = initialState
    self.steps = steps
  }

  /// Decodes a recording from the JSON that ``json()`` made.
  ///
  /// - Throws: ``DevToolsError/invalidRecording(_:)``, saying what did not decode.
  public init(json: Data) throws(DevToolsError) {
    do {
      self = try DevToolsJSON.decoder.decode(Self.self, from: json)
    } catch {
      throw .invalidRecording(describe(error))
    }
  }

  /// The state after the last step.
  public var finalState: State { steps.last?.state ?? initialState }

  /// The recording as JSON, keys sorted.
  public func json() throws -> Data {
    try DevToolsJSON.encoder.encode(self)
  }
}

extension DevTools where Action: Codable, State: Codable {
  /// The session the history keeps, as a recording: the state before its oldest entry, then
  /// every entry not skipped.
  public func recording() -> Recording<Action, State> {
    storage.withLock { storage in
      Recording(
        initialState: storage.ring.base,
        steps: storage.ring.entries.filter { !$0.isSkipped }.map { entry in
          Recording.Step(
            action: entry.action,
            origin: entry.origin,
            nanoseconds: nanoseconds(entry.time),
            state: entry.state
          )
        }
      )
    }
  }

  /// Replaces the history with `recording` and makes the store show its final state; the store
  /// holds the actions that reach it until ``resume()`` (which keeps that state, since it is
  /// the newest) or ``commit()``.
  public func load(_ recording: Recording<Action, State>) async {
    await run { [storage, self] store in
      let last = storage.withLock { storage -> Int? in
        storage.ring.replace(
          base: recording.initialState,
          entries: recording.steps.enumerated().map { index, step in
            HistoryEntry(
              index: index,
              time: step.time,
              action: step.action,
              origin: step.origin,
              state: step.state,
              isSkipped: false
            )
          }
        )
        storage.travelled = recording.steps.isEmpty ? nil : recording.steps.count - 1
        return storage.travelled
      }
      if last != nil { travel(store, to: recording.finalState) }
    }
  }

  /// Decodes `json` as an action and sends it to the store, as a caller would.
  ///
  /// - Throws: ``DevToolsError/invalidAction(_:)``, saying what did not decode.
  public func send(json: Data) async throws(DevToolsError) {
    let action: Action
    do {
      action = try DevToolsJSON.decoder.decode(Action.self, from: json)
    } catch {
      throw .invalidAction(describe(error))
    }
    await send(action)
  }
}

extension Recording {
  /// Replays the recording into `store`, a fresh store made from ``initialState``: it sends
  /// each caller's action at its recorded time, moving time with `advance` (a test clock's),
  /// and lets the store's effects produce the other actions, then returns the store's state
  /// once it has reduced as many actions as the recording holds.
  ///
  /// Before each caller's action it waits until the store has reduced every action recorded
  /// before it, so that the actions arrive in the recorded order.
  ///
  /// - Parameters:
  ///   - store: A root store, in the recording's initial state, with no dev tools.
  ///   - advance: Moves the store's clock forward by a duration.
  /// - Returns: The store's state after the replay.
  public func replay<R: Reducer, C: Clock<Duration>>(
    into store: Store<R, C>,
    advance: @Sendable (Duration) async -> Void
  ) async -> State where R.Action == Action, R.State == State {
    await replay(into: store.storeAccess, advance: advance)
  }

  /// Replays the recording into `store`, a fresh store made from ``initialState``
  /// (OneWayCombine's `Way` or `NSWay`, or Swidux's `Store` seen through
  /// `reportingActions(_:)`), as the same method does into a `Store`.
  ///
  /// - Parameters:
  ///   - store: A store in the recording's initial state, with no dev tools.
  ///   - advance: Moves the clock of the store's effects forward by a duration.
  /// - Returns: The store's state after the replay.
  public func replay<Store: ChangeReporting<Action, State>>(
    into store: Store,
    advance: @Sendable (Duration) async -> Void = { _ in }
  ) async -> State {
    guard let access = store.storeChanges.control?.access else {
      preconditionFailure("The store reports no actions, which a replay needs.")
    }
    return await replay(into: access, advance: advance)
  }

  private func replay(
    into store: StoreAccess<Action, State>,
    advance: @Sendable (Duration) async -> Void
  ) async -> State {
    let (reduced, continuation) = AsyncStream<Void>.makeStream()
    await store.run { handle in
      handle.observe { _ in continuation.yield() }
    }
    var iterator = reduced.makeAsyncIterator()
    var count = 0
    var now: Int64 = 0
    for (index, step) in steps.enumerated() {
      if step.nanoseconds > now {
        await advance(.nanoseconds(step.nanoseconds - now))
        now = step.nanoseconds
      }
      guard step.origin == .send else { continue }
      while count < index, await iterator.next() != nil { count += 1 }
      await store.send(step.action)
      count += 1
      // The send's own reduction, already counted.
      _ = await iterator.next()
    }
    while count < steps.count, await iterator.next() != nil { count += 1 }
    let final = ResultBox<State>()
    await store.run { handle in final.value = handle.state() }
    return final.value!
  }
}

func nanoseconds(_ duration: Duration) -> Int64 {
  let (seconds, attoseconds) = duration.components
  return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
}

/// A decoding error, said in a sentence: what failed, and where.
func describe(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return String(describing: error) }
  func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
  }
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .dataCorrupted(let context):
    return path(context)
  case .keyNotFound(let key, let context):
    return "\(path(context)) (missing key \(key.stringValue))"
  @unknown default:
    return String(describing: error)
  }
}
