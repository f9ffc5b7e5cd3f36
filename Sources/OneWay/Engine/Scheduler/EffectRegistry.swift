/// Identifies one running unit of effect work (a task the store owns) for its whole life.
///
/// Tokens are never reused, so an action that a cancelled unit produced can always be told
/// apart from the actions of a newer unit: `serial` counts every unit the store registered,
/// and `slot` says where in the registry the unit lives while it is registered.
@usableFromInline
struct EffectToken: Hashable, Sendable {
  @usableFromInline let serial: UInt64
  @usableFromInline let slot: UInt32

  @usableFromInline
  init(serial: UInt64, slot: UInt32) {
    self.serial = serial
    self.slot = slot
  }
}

/// The book of in-flight effects: which units run, under which cancellation identifiers, and
/// which unit started which.
///
/// It is a plain value with no tasks or clocks of its own, so its rules are tested directly:
/// a unit is alive while it and every unit that started it are registered; cancelling an
/// identifier removes its units at once, and frees their slots (their tasks, which keep the
/// store busy until they end, are counted apart, in ``CancelledTasks``); a finished unit leaves
/// nothing behind.
///
/// Units live in slots, reused once their unit has ended, and a token names its slot: finding
/// a unit is an index and a comparison of serials, never a hash. Only identifiers are hashed,
/// once per identifier a unit is registered, cancelled or finished under (see
/// ``AnyEffectID``, which hashes its value once, when it is made).
///
/// A slot is two entries of two arrays: a ``Header`` of plain values, which every lookup reads
/// (C2's lineage walk reads nothing else), and a ``Payload`` of what the unit owns, which only
/// registering, attaching, cancelling and finishing touch, in place. One array of whole units
/// copied a unit out at each lookup, with a retain and a release of everything it owns.
@usableFromInline
struct EffectRegistry {
  /// What a lookup reads of a unit: plain values, copied for free.
  struct Header {
    /// The unit's serial number; 0 for a free slot (serials start at 1).
    var serial: UInt64
    /// The serial of the unit that started it; 0 for none.
    var parentSerial: UInt64
    var parentSlot: UInt32
    /// Units started by `bind()` do not make the store busy.
    var isBinding: Bool

    static var free: Header {
      Header(serial: 0, parentSerial: 0, parentSlot: 0, isBinding: false)
    }

    var parent: EffectToken? {
      parentSerial == 0 ? nil : EffectToken(serial: parentSerial, slot: parentSlot)
    }
  }

  /// What a unit owns; empty for a free slot.
  struct Payload {
    /// The unit's identifiers.
    var ids: [AnyEffectID] = []
    var task: Task<Void, Never>?
    /// Where the task of a `bind()` unit will be, once it is started.
    var slot: TaskSlot?
    /// How to end a synchronous subscription.
    var cancel: EffectCancel?
  }

  /// The units' headers by slot.
  private var headers: [Header] = []
  /// The units' payloads by slot.
  private var payloads: [Payload] = []
  /// Slots whose unit has ended, to be reused first.
  private var freeSlots: [UInt32] = []
  /// The tokens registered under each identifier, in the order they were registered.
  private var tokensByID: [AnyEffectID: Tokens] = [:]
  private var lastSerial: UInt64 = 0
  /// The number of registered units.
  private(set) var count = 0
  /// The number of registered units that are not part of `bind()`.
  private(set) var inFlightCount = 0

  /// Whether no unit is registered.
  var isEmpty: Bool { count == 0 }

  /// Whether any unit outside `bind()` is registered. The tasks of cancelled units are not
  /// (see ``CancelledTasks``).
  var isBusy: Bool { inFlightCount > 0 }

  /// The number of identifiers with at least one unit registered under them.
  var identifierCount: Int { tokensByID.count }

