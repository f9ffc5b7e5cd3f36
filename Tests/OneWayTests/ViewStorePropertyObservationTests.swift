import Observation
import Testing

@testable import OneWay

/// Whether an assignment to a `@Triggered` property tells that property's readers only: with
/// Glibc's branch of `TriggeredAssignments`. With the branch that Apple platforms build (here
/// when `PortableBranches` selects it), a reduce that assigns one tells every armed reader:
/// more than needed, never fewer.
private let triggeredTellsItsReadersOnly = TriggeredAssignments.canProbe

/// Rule V4: a view store's dynamic members, `store.number`, observe the property they read, and
/// only it; `store.state` observes the whole state.
@MainActor
@Suite struct ViewStorePropertyObservationTests {
  struct Settings: Sendable, Equatable {
    var theme = "light"
    var fontSize = 12
  }

  struct Row: Sendable, Equatable {
    var id: Int
    var title: String
  }

  struct State: Sendable, Equatable {
    var number = 0
    var isLoading = false
    var settings = Settings()
    @Triggered var pulse = 0
    @Triggered var flash = 0
    var rows: [Row] = []
    /// Not stored: read and compared through its key path, where stored properties are read
    /// at their offset in the state.
    var doubled: Int { number * 2 }
  }

  enum Action: Sendable {
    case number(Int)
    case loading(Bool)
    case theme(String)
    case fontSize(Int)
    case pulse(Int)
    case pulseAndLoading(Int, Bool)
    case title(Int, String)
  }

  typealias Registrar = StateRegistrar<
    ViewStore<ClosureReducer<Action, State>, ContinuousClock>, State
  >

  static func store(rows: Int = 0) -> ViewStore<ClosureReducer<Action, State>, ContinuousClock> {
    var state = State()
    state.rows = (0..<rows).map { Row(id: $0, title: "row \($0)") }
    return ViewStore(
      reducer: ClosureReducer<Action, State> { state, action in
        switch action {
        case .number(let number): state.number = number
        case .loading(let isLoading): state.isLoading = isLoading
        case .theme(let theme): state.settings.theme = theme
        case .fontSize(let size): state.settings.fontSize = size
        case .pulse(let pulse): state.pulse = pulse
        case .pulseAndLoading(let pulse, let isLoading):
          state.pulse = pulse
          state.isLoading = isLoading
        case .title(let index, let title): state.rows[index].title = title
        }
        return .none
      },
      state: state
    )
  }

  @Test func v4AMemberReadsTheStatesProperty() {
    let store = Self.store()
    store.send(.number(3))
    #expect(store.number == 3)
    #expect(store.settings.theme == "light")
  }

  @Test func v4AnUnrelatedChangeFiresNothing() {
    let store = Self.store()
    let observer = ViewObserver { _ = store.number }
    store.send(.loading(true))
    store.send(.theme("dark"))
    store.send(.pulse(0))
    store.send(.number(0))
    #expect(observer.fired == (triggeredTellsItsReadersOnly ? 0 : 1))
  }

  @Test func v4AChangeOfTheReadPropertyFiresOnce() {
    let store = Self.store()
    let observer = ViewObserver { _ = store.number }
    store.send(.number(1))
    #expect(observer.fired == 1)
    store.send(.loading(true))
    #expect(observer.fired == 1)
    store.send(.number(2))
    #expect(observer.fired == 2, "observed again once evaluated again")
  }

  @Test func v4ANestedPathObservesItsTopLevelProperty() {
    let store = Self.store()
    let observer = ViewObserver { _ = store.settings.theme }
    store.send(.number(1))
    store.send(.loading(true))
    #expect(observer.fired == 0, "another property")
    store.send(.theme("dark"))
    #expect(observer.fired == 1)
    #expect(store.settings.theme == "dark")
  }

  @Test func v4ANestedKeyPathObservesItsLeaf() {
    let store = Self.store()
    let observer = ViewObserver { _ = store[dynamicMember: \.settings.theme] }
    store.send(.fontSize(20))
    #expect(observer.fired == 0, "a sibling in the same struct")
    store.send(.theme("dark"))
    #expect(observer.fired == 1)
  }

  @Test func v4AComputedPropertyIsObservedLikeAStoredOne() {
    let store = Self.store()
    let observer = ViewObserver { _ = store.doubled }
    store.send(.loading(true))
    store.send(.theme("dark"))
    #expect(observer.fired == 0, "other properties")
    store.send(.number(4))
    #expect(observer.fired == 1)
    #expect(store.doubled == 8)
    #expect(store.number == 4, "a stored property read in place agrees")
  }

