import Dispatch
import Foundation
import Swidux
import Testing

/// Key-path subscriptions of Swidux's store (D2, and S1–S3 on this synchronous store).
@Suite struct SubscriptionTests {
  struct Counter {
    var count = 0
    var text = ""
  }

  enum Change: Action {
    case setCount(Int)
    case setText(String)
    case increment
    /// Sets the count to a value, then back to what it was, in one reduce.
    case wobble
  }

  static let reducer = Reducer<Counter> { state, action in
    switch action as! Change {
    case .setCount(let count): state.count = count
    case .setText(let text): state.text = text
    case .increment: state.count += 1
    case .wobble:
      let count = state.count
      state.count = count + 100
      state.count = count
    }
  }

  @Test func s1d2ASubscriberIsToldAtOnceThenOnlyWhenItsValueChanges() {
    let store = Store(initialState: Counter(count: 5), reducer: Self.reducer)
    let counts = Locked<[Int]>([])
    let token = store.subscribe(\.count) { counts.append($0) }
    #expect(counts.current == [5], "told at once with the current value")

    store.dispatch(Change.setText("another field"))
    store.dispatch(Change.setCount(5))
    #expect(counts.current == [5], "not told of other fields, nor of an equal value")

    store.dispatch(Change.setCount(6))
    store.dispatch(Change.increment)
    store.dispatch(Change.increment)
    withExtendedLifetime(token) {
      #expect(counts.current == [5, 6, 7, 8], "then every change, in order")
    }
  }

  @Test func s1d2SubscribingFromInsideASubscriberWhileTheStoreNotifiesTellsEachOnce() {
    // The engine walks its own list of subscribers, under the store's (recursive) lock; a
    // subscriber that subscribes 40 more grows that list during the walk.
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let log = Locked<[String]>([])
    let late = Locked<[StoreSubscriptionToken]>([])
    let first = store.subscribe(\.count) { count in
      log.append("first \(count)")
      guard count == 1 else { return }
      for index in 0..<40 {
        late.append(store.subscribe(\.count) { log.append("late \(index): \($0)") })
      }
    }
    let last = store.subscribe(\.count) { log.append("last \($0)") }
    log.withLock { $0.removeAll() }

    store.dispatch(Change.setCount(1))
    #expect(log.current == ["first 1"] + (0..<40).map { "late \($0): 1" } + ["last 1"])
    log.withLock { $0.removeAll() }
    store.dispatch(Change.setCount(2))
    #expect(log.current == ["first 2", "last 2"] + (0..<40).map { "late \($0): 2" })
    withExtendedLifetime((first, last, late)) {}
  }
  @Test func s1d2ASubscriberIsToldAfterTheWholeReduceNotAtEachAssignment() {
    let store = Store(initialState: Counter(count: 1), reducer: Self.reducer)
    let counts = Locked<[Int]>([])
    let token = store.subscribe(\.count) { counts.append($0) }
    store.dispatch(Change.wobble)
    withExtendedLifetime(token) {
      #expect(counts.current == [1], "the value at the end of the reduce did not change")
    }
  }

