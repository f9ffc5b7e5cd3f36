#if Combine
// OneWay 1.3's README, as written there, with its imports mapped: `import OneWay` became
// `import OneWayCombine`, and `import Combine` became `import OpenCombineShim` (which is
// Combine on Apple platforms and OpenCombine elsewhere). It is compiled in Swift 5 language
// mode, as 1.3's users compiled it, and run by the tests at the end of this file (W1-W3).

import OneWayCombine
import OpenCombineShim
import Testing

// MARK: - Implementing a Way

final class CounterWay: Way<CounterWay.Action, CounterWay.State> {

  enum Action {
    case increment
    case decrement
    case twice
  }

  struct State: Equatable {
    var number: Int
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
      return .concat(
        .just(.increment),
        .just(.increment)
      )
    }
  }
}

// MARK: - Global States

let globalTextSubject = PassthroughSubject<String, Never>()
let globalNumberSubject = PassthroughSubject<Int, Never>()

final class CustomWay: Way<CustomWay.Action, CustomWay.State> {
  // ...
  enum Action {
    case saveText(String)
    case saveNumber(Int)
  }

  struct State: Equatable {
    var text: String
    var number: Int
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .saveText(let text):
      state.text = text
      return .none
    case .saveNumber(let number):
      state.number = number
      return .none
    }
  }
  // ...
  override func bind() -> SideWay<Action, Never> {
    return .merge(
      globalTextSubject
        .map({ Action.saveText($0) })
        .eraseToSideWay(),
      globalNumberSubject
        .map({ Action.saveNumber($0) })
        .eraseToSideWay()
    )
  }
  // ...
}

// MARK: - Supporting NSObject

final class TestWay: NSWay<TestWay.Action, TestWay.State> {
  // ...
  enum Action {
    case increment
  }

  struct State: Equatable {
    var number: Int
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    state.number += 1
    return .none
  }
}

// MARK: - The README's statements

/// "Sending Actions": prints 2. `currentState` is deprecated in 1.3 already; this function is
/// marked so that the README's spelling compiles without a warning.
@available(*, deprecated, message: "uses 1.3's deprecated `currentState`, as its README does")
func sendingActions(print: (Any) -> Void) {
  let way = CounterWay(initialState: .init(number: 0))

  way.send(.increment)
  way.send(.decrement)
  way.send(.twice)

  print(way.currentState.number)  // 2
}

/// "Subscribing a Way", with the number set to 10, 10, 20, 20.
func subscribingAWay(print: @escaping (Any) -> Void) -> Set<AnyCancellable> {
  var cancellables = Set<AnyCancellable>()
  let way = CounterWay(initialState: .init(number: 0))

  // number <- 10, 10, 20 ,20

  way.publisher.number
    .sink { number in
      print(number)  // 10, 20
    }
    .store(in: &cancellables)

  way.publisher.map(\.number)
    .sink { number in
      print(number)  // 10, 10, 20, 20
    }
    .store(in: &cancellables)
  return cancellables
}

/// "Thread Safe or Not".
func threadSafeOrNot(initialState: TestWay.State) -> [TestWay] {
  let way = TestWay(initialState: initialState, threadOption: .current)
  let threadSafeWay = TestWay(initialState: initialState, threadOption: .threadSafe)
  return [way, threadSafeWay]
}

// MARK: - Running it

/// Calls the README's deprecated-spelling function from a deprecated context, which Swift
/// allows without a warning, through a protocol whose requirement is not deprecated.
protocol READMERun {
  func run(print: @escaping (Any) -> Void)
}

struct SendingActionsRun: READMERun {
  @available(*, deprecated, message: "uses 1.3's deprecated `currentState`, as its README does")
  func run(print: @escaping (Any) -> Void) {
    sendingActions(print: print)
  }
}

@Suite(.serialized) struct OneWay1READMETests {
  @Test func w2SendingActionsPrintsTwo() {
    var printed: [String] = []
    let run: any READMERun = SendingActionsRun()
    run.run { printed.append("\($0)") }
    #expect(printed == ["2"])
  }

  @Test func w3GlobalSubjectsAreReducedOnTheNextLine() {
    let way = CustomWay(initialState: .init(text: "", number: 0))
    globalNumberSubject.send(10)
    #expect(way.state.number == 10)
    globalTextSubject.send("Hello")
    #expect(way.state.text == "Hello")
    way.reset()
    globalNumberSubject.send(20)
    #expect(way.state.number == 20)
  }

  /// The README's subscription example, with `number` set to 10, 10, 20, 20:
  /// `publisher.number` prints 10, 20 and `publisher.map(\.number)` prints 10, 10, 20, 20, as in
  /// 1.3 (W3: the way publishes the state after every reduce, equal or not).
  @Test func w3SubscribingAWayPrintsWhatTheREADMESays() {
    let way = NumberWay(initialState: .init(number: 0))
    var numbers: [Int] = []
    var mapped: [Int] = []
    var cancellables = Set<AnyCancellable>()
    way.publisher.number.dropFirst()
      .sink { numbers.append($0) }
      .store(in: &cancellables)
    way.publisher.map(\.number).dropFirst()
      .sink { mapped.append($0) }
      .store(in: &cancellables)
    for number in [10, 10, 20, 20] { way.send(number) }
    #expect(numbers == [10, 20])
    #expect(mapped == [10, 10, 20, 20])
    #expect(subscribingAWay { _ in }.count == 2)
  }

  @Test func w1NSWayAndThreadOptionsCompileAndRun() {
    let ways = threadSafeOrNot(initialState: .init(number: 0))
    for way in ways { way.send(.increment) }
    #expect(ways.map(\.state.number) == [1, 1])
  }
}

/// A way whose `number` is set to the number sent, as the README's comment describes.
final class NumberWay: Way<Int, NumberWay.State> {
  struct State: Equatable {
    var number: Int
  }

  override func reduce(state: inout State, action: Int) -> SideWay<Int, Never> {
    state.number = action
    return .none
  }
}
#endif