  @Test func v4StoredPropertiesAreReadAtTheirOffsetOthersThroughTheirKeyPath() throws {
    let store = Self.store(rows: 2)
    _ = store.number
    _ = store.settings
    _ = store[dynamicMember: \.settings.theme]
    _ = store.rows
    _ = store.doubled
    _ = store.pulse
    _ = store[dynamicMember: \.rows.count]
    _ = store[dynamicMember: \.rows[1].title]
    let registrar = try #require(store.observer.registrar as? Registrar)
    for stored: AnyKeyPath in [\State.number, \State.settings, \State.settings.theme, \State.rows] {
      #expect(registrar.paths[stored]?.offset != nil, "\(stored) is stored inline")
    }
    for other: AnyKeyPath in [
      \State.doubled, \State.pulse, \State.rows.count, \State.rows[1].title,
    ] {
      let observed = try #require(registrar.paths[other])
      #expect(observed.offset == nil, "\(other) is computed or behind a reference")
    }
  }

  @Test func v4FieldsOfEveryKindAreComparedAndReadInPlace() {
    final class Box: Sendable, Equatable {
      static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs }
    }
    struct Fields: Sendable, Equatable {
      var flag = false
      var names: [String] = []
      var nickname: String?
      var box: Box
      var title = ""
    }
    enum Edit: Sendable {
      case names([String]), nickname(String?), box(Box), title(String)
    }
    weak var replaced: Box?
    let store = ViewStore(
      reducer: ClosureReducer<Edit, Fields> { fields, edit in
        switch edit {
        case .names(let names): fields.names = names
        case .nickname(let nickname): fields.nickname = nickname
        case .box(let box): fields.box = box
        case .title(let title): fields.title = title
        }
        return .none
      },
      state: Fields(box: Box())
    )
    .withoutStatesBacklog()
    let names = ViewObserver { _ = store.names }
    let nickname = ViewObserver { _ = store.nickname }
    let boxes = ViewObserver { _ = store.box }
    let title = ViewObserver { _ = store.title }
    store.send(.names(["a", "b"]))
    store.send(.nickname("n"))
    store.send(.title("t"))
    store.send(.nickname(nil))
    #expect([names.fired, nickname.fired, boxes.fired, title.fired] == [1, 2, 0, 1])
    #expect(store.names == ["a", "b"] && store.nickname == nil && store.title == "t")
    do {
      let box = Box()
      replaced = box
      store.send(.box(box))
    }
    #expect(boxes.fired == 1)
    #expect(store.box === replaced, "read where it is stored")
    store.send(.box(Box()))
    #expect(boxes.fired == 2)
    #expect(replaced == nil, "reads in place keep nothing they read alive")
  }

  @Test func v4ATravelWhileATravelledStateIsAnnouncedStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = ViewStorePropertyObservationTests.store()
        var travelled = store.engine.state
        travelled.number = 1
        store.engine.hold { _ in }
        withObservationTracking {
          _ = store.number
        } onChange: {
          MainActor.assumeIsolated { store.engine.replaceHeldState(store.engine.state) }
        }
        store.engine.replaceHeldState(travelled)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("cannot replace it again before that announcement ends"))
  }

  @Test func v4AnEqualAssignmentToATriggeredPropertyTellsItsReadersOnly() {
    let store = Self.store()
    let pulse = ViewObserver { _ = store.pulse }
    let flash = ViewObserver { _ = store.flash }
    let number = ViewObserver { _ = store.number }
    store.send(.pulse(0))
    #expect(pulse.fired == 1, "an equal value, assigned")
    store.send(.pulseAndLoading(0, true))
    #expect(pulse.fired == 2, "assigned in a reduce that changed another property")
    store.send(.loading(false))
    #expect(pulse.fired == 2, "not assigned")
    if triggeredTellsItsReadersOnly {
      #expect(flash.fired == 0, "another @Triggered property")
      #expect(number.fired == 0)
    } else {
      #expect(flash.fired == 2, "told at each reduce that assigned pulse, never fewer")
      #expect(number.fired == 2)
    }
  }

  @Test func v4ReadingStateStillFiresOnEveryChange() {
    let store = Self.store()
    let observer = ViewObserver { _ = store.state.number }
    store.send(.loading(true))
    store.send(.theme("dark"))
    store.send(.pulse(0))
    #expect(observer.fired == 3)
    store.send(.number(0))
    #expect(observer.fired == 3, "an equal state is not a change")
  }

  @Test func v4AChildStoreSeesOnlyItsOwnSlice() {
    let store = Self.store()
    let child: ViewStore<ClosureReducer<String, Settings>, ContinuousClock> = store.scope(
      state: \.settings,
      action: { .theme($0) }
    )
    let theme = ViewObserver { _ = child.theme }
    let whole = ViewObserver { _ = child.state }
    store.send(.number(1))
    #expect(theme.fired == 0 && whole.fired == 0, "outside the child's slice")
    store.send(.fontSize(20))
    #expect(theme.fired == 0, "another property of the slice")
    #expect(whole.fired == 1)
    child.send("dark")
    #expect(theme.fired == 1)
    #expect(child.theme == "dark")
  }

  @Test func v4OneRowOfAThousandChangesAndFiresOneRowObserverOfAThousand() {
    let count = 1_000
    let store = Self.store(rows: count)
    let rows = (0..<count).map { index in
      ViewObserver { _ = store[dynamicMember: \.rows[index].title] }
    }
    store.send(.title(500, "changed"))
    #expect(rows.map(\.fired).reduce(0, +) == 1)
    #expect(rows[500].fired == 1)
    store.send(.title(500, "changed"))
    #expect(rows[500].fired == 1, "an equal title is not a change")
  }

  @Test func v4OneRowOfAThousandChildStoresChangesAndFiresOneObserver() {
    let count = 1_000
    let store = Self.store(rows: count)
    let children: [ViewStore<ClosureReducer<String, Row>, ContinuousClock>] = (0..<count).map {
      index in store.scope(state: \.rows[index], action: { .title(index, $0) })
    }
    let rows = children.map { child in ViewObserver { _ = child.title } }
    let ids = ViewObserver { _ = store[dynamicMember: \.rows.count] }
    children[7].send("changed")
    #expect(rows.map(\.fired).reduce(0, +) == 1)
    #expect(rows[7].fired == 1)
    #expect(ids.fired == 0, "the list's count did not change")
  }

  @Test func v4AReadNobodyRepeatsIsComparedUntilItChangesThenForgotten() throws {
    let store = Self.store()
    _ = store.number
    _ = store.isLoading
    let registrar = try #require(store.observer.registrar as? Registrar)
    #expect(registrar.armed.count == 2)
    store.send(.number(1))
    #expect(registrar.armed.count == 1, "compared no more once it changed")
    store.send(.number(2))
    #expect(registrar.armed.count == 1)
    #expect(registrar.paths.count == 2)
  }

  @Test func v4EqualKeyPathsFromTwoReadersAreOneProperty() throws {
    let store = Self.store()
    let first: KeyPath<State, Int> = \.settings.fontSize
    let second = (\State.settings).appending(path: \Settings.fontSize)
    #expect(first == second)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second), "two objects")
    _ = store[dynamicMember: first]
    _ = store[dynamicMember: second]
    let registrar = try #require(store.observer.registrar as? Registrar)
    #expect(registrar.paths.count == 1)
    #expect(registrar.armed.count == 1, "compared once, whoever read it")
    let observer = ViewObserver { _ = store[dynamicMember: second] }
    store.send(.fontSize(20))
    #expect(observer.fired == 1)
  }

  @Test func v4StateIsToldOfAChangeOnlyIfReadSinceTheLastOneItWasToldOf() throws {
    let store = Self.store()
    _ = store.state
    let registrar = try #require(store.observer.registrar as? Registrar)
    #expect(registrar.isStateArmed)
    store.send(.number(1))
    #expect(!registrar.isStateArmed, "told once; nobody read it since")
    let observer = ViewObserver { _ = store.state }
    #expect(registrar.isStateArmed)
    store.send(.number(2))
    store.send(.number(3))
    #expect(observer.fired == 2, "the observer reads it again each time it is told")
  }

  @Test func v4AReadOfStateDuringAChangeIsToldOfItsDidSet() throws {
    let store = Self.store()
    _ = store.state
    let registrar = try #require(store.observer.registrar as? Registrar)
    store.send(.number(1))
    #expect(!registrar.isStateArmed)
    var current = store.engine.state
    var next = current
    next.number = 2
    withUnsafePointer(to: &current) { current in
      withUnsafePointer(to: &next) { next in
        registrar.willSet(from: current, to: next, assigned: false)
      }
    }
    #expect(!registrar.isStateChanging, "nobody read it since the last change")
    _ = store.state
    #expect(registrar.isStateChanging, "read during the change: told of its didSet")
    registrar.didSet()
    #expect(!registrar.isStateChanging && !registrar.isCommitting)
    #expect(registrar.isStateArmed, "and of the next change")
  }
}
