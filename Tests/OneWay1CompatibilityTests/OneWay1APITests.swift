#if Combine
// Source compatibility with OneWay 1.3: every public symbol of its API, used the way its
// README, documentation and tests spell it. Compiled by every `swift build --build-tests`
// (in Swift 5 language mode, as 1.3's users compiled it); `compilesAndRuns` runs it once.
//
// Where 1.3 and this library differ, the difference is named in a comment. `AnyWay` was
// internal in 1.3 and is public here; nothing else was added to 1.3's names.

import CombineSchedulers
import Foundation
import OneWayCombine
import OpenCombineShim
import Testing

struct APIError: Error {}

/// 1.3's test way (`Tests/OneWayTests/Mocks/TestWay.swift`), as written there.
final class APIWay: Way<APIWay.Action, APIWay.State> {
  enum Action {
    case increment
    case saveNumber(Int)
    case fetchDelayedNumber
    case fetchDelayedNumberWithError
    case result(Result<Int, Error>)
  }

  struct State: Equatable {
    var number: Int
    var text: String
  }

  let scheduler = DispatchQueue.test

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .increment:
      state.number += 1
      return .none
    case .saveNumber(let number):
      state.number = number
      return .none
    case .fetchDelayedNumber:
      return SideWay<Int, Never>
        .future { [weak scheduler] promise in
          guard let scheduler = scheduler else { return }
          scheduler.schedule(after: scheduler.now.advanced(by: 100)) {
            promise(.success(10))
          }
        }
        .map({ Action.saveNumber($0) })
        .eraseToSideWay()
    case .fetchDelayedNumberWithError:
      return SideWay<Int, Error>
        .future { promise in promise(.failure(APIError())) }
        .map({ Action.saveNumber($0) })
        .catchToReturn(Action.saveNumber(-1))
        .eraseToSideWay()
    case .result:
      return .none
    }
  }

  override func bind() -> SideWay<Action, Never> {
    return .none
  }
}

/// Every member of `Way`, `NSWay`, `ThreadOption`, `WayPublisher` and `AnyWay`.
func wayAPI() -> [Any] {
  let way: Way<APIWay.Action, APIWay.State> = APIWay(
    initialState: .init(number: 0, text: ""),
    threadOption: .current
  )
  let defaultOption = APIWay(initialState: .init(number: 0, text: ""))
  let options: [ThreadOption] = [.current, .threadSafe]
  let initialState: APIWay.State = way.initialState
  let state: APIWay.State = way.state
  let publisher: WayPublisher<APIWay.State> = way.publisher
  let number: WayPublisher<Int> = way.publisher.number
  let text: WayPublisher<String> = publisher.text
  let reduced: SideWay<APIWay.Action, Never> = {
    var state = way.state
    return way.reduce(state: &state, action: .increment)
  }()
  let bound: SideWay<APIWay.Action, Never> = way.bind()
  way.send(.increment)
  way.reset()
  let observable: ObservableObjectPublisher = way.objectWillChange
  let anyWay = AnyWayUser(way)
  return [
    defaultOption, options, initialState, state, number, text, reduced, bound, observable, anyWay,
  ]
}

/// `NSWay`'s members.
final class APINSWay: NSWay<Int, Int> {
  override func reduce(state: inout Int, action: Int) -> SideWay<Int, Never> {
    state += action
    return .none
  }

  override func bind() -> SideWay<Int, Never> {
    .none
  }
}

func nsWayAPI() -> [Any] {
  let way = APINSWay(initialState: 0, threadOption: .threadSafe)
  let object: NSObject = way
  way.send(1)
  way.reset()
  let values: [Any] = [way.initialState, way.state, way.publisher, way.objectWillChange, object]
  return values
}

/// `AnyWay` (internal in 1.3) as a constraint.
struct AnyWayUser<W: AnyWay> {
  let way: W

  init(_ way: W) {
    self.way = way
  }

  func touch() -> W.State {
    way.state
  }
}

/// `SideWay`'s vocabulary.
func sideWayAPI() -> [Any] {
  let wrapped = SideWay<Int, Never>(Just(1))
  let failed = SideWay<Int, Error>(error: APIError())
  let upstream: AnyPublisher<Int, Never> = wrapped.upstream
  let mapped: SideWay<String, Never> = wrapped.map { "\($0)" }
  let none: SideWay<Int, Never> = .none
  let just: SideWay<Int, Never> = .just(1)
  let concat: SideWay<Int, Never> = .concat(.just(1), .just(2))
  let concatCollection: SideWay<Int, Never> = .concat([just, none])
  let merge: SideWay<Int, Never> = .merge(.just(1), .just(2))
  let mergeSequence: SideWay<Int, Never> = .merge([just, none].lazy.map { $0 })
  let future: SideWay<Int, Never> = .future { promise in promise(.success(1)) }
  let async: SideWay<Int, Never> = .async(priority: .high) { 1 }
  let asyncThrowing: SideWay<Int, Error> = .async { () async throws -> Int in throw APIError() }
  let asyncDefault: SideWay<Int, Never> = .async { 2 }
  var received: [Int] = []
  let subscription = just.sink { received.append($0) }
  return [
    failed, upstream, mapped, concat, concatCollection, merge, mergeSequence, future, async,
    asyncThrowing, asyncDefault, subscription,
  ]
}

/// The `Publisher` helpers.
func publisherHelpersAPI() -> [Any] {
  let failing = Fail<Int, APIError>(error: APIError())
  let erased: SideWay<Int, APIError> = failing.eraseToSideWay()
  let transformed: SideWay<String, APIError> = failing.eraseToSideWay { "\($0)" }
  let caught: SideWay<Int, Never> = failing.catch { _ in -1 }
  let result: SideWay<Result<Int, APIError>, Never> = failing.catchToResult()
  let resultTransformed: SideWay<Int, Never> = failing.catchToResult { _ in 0 }
  let never: SideWay<Int, Never> = failing.catchToNever()
  let returned: SideWay<Int, Never> = failing.catchToReturn(-1)
  let empty: SideWay<Void, Never> = failing.empty(outputType: Void.self, failureType: Never.self)
  let inferredEmpty: SideWay<String, Never> = failing.empty()
  return [
    erased, transformed, caught, result, resultTransformed, never, returned, empty, inferredEmpty,
  ]
}

/// 1.3's deprecated names, from a deprecated context (as code that still uses them compiles).
@available(*, deprecated, message: "1.3's deprecated names")
func deprecatedAPI() -> [Any] {
  let way = APIWay(initialState: .init(number: 0, text: ""))
  let failing = Fail<Int, APIError>(error: APIError())
  let nsWay = APINSWay(initialState: 0)
  return [
    way.currentState, nsWay.currentState, failing.catchToSideWay(),
    failing.catchToSideWay { _ in 0 },
  ]
}

@Test func w1CompilesAndRuns() {
  #expect(wayAPI().count == 10)
  #expect(nsWayAPI().count == 5)
  #expect(sideWayAPI().count == 12)
  #expect(publisherHelpersAPI().count == 9)

  let way = APIWay(initialState: .init(number: 0, text: ""))
  way.send(.fetchDelayedNumber)
  way.scheduler.advance(by: 100)
  #expect(way.state.number == 10)
  way.send(.fetchDelayedNumberWithError)
  #expect(way.state.number == -1)
}
#endif
