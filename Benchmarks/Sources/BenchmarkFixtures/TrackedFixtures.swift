import Observation
import OneWay

/// The reducer of scenario 13: a state of 100 properties a view could read, and one more.
package struct TrackedReducer: Reducer {
  package enum Action: Sendable {
    /// Changes a property nobody reads.
    case changeUnread
    /// Changes the first of the read properties.
    case changeRead
  }

  package struct State: Sendable, Equatable {
    package var unread = 0
    package var p0 = 0
    package var p1 = 0
    package var p2 = 0
    package var p3 = 0
    package var p4 = 0
    package var p5 = 0
    package var p6 = 0
    package var p7 = 0
    package var p8 = 0
    package var p9 = 0
    package var p10 = 0
    package var p11 = 0
    package var p12 = 0
    package var p13 = 0
    package var p14 = 0
    package var p15 = 0
    package var p16 = 0
    package var p17 = 0
    package var p18 = 0
    package var p19 = 0
    package var p20 = 0
    package var p21 = 0
    package var p22 = 0
    package var p23 = 0
    package var p24 = 0
    package var p25 = 0
    package var p26 = 0
    package var p27 = 0
    package var p28 = 0
    package var p29 = 0
    package var p30 = 0
    package var p31 = 0
    package var p32 = 0
    package var p33 = 0
    package var p34 = 0
    package var p35 = 0
    package var p36 = 0
    package var p37 = 0
    package var p38 = 0
    package var p39 = 0
    package var p40 = 0
    package var p41 = 0
    package var p42 = 0
    package var p43 = 0
    package var p44 = 0
    package var p45 = 0
    package var p46 = 0
    package var p47 = 0
    package var p48 = 0
    package var p49 = 0
    package var p50 = 0
    package var p51 = 0
    package var p52 = 0
    package var p53 = 0
    package var p54 = 0
    package var p55 = 0
    package var p56 = 0
    package var p57 = 0
    package var p58 = 0
    package var p59 = 0
    package var p60 = 0
    package var p61 = 0
    package var p62 = 0
    package var p63 = 0
    package var p64 = 0
    package var p65 = 0
    package var p66 = 0
    package var p67 = 0
    package var p68 = 0
    package var p69 = 0
    package var p70 = 0
    package var p71 = 0
    package var p72 = 0
    package var p73 = 0
    package var p74 = 0
    package var p75 = 0
    package var p76 = 0
    package var p77 = 0
    package var p78 = 0
    package var p79 = 0
    package var p80 = 0
    package var p81 = 0
    package var p82 = 0
    package var p83 = 0
    package var p84 = 0
    package var p85 = 0
    package var p86 = 0
    package var p87 = 0
    package var p88 = 0
    package var p89 = 0
    package var p90 = 0
    package var p91 = 0
    package var p92 = 0
    package var p93 = 0
    package var p94 = 0
    package var p95 = 0
    package var p96 = 0
    package var p97 = 0
    package var p98 = 0
    package var p99 = 0

    package init() {}

    /// The key paths of the 100 properties.
    package static let paths: [KeyPath<State, Int> & Sendable] = [
      \.p0,
      \.p1,
      \.p2,
      \.p3,
      \.p4,
      \.p5,
      \.p6,
      \.p7,
      \.p8,
      \.p9,
      \.p10,
      \.p11,
      \.p12,
      \.p13,
      \.p14,
      \.p15,
      \.p16,
      \.p17,
      \.p18,
      \.p19,
      \.p20,
      \.p21,
      \.p22,
      \.p23,
      \.p24,
      \.p25,
      \.p26,
      \.p27,
      \.p28,
      \.p29,
      \.p30,
      \.p31,
      \.p32,
      \.p33,
      \.p34,
      \.p35,
      \.p36,
      \.p37,
      \.p38,
      \.p39,
      \.p40,
      \.p41,
      \.p42,
      \.p43,
      \.p44,
      \.p45,
      \.p46,
      \.p47,
      \.p48,
      \.p49,
      \.p50,
      \.p51,
      \.p52,
      \.p53,
      \.p54,
      \.p55,
      \.p56,
      \.p57,
      \.p58,
      \.p59,
      \.p60,
      \.p61,
      \.p62,
      \.p63,
      \.p64,
      \.p65,
      \.p66,
      \.p67,
      \.p68,
      \.p69,
      \.p70,
      \.p71,
      \.p72,
      \.p73,
      \.p74,
      \.p75,
      \.p76,
      \.p77,
      \.p78,
      \.p79,
      \.p80,
      \.p81,
      \.p82,
      \.p83,
      \.p84,
      \.p85,
      \.p86,
      \.p87,
      \.p88,
      \.p89,
      \.p90,
      \.p91,
      \.p92,
      \.p93,
      \.p94,
      \.p95,
      \.p96,
      \.p97,
      \.p98,
      \.p99,
    ]
  }

  package init() {}

  package func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .changeUnread: state.unread &+= 1
    case .changeRead: state.p0 &+= 1
    }
    return .none
  }
}

