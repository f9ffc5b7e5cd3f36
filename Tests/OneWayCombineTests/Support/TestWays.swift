#if Combine
import CombineSchedulers
import Foundation
import OneWayCombine

/// The counter of OneWay 1.x's README and tests, with the actions the tests need.
///
/// `@unchecked Sendable`, as a subclass used from several threads must say in Swift 6: its one
/// stored property, `reduced`, is written only by `reduce`, under the way's lock.
final class CounterWay: Way<CounterWay.Action, CounterWay.State>, @unchecked Sendable {
  enum Action {
    case increment
    case decrement
    case twice
    case incrementMany
    case saveNumber(Int)
    case saveText(String)
    /// Sends `.increment` to the way from inside its own reduce.
    case sendIncrementFromReduce
    /// Returns `sideWay`.
    indirect case run(SideWay<Action, Never>)
  }

  struct State: Equatable {
    var number: Int
    var text = ""
  }

  /// Every action reduced, in order.
  private(set) var reduced: [Action] = []

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    reduced.append(action)
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .decrement:
      state.number -= 1
      return .none
    case .twice:
      return .concat(.just(.increment), .just(.increment))
    case .incrementMany:
      state.number += 1
      return state.number >= 100_000 ? .none : .just(.incrementMany)
    case .saveNumber(let number):
      state.number = number
      return .none
    case .saveText(let text):
      state.text = text
      return .none
    case .sendIncrementFromReduce:
      send(.increment)
      // The nested send is queued: the state is not changed yet.
      state.text = "number was \(self.state.number) during the nested send"
      return .none
    case .run(let sideWay):
      return sideWay
    }
  }
}

/// Subjects that a way binds to, one set per test (the README's are global).
final class Subjects: @unchecked Sendable {
  // Combine's subjects are thread-safe.
  let text = PassthroughSubject<String, Never>()
  let number = PassthroughSubject<Int, Never>()
}

/// OneWay 1.x's `TestWay`: bound to two subjects, with delayed side ways on a test scheduler.
final class TestWay: Way<TestWay.Action, TestWay.State>, @unchecked Sendable {
  enum Action {
    case increment
    case saveText(String)
    case saveNumber(Int)
    case fetchDelayedNumber
    case fetchDelayedNumberWithError
    case fetchForever
  }

  struct State: Equatable {
    var number: Int
    var text: String
  }

  struct Failure: Error {}

  let scheduler = DispatchQueue.test
  let subjects: Subjects
  /// A subject no side way ever completes.
  let forever = PassthroughSubject<Int, Never>()

  init(initialState: State, subjects: Subjects, threadOption: ThreadOption = .current) {
    self.subjects = subjects
    super.init(initialState: initialState, threadOption: threadOption)
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .saveText(let text):
      state.text = text
      return .none
    case .saveNumber(let number):
      state.number = number
      return .none
    case .fetchDelayedNumber:
      return SideWay<Int, Never>
        .future { [scheduler] promise in
          scheduler.schedule(after: scheduler.now.advanced(by: 100)) { promise(.success(10)) }
          scheduler.schedule(after: scheduler.now.advanced(by: 200)) { promise(.success(20)) }
        }
        .map({ Action.saveNumber($0) })
        .eraseToSideWay()
    case .fetchDelayedNumberWithError:
      return SideWay<Int, any Error>
        .future { [scheduler] promise in
          scheduler.schedule(after: scheduler.now.advanced(by: 100)) {
            promise(.failure(Failure()))
          }
        }
        .map({ Action.saveNumber($0) })
        .catchToReturn(Action.saveNumber(-1))
        .eraseToSideWay()
    case .fetchForever:
      return forever.map(Action.saveNumber).eraseToSideWay()
    }
  }

  override func bind() -> SideWay<Action, Never> {
    .merge(
      subjects.text
        .map({ Action.saveText($0) })
        .eraseToSideWay(),
      subjects.number
        .map({ Action.saveNumber($0) })
        .eraseToSideWay()
    )
  }
}

/// The same way on `NSObject`.
final class TestNSWay: NSWay<TestNSWay.Action, TestNSWay.State>, @unchecked Sendable {
  enum Action {
    case increment
    case decrement
    case twice
    case saveNumber(Int)
  }

  struct State: Equatable {
    var number: Int
  }

  let subjects: Subjects

  init(initialState: State, subjects: Subjects, threadOption: ThreadOption = .current) {
    self.subjects = subjects
    super.init(initialState: initialState, threadOption: threadOption)
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .decrement:
      state.number -= 1
      return .none
    case .twice:
      return .concat(.just(.increment), .just(.increment))
    case .saveNumber(let number):
      state.number = number
      return .none
    }
  }

  override func bind() -> SideWay<Action, Never> {
    subjects.number.map(Action.saveNumber).eraseToSideWay()
  }
}

/// A subject that counts its subscribers, to see side ways start and end.
final class CountingSubject<Output>: Publisher, @unchecked Sendable {
  typealias Failure = Never
  // Combine's subjects are thread-safe; `count` is guarded by `lock`.
  private let subject = PassthroughSubject<Output, Never>()
  private let lock = NSLock()
  private var count = 0

  var subscriberCount: Int { lock.withLock { count } }

  func send(_ value: Output) { subject.send(value) }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    lock.withLock { count += 1 }
    subject
      .handleEvents(
        receiveCompletion: { [weak self] _ in self?.lock.withLock { self?.count -= 1 } },
        receiveCancel: { [weak self] in self?.lock.withLock { self?.count -= 1 } }
      )
      .subscribe(subscriber)
  }
}

/// Values collected from any thread.
final class Collected<Value>: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var storage: [Value] = []

  var values: [Value] { lock.withLock { storage } }

  func append(_ value: Value) { lock.withLock { storage.append(value) } }
}

/// Runs `body` on `count` new threads at once and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}
#endif
