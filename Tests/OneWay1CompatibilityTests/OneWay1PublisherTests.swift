#if Combine
// OneWay 1.3's publisher tests, `test_receiveWithRemovingDuplicates` and
// `test_receiveWithoutRemovingDuplicates` of its `WayTests` and `NSWayTests`, written for Swift
// Testing with the same actions and the same expected numbers. Compiled in Swift 5 language
// mode, as 1.3's users compiled their code (W3).

import OneWayCombine
import OpenCombineShim
import Testing

/// 1.3's test way, reduced to what the publisher tests send.
final class PublisherTestWay: Way<PublisherTestWay.Action, PublisherTestWay.State> {
  enum Action {
    case saveNumber(Int)
  }

  struct State: Equatable {
    var number: Int
    var text: String
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .saveNumber(let number):
      state.number = number
      return .none
    }
  }
}

/// 1.3's `TestNSWay`, reduced likewise.
final class PublisherTestNSWay: NSWay<PublisherTestNSWay.Action, PublisherTestNSWay.State> {
  enum Action {
    case saveNumber(Int)
  }

  struct State: Equatable {
    var number: Int
    var text: String
  }

  override func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .saveNumber(let number):
      state.number = number
      return .none
    }
  }
}

/// What both of 1.3's tests send, in order.
private let numbersSent = [10, 10, 20, 20, 10, 30, 30, 30]

/// The numbers that `publisher` (projected by `numbers`) emits while `way` is sent
/// `numbersSent`, as 1.3's tests collect them.
private func numbersReceived<W: AnyWay>(
  from way: W,
  through numbers: (WayPublisher<W.State>) -> AnyPublisher<Int, Never>,
  saving saveNumber: (Int) -> W.Action
) -> [Int] {
  var cancellables = Set<AnyCancellable>()
  var numberArray: [Int] = []
  numbers(way.publisher)
    .sink { number in numberArray.append(number) }
    .store(in: &cancellables)
  for number in numbersSent { way.send(saveNumber(number)) }
  return numberArray
}

@Suite struct OneWay1PublisherTests {
  /// 1.3's `test_receiveWithoutRemovingDuplicates`, for `Way`: `publisher.map(\.number)` emits
  /// the current number, then the number after every send, equal or not.
  @Test func w3ReceiveWithoutRemovingDuplicatesWay() {
    let received = numbersReceived(
      from: PublisherTestWay(initialState: .init(number: 0, text: "")),
      through: { $0.map(\.number).eraseToAnyPublisher() },
      saving: { .saveNumber($0) }
    )
    #expect(received == [0, 10, 10, 20, 20, 10, 30, 30, 30])
  }

  /// 1.3's `test_receiveWithoutRemovingDuplicates`, for `NSWay`.
  @Test func w3ReceiveWithoutRemovingDuplicatesNSWay() {
    let received = numbersReceived(
      from: PublisherTestNSWay(initialState: .init(number: 0, text: "")),
      through: { $0.map(\.number).eraseToAnyPublisher() },
      saving: { .saveNumber($0) }
    )
    #expect(received == [0, 10, 10, 20, 20, 10, 30, 30, 30])
  }

  /// 1.3's `test_receiveWithRemovingDuplicates`, for `Way`: `publisher.number` emits a number
  /// only when it changes.
  @Test func w3ReceiveWithRemovingDuplicatesWay() {
    let received = numbersReceived(
      from: PublisherTestWay(initialState: .init(number: 0, text: "")),
      through: { $0.number.eraseToAnyPublisher() },
      saving: { .saveNumber($0) }
    )
    #expect(received == [0, 10, 20, 10, 30])
  }

  /// 1.3's `test_receiveWithRemovingDuplicates`, for `NSWay`.
  @Test func w3ReceiveWithRemovingDuplicatesNSWay() {
    let received = numbersReceived(
      from: PublisherTestNSWay(initialState: .init(number: 0, text: "")),
      through: { $0.number.eraseToAnyPublisher() },
      saving: { .saveNumber($0) }
    )
    #expect(received == [0, 10, 20, 10, 30])
  }
}
#endif