/// Scenario 13: sends to a view store whose first `count` properties were read through its
/// dynamic members, as views would read them; each property that changed is read again after
/// the send, as the view it invalidated would be evaluated again.
@MainActor
package final class TrackedPropertiesStore {
  let store = ViewStore(reducer: TrackedReducer(), state: TrackedReducer.State())
  let paths: [KeyPath<TrackedReducer.State, Int> & Sendable]

  package init(count: Int) {
    paths = Array(TrackedReducer.State.paths.prefix(count))
    _ = store.state
    for path in paths { keep(store[dynamicMember: path]) }
  }

  package func send(_ action: TrackedReducer.Action, _ iterations: Range<Int>) {
    let first = paths[0]
    for _ in iterations {
      store.send(action)
      if case .changeRead = action { keep(store[dynamicMember: first]) }
    }
  }
}

/// The hand-written reference for scenario 13: the same reducer called directly, then the
/// same number of properties compared in the states before and after, each through its key
/// path, as code that compares properties it was given at run time, not compiled in, names
/// them.
@MainActor
package final class BareTrackedComparisons {
  let reducer = TrackedReducer()
  var state = TrackedReducer.State()
  let paths: [KeyPath<TrackedReducer.State, Int> & Sendable]
  var changes = 0

  package init(count: Int) {
    paths = Array(TrackedReducer.State.paths.prefix(count))
  }

  package func send(_ action: TrackedReducer.Action, _ iterations: Range<Int>) {
    for _ in iterations {
      let before = state
      keep(directTrackedReduce(reducer, &state, action))
      for path in paths where before[keyPath: path] != state[keyPath: path] { changes &+= 1 }
    }
    keep(changes)
  }
}

@inline(never)
func directTrackedReduce(
  _ reducer: TrackedReducer,
  _ state: inout TrackedReducer.State,
  _ action: TrackedReducer.Action
) -> AnyEffect<TrackedReducer.Action> {
  reducer.reduce(state: &state, action: action)
}

/// What Observation itself costs for one changed property, for scenario 13's one-property
/// row: the same reduce and comparison as ``BareTrackedComparisons``, then the three calls an
/// `@Observable` class makes for a property that changed and is read again (`willSet`,
/// `didSet`, `access`), on a registrar of its own.
@MainActor
package final class BareObservationCalls: Observable {
  let registrar = ObservationRegistrar()
  let comparisons = BareTrackedComparisons(count: 1)
  var first: Int { comparisons.state.p0 }

  package init() {}

  package func send(_ iterations: Range<Int>) {
    for _ in iterations {
      comparisons.send(.changeRead, 0..<1)
      registrar.willSet(self, keyPath: \.first)
      registrar.didSet(self, keyPath: \.first)
      registrar.access(self, keyPath: \.first)
      keep(first)
    }
  }
}
