/// How the scheduler walks an effect tree: synchronous parts go to the queue, the rest become
/// units (see `EffectScheduler+Tasks.swift` and `EffectScheduler+Timers.swift`).
extension EffectScheduler {
  // Inlinable: the walk of every effect a reduce returns, specialized for the client's action;
  // unspecialized, it looked the action's and the queue's types up at run time at every step.

  /// Walks an effect: synchronous parts append their actions to `queue` at once, asynchronous
  /// parts become tasks (appended to `tasks`).
  ///
  /// The walk keeps its own work list rather than recursing, so a tree of any depth is walked
  /// in constant stack space (A2); children are pushed in reverse so that they are visited,
  /// and emit, in argument order.
  ///
  /// `link` is how the tasks it starts reach the store; the first walk that needs more than
  /// the queue makes the book with it.
  @inlinable
  mutating func start(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .none:
      // Nothing to walk (a `bind()` that returns `.none`): the work list is not allocated.
      return
    case .just, .concat, .merge:
      startChain(effect, in: scope, link: link(), queue: &queue, collecting: &tasks)
    default:
      // One effect that is not a chain (the common asynchronous effect) is walked as it is,
      // without the copies the chain's loop makes of it.
      walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
  }

  /// ``start(_:in:link:queue:collecting:)`` for a `.just`, `concat` or `merge`.
  @inlinable
  mutating func startChain(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    // The common synchronous chain first, without the work list: its leading actions go
    // straight to the queue, and when all that follows them is one nested synchronous
    // `concat` or `merge` (as in `.concat(.just(a), .just(b), .merge(.just(c), .just(d)))`),
    // that effect is walked the same way, in this loop. Only what is left goes through the work
    // list, which a chain of that shape never touches. The loop holds the children, never a
    // copy of an effect: each copy and destroy of one decodes its case, out of line.
    guard scope.ids.isEmpty, effect.isSynchronous else {
      return walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
    var restScope = scope
    var children: EffectChildren<Action>
    switch effect.operation {
    case .just(let action):
      return queue.append(action, from: scope.parent)
    case .concat(let all, _):
      children = all
    case .merge(let all, let priority):
      children = all
      if !priority.isInherited { restScope.priority = priority }
    default:
      // `start(_:in:link:queue:collecting:)` calls this for the three cases above alone.
      return walkAll(effect, rest: [], in: scope, link: link(), queue: &queue, collecting: &tasks)
    }
    while true {
      let rest = Self.queueLeadingActions(
        of: children.effects,
        from: restScope.parent,
        to: &queue
      )
      guard rest.count == 1 else {
        if rest.isEmpty { return }
        return walkAll(
          nil,
          rest: rest,
          in: restScope,
          link: link(),
          queue: &queue,
          collecting: &tasks
        )
      }
      let only = rest.startIndex
      if rest[only].isSynchronous {
        switch rest[only].operation {
        case .concat(let all, _):
          children = all
          continue
        case .merge(let all, let priority):
          children = all
          if !priority.isInherited { restScope.priority = priority }
          continue
        default:
          break
        }
      }
      return walkAll(
        rest[only],
        rest: [],
        in: restScope,
        link: link(),
        queue: &queue,
        collecting: &tasks
      )
    }
  }

  /// Walks `first`, then the effects of `rest` in order, and everything they contain, through
  /// the work list.
  @inlinable
  mutating func walkAll(
    _ first: AnyEffect<Action>?,
    rest: ArraySlice<AnyEffect<Action>>,
    in scope: Scope,
    link: @autoclosure () -> EngineLink<R>,
    queue: inout ActionQueue<Action>,
    collecting tasks: inout [StartedTask]?
  ) {
    // The work list lives in the book between walks, so that a busy store stops allocating it;
    // it is moved out and back, never copied.
    let book = makeBook(link: link())
    var steps: [Step] = []
    swap(&steps, &book.steps)
    // A first effect is walked at once, without the copy into a step and out of it.
    if let first { walk(first, in: scope, steps: &steps, queue: &queue, tasks: &tasks) }
    for child in rest.reversed() { steps.append(.walk(child, scope)) }
    while let step = steps.popLast() {
      switch step {
      case .walk(let effect, let scope):
        walk(effect, in: scope, steps: &steps, queue: &queue, tasks: &tasks)
      case .spawnRest(let children, let index, let priority, let scope):
        let rest = AnyEffect(
          .concat(EffectChildren(Array(children.effects[index...])), priority: priority)
        )
        spawn(in: scope, priority: scope.priority, collecting: &tasks) { await $0.run(rest) }
      }
    }
    swap(&steps, &book.steps)
  }

  /// Appends the leading `.just` actions of `effects` to `queue`, in order, skipping `.none`,
  /// and returns the effects from the first other one on: nothing can emit before them.
  @inlinable
  static func queueLeadingActions(
    of effects: [AnyEffect<Action>],
    from parent: EffectToken?,
    to queue: inout ActionQueue<Action>
  ) -> ArraySlice<AnyEffect<Action>> {
    var index = effects.startIndex
    loop: while index < effects.endIndex {
      switch effects[index].operation {
      case .just(let action): queue.append(action, from: parent)
      case .none: break
      default: break loop
      }
      index += 1
    }
    return effects[index...]
  }

  @inlinable @inline(never)
  mutating func walk(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    queue: inout ActionQueue<Action>,
    tasks: inout [StartedTask]?
  ) {
    // A `.cancellable` has one child, walked next in this loop rather than through the work
    // list: a chain of them, however deep, stays in constant stack space (A2) without a step
    // copied in and out per level.
    var effect = effect
    var scope = scope
    while case .cancellable(let inner, let id, let cancelInFlight) = effect.operation {
      if cancelInFlight { cancel(id) }
      // Appended in place: a copy of the scope per level would copy every identifier above it.
      scope.ids.append(id)
      effect = inner.first
    }
    switch effect.operation {
    case .none:
      return
    case .just(let action) where scope.ids.isEmpty:
      queue.append(action, from: scope.parent)
    case .just(let action):
      // A unit of its own until it is reduced, so that a `.cancel` reduced first drops it (C2).
      let token = registry.register(
        parent: scope.parent,
        ids: scope.ids,
        isBinding: scope.isBinding
      )
      queue.append(action, from: token, ownsSource: true)
    case .merge(let children, let priority):
      var scope = scope
      if !priority.isInherited { scope.priority = priority }
      let rest =
        scope.ids.isEmpty
        ? Self.queueLeadingActions(of: children.effects, from: scope.parent, to: &queue)
        : children.effects[...]
      for child in rest.reversed() { steps.append(.walk(child, scope)) }
    case .concat(let children, _) where effect.isSynchronous:
      let rest =
        scope.ids.isEmpty
        ? Self.queueLeadingActions(of: children.effects, from: scope.parent, to: &queue)
        : children.effects[...]
      for child in rest.reversed() { steps.append(.walk(child, scope)) }
    case .concat(let children, let priority):
      var scope = scope
      if !priority.isInherited { scope.priority = priority }
      let effects = children.effects
      let firstAsynchronous = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
      steps.append(.spawnRest(children, from: firstAsynchronous, priority: priority, scope))
      for child in effects[..<firstAsynchronous].reversed() { steps.append(.walk(child, scope)) }
    case .cancellable:
      preconditionFailure("OneWay: a cancellable effect is unwrapped above")
    case .cancel(let id):
      cancel(id)
    case .debounce, .throttle, .single, .sequence, .stream, .subscribe:
      startAsynchronous(effect, in: scope, steps: &steps, tasks: &tasks)
    }
  }

  /// The part of the walk for an asynchronous effect: registers it as a unit and starts its
  /// task (`.single`, `.sequence`, `.stream`, `.subscribe`), leaves its subscription to the
  /// engine (a `.subscribe` on a lock's isolation), or sets up its timer (``startTimer``).
  ///
  /// Inlinable, as is everything an effect's task runs, so that it is specialised for the
  /// store's reducer in the store's module: unspecialised, every generic type on the way
  /// (the runner, the sink, the queue's entries) was looked up at run time, for every effect.
  @inlinable
  mutating func startAsynchronous(
    _ effect: AnyEffect<Action>,
    in scope: Scope,
    steps: inout [Step],
    tasks: inout [StartedTask]?
  ) {
    switch effect.operation {
    case .debounce, .throttle:
      startTimer(effect, in: scope, steps: &steps, tasks: &tasks)
    case .subscribe(let start) where link.isSynchronous:
      let token = registry.register(
        parent: scope.parent,
        ids: scope.ids,
        isBinding: scope.isBinding
      )
      book.unsafelyUnwrapped.pendingWork.append(.subscribe(token, start))
    case .single(let operation, let priority):
      let priority = priority.isInherited ? scope.priority : priority
      spawnUnit(in: scope, priority: priority, collecting: &tasks, SingleBody(operation: operation))
    case .sequence, .stream, .subscribe:
      let priority = effect.effectPriority.isInherited ? scope.priority : effect.effectPriority
      spawn(in: scope, priority: priority, collecting: &tasks) { await $0.run(effect) }
    case .none, .just, .merge, .concat, .cancel, .cancellable:
      steps.append(.walk(effect, scope))
    }
  }
}