  @usableFromInline
  mutating func register(
    parent: EffectToken?,
    ids: [AnyEffectID],
    isBinding: Bool
  ) -> EffectToken {
    lastSerial += 1
    let header = Header(
      serial: lastSerial,
      parentSerial: parent?.serial ?? 0,
      parentSlot: parent?.slot ?? 0,
      isBinding: isBinding
    )
    let slot: UInt32
    if let free = freeSlots.popLast() {
      slot = free
      headers[Int(free)] = header
      payloads[Int(free)] = Payload(ids: ids)
    } else {
      slot = UInt32(headers.count)
      headers.append(header)
      payloads.append(Payload(ids: ids))
    }
    let token = EffectToken(serial: lastSerial, slot: slot)
    for id in ids {
      if let index = tokensByID.index(forKey: id) {
        tokensByID.values[index].append(token)
      } else {
        tokensByID[id] = Tokens(token)
      }
    }
    count += 1
    if !isBinding { inFlightCount += 1 }
    return token
  }

  @usableFromInline
  mutating func attach(_ task: Task<Void, Never>, to token: EffectToken) {
    if isRegistered(token) { payloads[Int(token.slot)].task = task }
  }

  /// The task of a registered unit, or the one its slot holds; `nil` once the unit has ended.
  func task(of token: EffectToken) -> Task<Void, Never>? {
    guard isRegistered(token) else { return nil }
    let payload = payloads[Int(token.slot)]
    return payload.task ?? payload.slot?.task
  }

  @usableFromInline
  mutating func attach(_ slot: TaskSlot, to token: EffectToken) {
    if isRegistered(token) { payloads[Int(token.slot)].slot = slot }
  }

  /// Keeps how to end a subscription; `false` if the unit has already ended.
  @usableFromInline
  mutating func attach(_ cancel: @escaping EffectCancel, to token: EffectToken) -> Bool {
    guard isRegistered(token) else { return false }
    payloads[Int(token.slot)].cancel = cancel
    return true
  }

  /// Forgets a unit whose work has ended; `false` if `token` names no registered unit (it was
  /// cancelled, or has already ended).
  @usableFromInline @discardableResult
  mutating func finish(_ token: EffectToken) -> Bool {
    guard let header = registered(token) else { return false }
    unregister(token, ids: payloads[Int(token.slot)].ids, isBinding: header.isBinding)
    free(token.slot)
    return true
  }

  /// A unit just cancelled: its task is to be cancelled, and what it owned closed.
  @usableFromInline
  struct Cancelled {
    @usableFromInline let token: EffectToken
    @usableFromInline let task: Task<Void, Never>?
    @usableFromInline let slot: TaskSlot?
    @usableFromInline let cancelSubscription: EffectCancel?
    /// Whether the unit's task keeps the store busy until it ends: a unit outside `bind()`
    /// that has a task (or a slot for one).
    @usableFromInline let keepsStoreBusy: Bool

    /// Cancels the unit's task, or the task its slot will hold.
    @usableFromInline
    func cancelTask() {
      task?.cancel()
      slot?.cancel()
    }
  }

  /// Takes the tokens registered under `id` out of the index, in the order they were
  /// registered; each is then cancelled with ``cancel(_:without:)``.
  @usableFromInline
  mutating func takeTokens(under id: AnyEffectID) -> Tokens? {
    guard let index = tokensByID.index(forKey: id) else { return nil }
    return tokensByID.remove(at: index).value
  }

  /// Removes every unit, `bind()`'s included.
  mutating func cancelAll() -> [Cancelled] {
    var cancelled: [Cancelled] = []
    for slot in headers.indices {
      let header = headers[slot]
      guard header.serial != 0 else { continue }
      let token = EffectToken(serial: header.serial, slot: UInt32(slot))
      if let unit = cancel(token, without: nil) { cancelled.append(unit) }
    }
    return cancelled
  }

  /// Cancels the unit `token` names, if it is registered; `removedID` is an identifier whose
  /// tokens were already taken out of the index.
  @usableFromInline
  mutating func cancel(_ token: EffectToken, without removedID: AnyEffectID?) -> Cancelled? {
    guard let header = registered(token) else { return nil }
    let slot = Int(token.slot)
    // Moved out, not copied: the slot keeps an empty payload.
    var payload = Payload()
    swap(&payload, &payloads[slot])
    // The slot is free at once: the unit's token, which its task still holds, names no unit
    // from now on (a unit that reuses the slot has another serial).
    headers[slot] = .free
    freeSlots.append(token.slot)
    if let removedID {
      unregister(token, ids: payload.ids, isBinding: header.isBinding, except: removedID)
    } else {
      unregister(token, ids: payload.ids, isBinding: header.isBinding)
    }
    return Cancelled(
      token: token,
      task: payload.task,
      slot: payload.slot,
      cancelSubscription: payload.cancel,
      keepsStoreBusy: !header.isBinding && (payload.task != nil || payload.slot != nil)
    )
  }

