/// Identifies one running unit of effect work (a task the store owns) for its whole life.
///
/// Tokens are never reused, so an action that a cancelled unit produced can always be told
/// apart from the actions of a newer unit.
@usableFromInline
struct EffectToken: Hashable, Sendable {
  @usableFromInline let rawValue: UInt64
}

/// The book of in-flight effects: which units run, under which cancellation identifiers, and
/// which unit started which.
///
/// It is a plain value with no tasks or clocks of its own, so its rules are tested directly:
/// a unit is alive while it and every unit that started it are registered; cancelling an
/// identifier removes its units at once, though their tasks count as busy until they end; a
/// finished unit leaves nothing behind.
@usableFromInline
struct EffectRegistry {
  struct Unit {
    let parent: EffectToken?
    let ids: [AnyEffectID]
    /// Units started by `bind()` do not make the store busy.
    let isBinding: Bool
    var task: Task<Void, Never>?
    /// Where the task of a `bind()` unit will be, once it is started.
    var slot: TaskSlot?
    /// How to end a synchronous subscription.
    var cancel: EffectCancel?
  }

  private(set) var units: [EffectToken: Unit] = [:]
  private var tokensByID: [AnyEffectID: Set<EffectToken>] = [:]
  /// Cancelled units (not part of `bind()`) whose tasks have not ended yet.
  private var cancelledTokens: Set<EffectToken> = []
  private var lastToken: UInt64 = 0
  /// The number of registered units that are not part of `bind()`.
  private(set) var inFlightCount = 0

  /// Whether any task outside `bind()` still runs, cancelled or not.
  var isBusy: Bool { inFlightCount > 0 || !cancelledTokens.isEmpty }

  /// The number of identifiers with at least one unit registered under them.
  var identifierCount: Int { tokensByID.count }

  @usableFromInline
  mutating func register(
    parent: EffectToken?,
    ids: [AnyEffectID],
    isBinding: Bool
  ) -> EffectToken {
    lastToken += 1
    let token = EffectToken(rawValue: lastToken)
    units[token] = Unit(parent: parent, ids: ids, isBinding: isBinding)
    for id in ids {
      tokensByID[id, default: []].insert(token)
    }
    if !isBinding { inFlightCount += 1 }
    return token
  }

  @usableFromInline
  mutating func attach(_ task: Task<Void, Never>, to token: EffectToken) {
    units[token]?.task = task
  }

  @usableFromInline
  mutating func attach(_ slot: TaskSlot, to token: EffectToken) {
    units[token]?.slot = slot
  }

  /// Keeps how to end a subscription; `false` if the unit has already ended.
  @usableFromInline
  mutating func attach(_ cancel: @escaping EffectCancel, to token: EffectToken) -> Bool {
    guard units[token] != nil else { return false }
    units[token]?.cancel = cancel
    return true
  }

  /// Forgets a unit whose task has ended, whether it was cancelled or not.
  @usableFromInline
  mutating func finish(_ token: EffectToken) {
    if remove(token) == nil {
      cancelledTokens.remove(token)
    }
  }

  /// A unit just cancelled: its task is to be cancelled, and what it owned closed.
  @usableFromInline
  struct Cancelled {
    @usableFromInline let token: EffectToken
    @usableFromInline let task: Task<Void, Never>?
    @usableFromInline let slot: TaskSlot?
    @usableFromInline let cancelSubscription: EffectCancel?

    /// Cancels the unit's task, or the task its slot will hold.
    @usableFromInline
    func cancelTask() {
      task?.cancel()
      slot?.cancel()
    }
  }

  /// Removes every unit registered under `id`.
  @usableFromInline
  mutating func cancel(_ id: AnyEffectID) -> [Cancelled] {
    guard let tokens = tokensByID[id] else { return [] }
    return tokens.compactMap { cancel(token: $0) }
  }

  /// Removes every unit, `bind()`'s included.
  mutating func cancelAll() -> [Cancelled] {
    units.keys.compactMap { cancel(token: $0) }
  }

  private mutating func cancel(token: EffectToken) -> Cancelled? {
    guard let unit = remove(token) else { return nil }
    if !unit.isBinding { cancelledTokens.insert(token) }
    return Cancelled(
      token: token,
      task: unit.task,
      slot: unit.slot,
      cancelSubscription: unit.cancel
    )
  }

  /// The identifiers of `token` and of every unit that started it: cancelling any of them
  /// cancels the unit.
  func lineageIDs(of token: EffectToken?) -> [AnyEffectID] {
    var ids: [AnyEffectID] = []
    var current = token
    while let token = current, let unit = units[token] {
      ids.append(contentsOf: unit.ids)
      current = unit.parent
    }
    return ids
  }

  /// Whether actions from `token` may still be reduced: the unit and all its ancestors are
  /// registered.
  @usableFromInline
  func isAlive(_ token: EffectToken) -> Bool {
    var current = token
    while let unit = units[current] {
      guard let parent = unit.parent else { return true }
      current = parent
    }
    return false
  }

  @usableFromInline
  func isBinding(_ token: EffectToken) -> Bool {
    units[token]?.isBinding ?? false
  }

  private mutating func remove(_ token: EffectToken) -> Unit? {
    guard let unit = units.removeValue(forKey: token) else { return nil }
    for id in unit.ids {
      tokensByID[id]?.remove(token)
      if tokensByID[id]?.isEmpty == true {
        tokensByID[id] = nil
      }
    }
    if !unit.isBinding { inFlightCount -= 1 }
    return unit
  }
}
