#if canImport(Observation)
import Observation
#endif

/// What a view store tells Observation: a read of `state`, and each change around its commit.
///
/// The base class, without Observation's availability, lets a store hold one on every
/// platform; ``StateRegistrar`` is the only kind there is.
@usableFromInline
class ObservationHooks<State> {
  /// A read of `state` on `subject`, the store itself (alive: it is reading).
  @usableFromInline func access(_ subject: AnyObject) {}
  /// Before the store commits `next` in place of `current` (see ``StateObserver``).
  @usableFromInline func willSet(
    from current: UnsafePointer<State>,
    to next: UnsafePointer<State>,
    assigned: Bool
  ) {}
  @usableFromInline func didSet() {}

  @usableFromInline init() {}
}

/// A view store's `ObservationRegistrar`, with the store and `\.state` it reports about.
///
/// Generic over the store's type rather than its reducer: the store's type metadata and its
/// `Observable` conformance are then arguments of this class, read from its own metadata.
/// Called from unspecialized code (the engine calls the observer through its class), a method
/// of a class generic over the reducer had to look the store's type up in the runtime's
/// metadata cache, and its conformance in the conformance cache, on every change and every
/// read, a third of what a send followed by a read of `state` cost.
///
/// Only used on the main actor, by the store and its engine; no access to a field overlaps
/// another, so none is checked dynamically.
///
/// It also keeps the properties read through the store's dynamic members (V4): a table of
/// every key path read, and the list of those read since they last changed (armed). After
/// each change it compares only the armed ones, each with `==` in the states before and after
/// the commit, and tells Observation about those that changed, which disarms them: an
/// observation ends when it is told, and a view that is evaluated again reads them again. So a
/// commit costs one comparison per property read since it last changed, nothing for the
/// properties nobody read, and nothing more when nobody read any. `state` itself is armed the
/// same way: a change tells Observation about it only if it was read since the last change
/// that did.
///
/// Its lists hold ``ObservedProperty``, a class that is not generic: its methods run
/// unspecialized (the engine calls them through the observer's class), where each use of a
/// list of a generic element type would look the list's type up in the runtime's metadata
/// cache. They hold it unretained: `paths` holds every property for the registrar's life, and
/// retaining an element at each move between the lists made the atomic reference counting
/// the largest part of what a change of one read property cost the registrar.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@usableFromInline
final class StateRegistrar<Subject: Observable & AnyObject, Member>: ObservationHooks<Member> {
  @usableFromInline let registrar = ObservationRegistrar()
  /// Every property read through the store, by its key path in the state. Never removed: it
  /// keeps alive the properties the other tables and the lists hold unretained.
  @exclusivity(unchecked) private(set) var paths: [AnyKeyPath: ObservedPath<Subject, Member>] =
    [:]
  /// The same, by the identity of the key path each was first read through, which it holds,
  /// so that no other key path takes that identity. A view usually reads a property through
  /// the same key path object every time (a literal outside generic code is made once), and
  /// looking that up costs a fraction of hashing the key path's components.
  @exclusivity(unchecked) var pathsByIdentity: [ObjectIdentifier: Listed] = [:]
  /// The properties read since they last changed, compared after each change.
  @exclusivity(unchecked) var armed: [Listed] = []
  /// The properties being told of the change, between `willSet` and `didSet`.
  @exclusivity(unchecked) var changing: [Listed] = []
  /// Whether `state` was read since Observation was last told that it changed.
  @exclusivity(unchecked) var isStateArmed = false
  /// Whether Observation is being told that `state` changes, between `willSet` and `didSet`.
  @exclusivity(unchecked) var isStateChanging = false
  /// Whether a change is being told, between `willSet` and `didSet`.
  @exclusivity(unchecked) var isCommitting = false
  /// The store. Weak: the engine, which holds this registrar through the observer, can outlive
  /// the store for the rest of a drain (an effect's hop keeps the engine alive, and a
  /// subscription's closure can drop the store's last reference), and must then tell nobody.
  @exclusivity(unchecked) @usableFromInline weak var subject: Subject?
  /// `\.state`, formed once: forming a key path on a generic class costs a run-time
  /// instantiation and an allocation every time.
  @usableFromInline let keyPath: KeyPath<Subject, Member>

  @usableFromInline
  init(subject: Subject, keyPath: KeyPath<Subject, Member>) {
    self.subject = subject
    self.keyPath = keyPath
  }

  @usableFromInline override func access(_ subject: AnyObject) {
    isStateArmed = true
    // A read during a change (an observer of a property that reads `state` when told) is told
    // of that change's `didSet`, as an observable class's property would tell it.
    if isCommitting { isStateChanging = true }
    registrar.access(unsafeDowncast(subject, to: Subject.self), keyPath: keyPath)
  }

  /// A read of the property at `path` on `subject`; `make` makes what the registrar keeps of
  /// it, the first time it is read, which holds `path`. Returns the property's offset in the
  /// state, if it is stored there inline.
  @usableFromInline
  func access<Value: Equatable>(
    _ subject: Subject,
    _ path: KeyPath<Member, Value>,
    make: () -> ObservedPath<Subject, Member>
  ) -> Int? {
    let listed: Listed
    // Unretained: `paths` holds each property for the registrar's life.
    if let found = pathsByIdentity[ObjectIdentifier(path)] {
      listed = found
    } else if let found = paths[path] {
      listed = Listed.passUnretained(found)
    } else {
      let made = make()
      paths[path] = made
      listed = Listed.passUnretained(made)
      pathsByIdentity[ObjectIdentifier(path)] = listed
    }
    return self.path(listed) { observed in
      if !observed.isArmed {
        observed.isArmed = true
        armed.append(listed)
      }
      observed.access(registrar, subject)
      return observed.offset
    }
  }

