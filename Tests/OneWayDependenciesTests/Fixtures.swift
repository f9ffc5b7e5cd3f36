#if Dependencies
import Dependencies
import OneWay

/// A dependency with live and test values, as an app declares one.
struct LabelClient: Sendable {
  var name: @Sendable () -> String
}

extension LabelClient: DependencyKey {
  static let liveValue = LabelClient { "live" }
  static let testValue = LabelClient { "test" }
  static func named(_ name: String) -> Self { LabelClient { name } }
}

/// A dependency with a live value and no test value.
struct LiveOnlyClient: Sendable {
  var name: @Sendable () -> String
}

extension LiveOnlyClient: DependencyKey {
  static let liveValue = LiveOnlyClient { "live only" }
}

extension DependencyValues {
  var label: LabelClient {
    get { self[LabelClient.self] }
    set { self[LabelClient.self] = newValue }
  }
  var liveOnly: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
}

/// The label in force where this is called: in a reduce, in an effect's work.
func labelInForce() -> String {
  @Dependency(\.label) var label
  return label.name()
}

/// Reads the label in its reduce and in every kind of effect, each effect reading it when
/// its work runs.
struct Reader: Reducer {
  struct State: Equatable, Sendable {
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case read
    case single
    case debounced
    case throttled
    case concat
    case merge
    case sequence
    case create
    case stream
    case got(String)
    case usesLiveOnly
  }

  struct DebounceID: Hashable, Sendable {}

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .read:
      state.seen.append("reduce \(labelInForce())")
      return .none
    case .single:
      return .single { .got("single \(labelInForce())") }
    case .debounced:
      return AnyEffect.single { .got("debounced \(labelInForce())") }
        .debounce(id: DebounceID(), for: .milliseconds(300))
    case .throttled:
      return AnyEffect.single { .got("throttled \(labelInForce())") }
        .throttle(id: DebounceID(), for: .milliseconds(300))
    case .concat:
      return .concat(
        .single { .got("concat 1 \(labelInForce())") },
        .single { .got("concat 2 \(labelInForce())") }
      )
    case .merge:
      return .merge(.single { .got("merge \(labelInForce())") })
    case .sequence:
      return .sequence { send in send(.got("sequence \(labelInForce())")) }
    case .create:
      let label = labelInForce()
      return .create { continuation in
        continuation.yield(.got("create \(label)"))
        continuation.finish()
      }
    case .stream:
      return AnyEffect(LabelEffect())
    case .got(let seen):
      state.seen.append(seen)
      return .none
    case .usesLiveOnly:
      @Dependency(\.liveOnly) var liveOnly
      state.seen.append(liveOnly.name())
      return .none
    }
  }
}

/// An effect of the app's own type, run by iterating its values.
struct LabelEffect: Effect {
  var values: AsyncStream<Reader.Action> {
    AsyncStream { continuation in
      continuation.yield(.got("stream \(labelInForce())"))
      continuation.finish()
    }
  }
}

/// A parent of two readers: the first with its label set on its reducer (K3), the second,
/// its sibling, without; the parent reads the label too.
struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var overridden = Reader.State()
    var sibling = Reader.State()
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case overridden(Reader.Action)
    case sibling(Reader.Action)
    case read
  }

  var body: some Reducer<Action, State> {
    Scope(
      state: \.overridden,
      action: Action.overridden,
      extract: { if case .overridden(let action) = $0 { action } else { nil } }
    ) {
      Reader().dependency(\.label, .named("override"))
    }
    Scope(
      state: \.sibling,
      action: Action.sibling,
      extract: { if case .sibling(let action) = $0 { action } else { nil } }
    ) {
      Reader()
    }
    Reduce { state, action in
      if case .read = action { state.seen.append("parent \(labelInForce())") }
      return .none
    }
  }
}
#endif