  /// The identifiers of `token` and of every unit that started it: cancelling any of them
  /// cancels the unit.
  func lineageIDs(of token: EffectToken?) -> [AnyEffectID] {
    var ids: [AnyEffectID] = []
    var current = token
    while let token = current, let header = registered(token) {
      ids.append(contentsOf: payloads[Int(token.slot)].ids)
      current = header.parent
    }
    return ids
  }

  /// Whether actions from `token` may still be reduced: the unit and all its ancestors are
  /// registered.
  @usableFromInline
  func isAlive(_ token: EffectToken) -> Bool {
    var current = token
    while let header = registered(current) {
      guard header.parentSerial != 0 else { return true }
      current = EffectToken(serial: header.parentSerial, slot: header.parentSlot)
    }
    return false
  }

  @usableFromInline
  func isBinding(_ token: EffectToken) -> Bool {
    registered(token)?.isBinding ?? false
  }

  // MARK: - Slots

  /// The header of the unit `token` names, if it is registered (not cancelled, not ended):
  /// if the slot is still `token`'s.
  private func registered(_ token: EffectToken) -> Header? {
    let slot = Int(token.slot)
    // Serial 0 marks a free slot; no token has it.
    guard token.serial != 0, slot < headers.count else { return nil }
    let header = headers[slot]
    return header.serial == token.serial ? header : nil
  }

  private func isRegistered(_ token: EffectToken) -> Bool {
    registered(token) != nil
  }

  /// Frees a slot, and what its unit owned.
  private mutating func free(_ slot: UInt32) {
    headers[Int(slot)] = .free
    payloads[Int(slot)] = Payload()
    freeSlots.append(slot)
  }

  /// Takes a registered unit out of the identifiers' index and the counts.
  private mutating func unregister(_ token: EffectToken, ids: [AnyEffectID], isBinding: Bool) {
    for id in ids { remove(token, under: id) }
    count -= 1
    if !isBinding { inFlightCount -= 1 }
  }

  /// Takes a unit cancelled through `removedID`, one of its identifiers whose tokens were
  /// already taken out of the index, out of the rest of the index and the counts.
  ///
  /// Apart from the variant above so that neither compares with an optional identifier: each
  /// comparison copied and destroyed one, for every ended unit.
  private mutating func unregister(
    _ token: EffectToken,
    ids: [AnyEffectID],
    isBinding: Bool,
    except removedID: AnyEffectID
  ) {
    // With no other identifier, there is nothing left to compare.
    if ids.count > 1 {
      for id in ids where id != removedID { remove(token, under: id) }
    }
    count -= 1
    if !isBinding { inFlightCount -= 1 }
  }

  private mutating func remove(_ token: EffectToken, under id: AnyEffectID) {
    guard let index = tokensByID.index(forKey: id) else { return }
    if tokensByID.values[index].remove(token) {
      tokensByID.remove(at: index)
    }
  }
}

extension EffectRegistry {
  /// The tokens registered under one identifier: almost always one, held without an array.
  @usableFromInline
  struct Tokens {
    private var first: EffectToken
    private var rest: [EffectToken] = []

    init(_ token: EffectToken) {
      first = token
    }

    mutating func append(_ token: EffectToken) {
      rest.append(token)
    }

    /// Removes `token`; `true` when none is left.
    mutating func remove(_ token: EffectToken) -> Bool {
      if first == token {
        guard !rest.isEmpty else { return true }
        first = rest.removeFirst()
      } else if let index = rest.firstIndex(of: token) {
        rest.remove(at: index)
      }
      return false
    }

    /// Calls `body` with each token, in the order they were registered.
    @usableFromInline
    func forEach(_ body: (EffectToken) -> Void) {
      body(first)
      rest.forEach(body)
    }
  }
}