  // Disarm what changed before telling anyone: an observer told of the change may read the
  // store again, which arms what it reads. The lists are walked by index rather than through
  // `indices` or an iterator, which are generic calls in this unspecialized code.
  @usableFromInline override func willSet(
    from current: UnsafePointer<Member>,
    to next: UnsafePointer<Member>,
    assigned: Bool
  ) {
    guard let subject else { return }
    isCommitting = true
    if isStateArmed {
      isStateArmed = false
      isStateChanging = true
      registrar.willSet(subject, keyPath: keyPath)
    }
    let count = armed.count
    guard count > 0 else { return }
    let probes = assigned && TriggeredAssignments.canProbe
    var kept = 0
    var index = 0
    while index < count {
      let listed = armed[index]
      let changed = path(listed) { observed in
        // A property read at its offset is reached through stored fields alone, with no
        // `@Triggered` getter on the way to probe.
        guard
          observed.differs(current, next)
            || (assigned
              && (!probes || (observed.offset == nil && observed.wasAssigned(current, next))))
        else { return false }
        observed.isArmed = false
        return true
      }
      if changed {
        changing.append(listed)
      } else {
        armed[kept] = listed
        kept += 1
      }
      index += 1
    }
    guard kept < count else { return }
    // One at a time: removing a range is a call that costs more than the few that changed.
    while armed.count > kept { armed.removeLast() }
    index = 0
    while index < changing.count {
      path(changing[index]) { $0.willSet(registrar, subject) }
      index += 1
    }
  }

  @usableFromInline override func didSet() {
    isCommitting = false
    guard let subject else { return }
    if isStateChanging {
      isStateChanging = false
      registrar.didSet(subject, keyPath: keyPath)
    }
    guard !changing.isEmpty else { return }
    // Walked in place, not copied (a copy would make the removal allocate a new buffer): an
    // observer told here may read the store, which arms what it reads, a list apart from this
    // one, and a send it makes is queued until this commit is over (A5).
    var index = 0
    while index < changing.count {
      path(changing[index]) { $0.didSet(registrar, subject) }
      index += 1
    }
    // One at a time, as in `willSet`; `removeAll(keepingCapacity:)` replaces a range.
    while !changing.isEmpty { changing.removeLast() }
  }

  /// A property of the lists, unretained (see the type's documentation).
  typealias Listed = Unmanaged<ObservedProperty>

  /// Calls `body` with the listed property, as what it is, without retaining it.
  private func path<Result>(
    _ listed: Listed,
    _ body: (ObservedPath<Subject, Member>) -> Result
  ) -> Result {
    // Safe: `paths` holds every listed property for the registrar's life, and the lists hold
    // only what `access` put there, all of this type.
    listed._withUnsafeGuaranteedRef {
      body(unsafeDowncast($0, to: ObservedPath<Subject, Member>.self))
    }
  }
}

/// A property read through a view store's dynamic members, as the lists of its
/// ``StateRegistrar`` hold it: see ``ObservedPath``.
@usableFromInline
class ObservedProperty {
  /// Whether it was read since it last changed.
  final var isArmed = false

  @usableFromInline init() {}
}

/// A property read through a view store's dynamic members: its key path in the state, and the
/// key path Observation knows it by, on the store (see ``StateRegistrar``).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@usableFromInline
class ObservedPath<Subject: Observable & AnyObject, State>: ObservedProperty {
  /// Whether its value differs between two states; compiled for the client's state (see
  /// ``ViewStore/observe(_:)``).
  final let differs: (_ current: UnsafePointer<State>, _ next: UnsafePointer<State>) -> Bool
  /// Its offset in the state, if it is stored there inline (`MemoryLayout.offset(of:)`).
  final let offset: Int?

  @usableFromInline
  init(
    offset: Int?,
    differs: @escaping (UnsafePointer<State>, UnsafePointer<State>) -> Bool
  ) {
    self.offset = offset
    self.differs = differs
    super.init()
  }

  func access(_ registrar: ObservationRegistrar, _ subject: Subject) {}
  /// Whether a `@Triggered` property on its path was assigned between `current` and `next`.
  func wasAssigned(_ current: UnsafePointer<State>, _ next: UnsafePointer<State>) -> Bool {
    false
  }
  func willSet(_ registrar: ObservationRegistrar, _ subject: Subject) {}
  func didSet(_ registrar: ObservationRegistrar, _ subject: Subject) {}
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@usableFromInline
final class ObservedValue<Subject: Observable & AnyObject, State, Value: Equatable>:
  ObservedPath<Subject, State>
{
  let path: KeyPath<State, Value>
  let storePath: KeyPath<Subject, Value>

  @usableFromInline
  init(
    _ path: KeyPath<State, Value>,
    _ storePath: KeyPath<Subject, Value>,
    offset: Int?,
    differs: @escaping (UnsafePointer<State>, UnsafePointer<State>) -> Bool
  ) {
    self.path = path
    self.storePath = storePath
    super.init(offset: offset, differs: differs)
  }

  override func access(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.access(subject, keyPath: storePath)
  }

  override func wasAssigned(_ current: UnsafePointer<State>, _ next: UnsafePointer<State>) -> Bool {
    let path = self.path
    let before = TriggeredAssignments.assignments { _ = current.pointee[keyPath: path] }
    let after = TriggeredAssignments.assignments { _ = next.pointee[keyPath: path] }
    return before != after
  }

  override func willSet(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.willSet(subject, keyPath: storePath)
  }

  override func didSet(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.didSet(subject, keyPath: storePath)
  }
}
