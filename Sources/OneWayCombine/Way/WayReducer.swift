#if Combine
/// How a way's engine reaches the way: a reducer that calls the way's `reduce` and `bind`, and
/// turns the side ways they return into the engine's effects.
///
/// It holds the way `unowned(unsafe)`, through an anchor set once in the way's initialiser,
/// before the engine can reduce anything. That is safe because the engine only calls the
/// reducer while someone holds the way strongly: `send`, `reset` and the initialiser are
/// methods of the way, and a side way's publisher loads the way from a weak reference, and
/// keeps it, for as long as it hands the engine an output or a completion (see
/// ``SideWay/effect(of:)``). A way whose last reference is gone is never reduced again.
@usableFromInline
struct WayReducer<Action, State: Equatable>: Reducer, @unchecked Sendable {
  @usableFromInline let anchor: WayAnchor<Action, State>

  init(anchor: WayAnchor<Action, State>) {
    self.anchor = anchor
  }

  @inlinable @inline(__always)
  func reduce(
    state: inout WayValue<State>,
    action: WayValue<Action>
  ) -> AnyEffect<WayValue<Action>> {
    // Always inlined into the engine's reduce: a call of its own would add a frame around one
    // virtual call and one comparison to every send.
    // Borrowed, not retained: the way outlives the reduce (see the type's documentation), and
    // a retain and a release around it were most of what a `send` paid for this layer. The
    // closure only calls the way's `reduce`, so that it is inlined into the engine's reduce;
    // with the side way's conversion in it, it stayed a call of its own.
    let sideWay = anchor.way.unsafelyUnwrapped._withUnsafeGuaranteedRef { way in
      way.reduce(state: &state.value, action: action.value)
    }
    if case .none = sideWay.body { return .none }
    return sideWay.makeEffect(of: anchor.way.unsafelyUnwrapped.takeUnretainedValue())
  }

  @usableFromInline
  func bind() -> AnyEffect<WayValue<Action>> {
    let way = anchor.way.unsafelyUnwrapped.takeUnretainedValue()
    return way.bind().effect(of: way)
  }
}

/// Where the reducer finds its way: set once, in the way's initialiser, before the engine
/// reduces anything, and only read afterwards (see ``WayReducer``).
@usableFromInline
final class WayAnchor<Action, State: Equatable> {
  // Written once, before the engine can read it (see the type's documentation): dynamic
  // exclusivity checks would only cost time on every reduce. Unmanaged, like the
  // `unowned(unsafe)` reference it replaces: the anchor does not keep the way alive.
  @exclusivity(unchecked) @usableFromInline var way: Unmanaged<Way<Action, State>>?

  init() {}
}

extension SideWay where Failure == Never {
  /// The engine's form of this side way, for the engine of `way`.
  @inlinable
  func effect<State>(of way: Way<Output, State>) -> AnyEffect<WayValue<Output>> {
    if case .none = body { return .none }
    return makeEffect(of: way)
  }

  /// Synchronous side ways become the engine's synchronous effects, reduced within the
  /// `send`; anything else is one subscription to the side way's publisher, run with
  /// Combine's own semantics (a `concat` subscribes to its next publisher when the one before
  /// completes, on the thread that completed it).
  @usableFromInline
  func makeEffect<State>(of way: Way<Output, State>) -> AnyEffect<WayValue<Output>> {
    if let effect = synchronousEffect() { return effect }
    let source = UncheckedSendable(upstream)
    let reference = WeakReference(way)
    return .subscribe { emitter in
      // Each callback keeps the way alive while the engine handles it (see `WayReducer`);
      // once the way is gone, its outputs are dropped.
      let cancellable = source.value.sink(
        receiveCompletion: { _ in
          withExtendedLifetime(reference.object) { emitter.finish() }
        },
        receiveValue: { output in
          guard let way = reference.object else { return }
          withExtendedLifetime(way) { emitter.emit(WayValue(output)) }
        }
      )
      let subscription = UncheckedSendable(cancellable)
      return { subscription.value.cancel() }
    }
  }

  /// The engine's effect for a side way made only of `none`, `just`, `concat` and `merge`;
  /// `nil` when a publisher is part of it.
  func synchronousEffect() -> AnyEffect<WayValue<Output>>? {
    switch body {
    case .none:
      return AnyEffect.none
    case .just(let output):
      return .just(WayValue(output))
    case .concat(let sideWays):
      guard let effects = Self.synchronousEffects(sideWays) else { return nil }
      return .concat { for effect in effects { effect } }
    case .merge(let sideWays):
      guard let effects = Self.synchronousEffects(sideWays) else { return nil }
      return .merge { for effect in effects { effect } }
    case .publisher:
      return nil
    }
  }

  private static func synchronousEffects(
    _ sideWays: [SideWay]
  ) -> [AnyEffect<WayValue<Output>>]? {
    var effects: [AnyEffect<WayValue<Output>>] = []
    effects.reserveCapacity(sideWays.count)
    for sideWay in sideWays {
      guard let effect = sideWay.synchronousEffect() else { return nil }
      effects.append(effect)
    }
    return effects
  }
}
#endif
