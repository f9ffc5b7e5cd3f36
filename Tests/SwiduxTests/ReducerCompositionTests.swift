import Swidux
import Testing

/// `lift` and `combine`, on Swidux's closure reducers (D1).
@Suite struct ReducerCompositionTests {
  struct Profile {
    var name = ""
    var visits = 0
    var log: [String] = []
  }

  enum ProfileAction: Action {
    case rename(String)
    case visit
  }

  static let nameReducer = Reducer<String> { name, action in
    if case ProfileAction.rename(let newName) = action { name = newName }
  }

  static let visitsReducer = Reducer<Int> { visits, action in
    if case ProfileAction.visit = action { visits += 1 }
  }

  @Test func d1LiftRunsTheReducerOnTheStateAtTheKeyPathAndLeavesTheRest() {
    let lifted: Reducer<Profile> = Self.nameReducer.lift(\.name)
    var profile = Profile(name: "a", visits: 3, log: ["kept"])
    lifted.reduce(&profile, ProfileAction.rename("b"))
    #expect(profile.name == "b")
    #expect(profile.visits == 3)
    #expect(profile.log == ["kept"])
  }

  @Test func d1CombineRunsEveryReducerInOrderEachSeeingTheChangesBeforeIt() {
    func appending(_ word: String) -> Reducer<[String]> {
      Reducer { log, _ in log.append("\(word) after \(log.last ?? "nothing")") }
    }
    let combined = Reducer<[String]>.combine(reducers: [
      appending("first"), appending("second"), appending("third"),
    ])
    var log: [String] = []
    combined.reduce(&log, ProfileAction.visit)
    #expect(
      log == [
        "first after nothing", "second after first after nothing",
        "third after second after first after nothing",
      ]
    )
  }

  @Test func d1CombineOfNoReducersChangesNothing() {
    var visits = 7
    Reducer<Int>.combine(reducers: []).reduce(&visits, ProfileAction.visit)
    #expect(visits == 7)
  }

  @Test func d1LiftedReducersCombineIntoTheApplicationsReducerOfAStore() {
    let store = Store(
      initialState: Profile(),
      reducer: .combine(reducers: [
        Self.nameReducer.lift(\.name),
        Self.visitsReducer.lift(\.visits),
      ])
    )
    store.dispatch(ProfileAction.rename("Ada"))
    store.dispatch(ProfileAction.visit)
    store.dispatch(ProfileAction.visit)
    #expect(store.getState().name == "Ada")
    #expect(store.getState().visits == 2)
  }

  /// Swidux reduces in place, so that appending to a large collection does not copy it; the
  /// engine's commit of the state must not copy it either.
  @Test func d1TheStoreReducesItsStateInPlaceWithoutCopyingIt() {
    struct Log {
      var entries: [Int] = []
      init() { entries.reserveCapacity(1_000) }
    }
    struct Append: Action { let value: Int }
    let addresses = Locked<Set<UnsafeRawPointer?>>([])
    let store = Store(
      initialState: Log(),
      reducer: Reducer<Log> { log, action in
        log.entries.append((action as! Append).value)
        addresses.withLock { _ = $0.insert(log.entries.withUnsafeBytes { $0.baseAddress }) }
      }
    )
    for value in 0..<1_000 { store.dispatch(Append(value: value)) }
    #expect(store.getState().entries == Array(0..<1_000))
    #expect(addresses.current.count == 1, "every append went to the same storage")
  }
}
