extension AnyEffect {
  // Inlinable (`map`): a composed feature maps its child's effect on every action.

  /// Turns this effect into an effect of another element type, usually a parent feature's
  /// action, keeping everything else the effect is.
  ///
  /// The result is the same effect tree with every element passed through `transform`:
  /// `.just`, and `.concat`/`.merge` made only of synchronous effects, stay synchronous (their
  /// actions are still reduced during the same `send`), and cancellation identifiers,
  /// `debounce`, `throttle` and task priorities are kept as they were. It is how a parent
  /// reducer runs a child by hand:
  ///
  /// ```swift
  /// case .counter(let action):
  ///   return Counter().reduce(state: &state.counter, action: action)
  ///     .map(Action.counter)
  /// ```
  ///
  /// The tree is rebuilt without recursion, so an effect nested to any depth can be mapped.
  ///
  /// - Parameter transform: A function that turns each element the effect emits into an
  ///   element of the new type; it runs when the element is emitted.
  /// - Returns: The mapped effect.
  @inlinable
  public func map<NewElement: Sendable>(
    _ transform: @escaping @Sendable (Element) -> NewElement
  ) -> AnyEffect<NewElement> {
    // The cases a composed send meets most, without setting up the general rebuild.
    switch operation {
    case .none:
      return .none
    case .just(let element):
      return .just(transform(element))
    default:
      return rebuilt(mapping: transform, rewritingIDs: nil)
    }
  }

  /// Rebuilds the effect tree with every element passed through `transform` and, when
  /// `rewriteID` is given, every identifier (of `cancel`, `cancellable`, `debounce` and
  /// `throttle`) passed through `rewriteID`.
  ///
  /// The walk keeps its own stack instead of recursing: a tree nested 100,000 levels deep is
  /// rebuilt in constant call-stack space (A2). Children are rebuilt before their parent, in
  /// order, and the parent is then rebuilt around them with the same priority, identifiers
  /// and options.
  ///
  /// When `context` is given, every piece of the effect's work (the operation of a `single` or
  /// a `sequence`, the making of a stream, the start of a subscription) runs inside it,
  /// whichever task runs it and however late: after a debounce or throttle delay, in any
  /// element of a `concat` or `merge`.
  @usableFromInline
  func rebuilt<NewElement: Sendable>(
    mapping transform: @escaping @Sendable (Element) -> NewElement,
    rewritingIDs rewriteID: ((AnyEffectID) -> AnyEffectID)?,
    inside context: (any StoreContext)? = nil
  ) -> AnyEffect<NewElement> {
    typealias Rebuilt = AnyEffect<NewElement>
    func id(_ id: AnyEffectID) -> AnyEffectID {
      rewriteID?(id) ?? id
    }
    // A node with children is visited twice: once to schedule its children, and once, after
    // them, to assemble it from their rebuilt forms.
    var pending: [(effect: AnyEffect, isAssembling: Bool)] = [(self, false)]
    var rebuilt: [Rebuilt] = []
    while let next = pending.popLast() {
      let effect = next.effect
      if next.isAssembling {
        rebuilt.append(Self.assemble(effect, from: &rebuilt, id: id))
        continue
      }
      switch effect.operation {
      case .concat(let children, _), .merge(let children, _):
        pending.append((effect, true))
        for child in children.effects.reversed() { pending.append((child, false)) }
      case .cancellable(let inner, _, _), .debounce(let inner, _, _, _),
        .throttle(let inner, _, _, _, _):
        pending.append((effect, true))
        pending.append((inner.first, false))
      case .none:
        rebuilt.append(.none)
      case .just(let element):
        rebuilt.append(.just(transform(element)))
      case .cancel(let cancelled):
        rebuilt.append(Rebuilt(.cancel(id(cancelled))))
      case .single(var operation, let priority):
        if let context { operation = { [operation] in await context.run(operation) } }
        rebuilt.append(
          Rebuilt(.single({ [operation] in transform(await operation()) }, priority: priority))
        )
      case .sequence(var operation, let priority):
        if let context {
          operation = { [operation] send in await context.run { await operation(send) } }
        }
        rebuilt.append(
          Rebuilt(
            .sequence(
              { [operation] send in await operation { send(transform($0)) } },
              priority: priority
            )
          )
        )
      case .stream(var makeStream):
        if let context { makeStream = { [makeStream] in context.run(makeStream) } }
        rebuilt.append(
          Rebuilt(.stream { [makeStream] in MappedStream.make(makeStream(), transform) })
        )
      case .subscribe(var start):
        if let context { start = { [start] emitter in context.run { start(emitter) } } }
        rebuilt.append(
          Rebuilt(
            .subscribe { [start] emitter in
              start(EffectEmitter(emit: { emitter.emit(transform($0)) }, finish: emitter.finish))
            }
          )
        )
      }
    }
    return rebuilt[0]
  }

  /// Builds the rebuilt form of `effect`, a node with children, from the last rebuilt effects
  /// (its children's, in order), which it removes from `rebuilt`.
  private static func assemble<NewElement: Sendable>(
    _ effect: AnyEffect,
    from rebuilt: inout [AnyEffect<NewElement>],
    id: (AnyEffectID) -> AnyEffectID
  ) -> AnyEffect<NewElement> {
    switch effect.operation {
    case .concat(let children, let priority):
      let start = rebuilt.count - children.effects.count
      let mapped = Array(rebuilt[start...])
      rebuilt.removeSubrange(start...)
      return AnyEffect<NewElement>(.concat(EffectChildren(mapped), priority: priority))
    case .merge(let children, let priority):
      let start = rebuilt.count - children.effects.count
      let mapped = Array(rebuilt[start...])
      rebuilt.removeSubrange(start...)
      return AnyEffect<NewElement>(.merge(EffectChildren(mapped), priority: priority))
    case .cancellable(_, let cancellableID, let cancelInFlight):
      let inner = rebuilt.removeLast()
      return AnyEffect<NewElement>(
        .cancellable(EffectChildren([inner]), id: id(cancellableID), cancelInFlight: cancelInFlight)
      )
    case .debounce(_, let debounceID, let dueTime, let clock):
      let inner = rebuilt.removeLast()
      return AnyEffect<NewElement>(
        .debounce(EffectChildren([inner]), id: id(debounceID), dueTime: dueTime, clock: clock)
      )
    case .throttle(_, let throttleID, let interval, let latest, let clock):
      let inner = rebuilt.removeLast()
      return AnyEffect<NewElement>(
        .throttle(
          EffectChildren([inner]),
          id: id(throttleID),
          interval: interval,
          latest: latest,
          clock: clock
        )
      )
    case .none, .just, .cancel, .single, .sequence, .stream, .subscribe:
      preconditionFailure("\(effect.operation) has no children to assemble")
    }
  }
}

extension AnyEffect {
  /// The same effect, every piece of its work run inside `context` (see
  /// ``rebuilt(mapping:rewritingIDs:inside:)``): how OneWayDependencies' reducer modifiers
  /// carry their overrides into the effects of the reducer they modify (K3).
  package func inside(_ context: any StoreContext) -> AnyEffect {
    switch operation {
    case .none, .just, .cancel: self
    default: rebuilt(mapping: { $0 }, rewritingIDs: nil, inside: context)
    }
  }
}