  @Test func s1ASubscriberReadingTheStoreSeesTheCommittedState() {
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let mismatches = Locked(0)
    let token = store.subscribe(\.count) { [unowned store] count in
      if store.getState().count != count { mismatches.withLock { $0 += 1 } }
    }
    for _ in 0..<100 { store.dispatch(Change.increment) }
    withExtendedLifetime(token) { #expect(mismatches.current == 0) }
  }

  /// Every kind of key path: stored properties (read at their offset in the state), nested
  /// ones, and computed properties, subscripts, optional chains and class references (read
  /// through the key path).
  @Test func s1EveryKindOfKeyPathIsToldOfItsChangesOnly() {
    final class Reference: Sendable {
      let name: String
      init(_ name: String) { self.name = name }
    }
    struct Inner: Equatable {
      var values: [Int] = [0]
      var label = "a"
    }
    struct State {
      var inner = Inner()
      var optional: Inner?
      var reference = Reference("first")
      var doubled: Int { inner.values[0] * 2 }
    }
    struct Step: Action {
      let change: @Sendable (inout State) -> Void
    }
    let store = Store(
      initialState: State(),
      reducer: Reducer<State> { state, action in (action as! Step).change(&state) }
    )
    let seen = Locked<[String]>([])
    let tokens = [
      store.subscribe(\.inner) { seen.append("inner \($0.values) \($0.label)") },
      store.subscribe(\.inner.label) { seen.append("label \($0)") },
      store.subscribe(\.inner.values[0]) { seen.append("first \($0)") },
      store.subscribe(\.doubled) { seen.append("doubled \($0)") },
      store.subscribe(\.optional?.label) { seen.append("optional \($0 ?? "nil")") },
      store.subscribe(\.reference.name) { seen.append("reference \($0)") },
    ]
    #expect(
      seen.current == [
        "inner [0] a", "label a", "first 0", "doubled 0", "optional nil", "reference first",
      ]
    )

    seen.withLock { $0.removeAll() }
    store.dispatch(Step { $0.inner.label = "b" })
    store.dispatch(Step { $0.inner.values[0] = 2 })
    store.dispatch(Step { $0.inner.values.append(9) })
    store.dispatch(Step { $0.optional = Inner(label: "c") })
    store.dispatch(Step { $0.reference = Reference("second") })
    store.dispatch(Step { $0.reference = Reference("second") })
    withExtendedLifetime(tokens) {
      #expect(
        seen.current == [
          "inner [0] b", "label b",
          "inner [2] b", "first 2", "doubled 4",
          "inner [2, 9] b",
          "optional c",
          "reference second",
        ]
      )
    }
  }

  // MARK: Swidux's README: "The inconsistency of the state could crash the application"

  enum Tasks {
    struct Id<Value>: Hashable, Sendable {
      let raw: Int
    }

    struct Task: Sendable {
      let id: Id<Task>
      let title: String
    }

    struct AppState {
      var tasks: [Id<Task>: Task] = [:]
      var todaysTasksIds: [Id<Task>] = []
    }

    enum TaskAction: Action {
      case create(title: String)
    }

    /// The README's reducer: the ids first, then the task (the order it warns about), or the
    /// other way round.
    static func reducer(idsFirst: Bool) -> Reducer<AppState> {
      Reducer<AppState> { state, action in
        switch action {
        case TaskAction.create(let title):
          let task = Task(id: Id(raw: state.tasks.count), title: title)
          if idsFirst {
            state.todaysTasksIds += [task.id]  // ← ‼️ Inconsistent state, in Swidux
            state.tasks[task.id] = task
          } else {
            state.tasks[task.id] = task
            state.todaysTasksIds += [task.id]
          }
        default: break
        }
      }
    }
  }

  @Test(arguments: [true, false])
  func d2TheReadmesInconsistencyCannotHappenWhateverTheOrderOfAssignments(idsFirst: Bool) {
    let store = Store(initialState: Tasks.AppState(), reducer: Tasks.reducer(idsFirst: idsFirst))
    let missing = Locked(0)
    let listed = Locked<[Int]>([])
    let token = store.subscribe(\.todaysTasksIds) { [unowned store] todaysTasksIds in
      let todaysTasks = todaysTasksIds.map { store.getState().tasks[$0] }
      missing.withLock { $0 += todaysTasks.filter { $0 == nil }.count }
      listed.append(todaysTasks.count)
    }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<250 { store.dispatch(Tasks.TaskAction.create(title: "\(thread)-\(index)")) }
    }
    withExtendedLifetime(token) {
      #expect(missing.current == 0, "no id without its task")
      #expect(listed.current == Array(0...1_000), "told once per change, in order")
    }
  }

  // MARK: S2: on the dispatching thread, before dispatch returns; nested dispatches queued

  @Test func s2SubscribersRunOnTheDispatchingThreadBeforeDispatchReturns() {
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let seenOn = Locked<[Int: ObjectIdentifier]>([:])
    let token = store.subscribe(\.count) { count in
      seenOn.withLock { $0[count] = ObjectIdentifier(Thread.current) }
    }
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      store.dispatch(Change.setCount(thread + 1))
      let told = seenOn.current[thread + 1]
      if told != ObjectIdentifier(Thread.current) { failures.withLock { $0 += 1 } }
    }
    withExtendedLifetime(token) { #expect(failures.current == 0) }
  }

  @Test func s2ASubscriberThatDispatchesIsQueuedAfterTheCurrentActionAndNeverDeadlocks() {
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let events = Locked<[String]>([])
    let first = store.subscribe(\.count) { [unowned store] count in
      events.append("first saw \(count)")
      if count == 1 { store.dispatch(Change.setCount(2)) }
    }
    let second = store.subscribe(\.count) { count in events.append("second saw \(count)") }
    events.withLock { $0.removeAll() }

    store.dispatch(Change.setCount(1))

    withExtendedLifetime((first, second)) {
      #expect(
        events.current == ["first saw 1", "second saw 1", "first saw 2", "second saw 2"],
        "every subscriber hears of 1 before the nested dispatch is reduced"
      )
      #expect(store.getState().count == 2, "and it is reduced before dispatch returns")
    }
  }

  // MARK: S3 and D2: dropping the token

  @Test func s3d2DroppingTheTokenEndsTheSubscriptionAndReleasesTheClosureAtOnce() {
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let counts = Locked<[Int]>([])
    weak var watched: Canary?
    var token: StoreSubscriptionToken?
    do {
      let canary = Canary()
      watched = canary
      token = store.subscribe(\.count) { count in
        withExtendedLifetime(canary) { counts.append(count) }
      }
    }
    store.dispatch(Change.increment)
    #expect(watched != nil)
    #expect(token != nil)

    token = nil
    #expect(watched == nil, "the closure and what it captured are released at once")
    store.dispatch(Change.increment)
    #expect(counts.current == [0, 1], "never called again")
  }

  @Test func s3AfterItsTokenIsGoneOnAnotherThreadTheClosureIsNeverCalledAgain() {
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    let lateCalls = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for _ in 0..<1_000 {
        if thread.isMultiple(of: 2) {
          store.dispatch(Change.increment)
        } else {
          let ended = Locked(false)
          var token: StoreSubscriptionToken? = store.subscribe(\.count) { _ in
            if ended.current { lateCalls.withLock { $0 += 1 } }
          }
          store.dispatch(Change.increment)
          withExtendedLifetime(token) {}
          token = nil
          ended.withLock { $0 = true }
        }
      }
    }
    #expect(lateCalls.current == 0)
    #expect(store.getState().count == 8 * 1_000)
  }

  @Test func s3d2SubscriptionsOfDifferentStoresNeverSeeEachOther() {
    let first = Store(initialState: Counter(), reducer: Self.reducer)
    let second = Store(initialState: Counter(), reducer: Self.reducer)
    let firstCounts = Locked<[Int]>([])
    let secondCounts = Locked<[Int]>([])
    let tokens = [
      first.subscribe(\.count) { firstCounts.append($0) },
      second.subscribe(\.count) { secondCounts.append($0) },
    ]
    first.dispatch(Change.increment)
    first.dispatch(Change.increment)
    second.dispatch(Change.setCount(10))
    withExtendedLifetime(tokens) {
      #expect(firstCounts.current == [0, 1, 2])
      #expect(secondCounts.current == [0, 10])
    }
  }
}
