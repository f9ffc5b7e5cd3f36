import ExampleArguments
import Foundation
import OneWayCombine

// OneWay 1.x's README, run on OneWay's engine: `send` is synchronous, `way.publisher.number`
// emits each new number, and a bound subject's `send` is reduced before it returns.

@main
enum WaysExample {
  static func main() {
    _ = ExampleArguments(
      usage: """
        usage: Ways
        Runs OneWay 1.x's Way examples: a counter, a thread-safe counter and a custom Way.
        """
    )
    counter()
    threadSafeCounter()
    customWay()
  }

  /// The README's "Sending Actions" and "Subscribing a Way".
  static func counter() {
    print("== CounterWay ==")
    var cancellables = Set<AnyCancellable>()
    let way = CounterWay(initialState: .init(number: 0))
    way.publisher.number
      .sink { number in print("observed: \(number)") }
      .store(in: &cancellables)

    way.send(.increment)
    way.send(.decrement)
    way.send(.twice)

    print("state.number: \(way.state.number)")  // 2
  }

  /// `.threadSafe`: four threads send at once; every send is reduced before it returns.
  static func threadSafeCounter() {
    print("== CounterWay, .threadSafe, 4 threads x 1,000 .twice ==")
    let way = CounterWay(initialState: .init(number: 0), threadOption: .threadSafe)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<1_000 { way.send(.twice) }
    }
    print("state.number: \(way.state.number)")  // 8000
  }

  /// The README's "Global States".
  static func customWay() {
    print("== CustomWay bound to global subjects ==")
    let way = CustomWay(initialState: .init(text: "", number: 0))
    globalNumberSubject.send(10)
    print("globalNumberSubject.send(10) -> number: \(way.state.number)")
    globalTextSubject.send("Hello")
    print("globalTextSubject.send(\"Hello\") -> text: \(way.state.text)")
    way.reset()
    globalNumberSubject.send(20)
    print("after reset(), globalNumberSubject.send(20) -> number: \(way.state.number)")
  }
}
