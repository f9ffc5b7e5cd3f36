import OneWayCombine

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The way every `Way` scenario drives: a counter whose `.increment` changes the state and
/// returns `.none`.
package final class BenchWay: Way<BenchWay.Action, BenchWay.State> {
  /// What the scenarios send.
  package enum Action {
    /// Adds one; no side way.
    case increment
    /// Subtracts one; no side way (no scenario sends it).
    case decrement
  }

  /// The counter, and a field no scenario changes.
  package struct State: Equatable {
    package var number = 0
    package var other = 0

    package init() {}
  }

  package init(threadOption: ThreadOption) {
    super.init(initialState: State(), threadOption: threadOption)
  }

  override package func reduce(state: inout State, action: Action) -> SideWay<Action, Never> {
    switch action {
    case .increment:
      state.number &+= 1
      return .none
    case .decrement:
      state.number &-= 1
      return .none
    }
  }
}

/// The baseline of `.current`: one call of the way's own `reduce` (the user's reducer, through
/// the class's vtable), which the optimizer may not inline.
@inline(never)
package func bareReduce(
  _ way: BenchWay,
  _ state: inout BenchWay.State,
  _ action: BenchWay.Action
) -> SideWay<BenchWay.Action, Never> {
  way.reduce(state: &state, action: action)
}

/// The baseline of `.threadSafe`: the same reducer call inside a plain (non-recursive)
/// pthread mutex, on a state the lock guards: a hand-written thread-safe store with no queue,
/// no side ways and no observers.
package final class BareLockedReduce {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let way: BenchWay
  private var state = BenchWay.State()

  package init(way: BenchWay) {
    self.way = way
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inline(never)
  package func send(_ action: BenchWay.Action) {
    pthread_mutex_lock(mutex)
    keepSideWay(way.reduce(state: &state, action: action))
    pthread_mutex_unlock(mutex)
  }

  package var count: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return state.number
  }
}

/// Keeps the optimizer from discarding `value`.
@inline(never)
package func keepSideWay<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A way with `count` sinks on `publisher.number`: each `.increment` reaches every sink.
package struct WayFanOut {
  package let way: BenchWay
  let counter: SinkCounter
  let cancellables: [AnyCancellable]

  package init(subscribers count: Int) {
    let way = BenchWay(threadOption: .current)
    self.way = way
    let counter = SinkCounter()
    self.counter = counter
    cancellables = (0..<count).map { _ in
      way.publisher.number.sink { counter.value &+= $0 }
    }
  }

  /// One state change, delivered to every sink.
  package func round() {
    way.send(.increment)
  }

  package var received: Int { counter.value }
}

/// The baseline of the fan-out: a `CurrentValueSubject` of the same state with `count` sinks on
/// `map(\.number).removeDuplicates()`, and the state changed by hand.
package struct SubjectFanOut {
  let subject: CurrentValueSubject<BenchWay.State, Never>
  let counter: SinkCounter
  let cancellables: [AnyCancellable]

  package init(subscribers count: Int) {
    let subject = CurrentValueSubject<BenchWay.State, Never>(BenchWay.State())
    self.subject = subject
    let counter = SinkCounter()
    self.counter = counter
    cancellables = (0..<count).map { _ in
      subject.map(\.number).removeDuplicates().sink { counter.value &+= $0 }
    }
  }

  /// One state change, delivered to every sink.
  package func round() {
    var state = subject.value
    state.number &+= 1
    subject.send(state)
  }

  package var received: Int { counter.value }
}

/// What the sinks add up, so that their work is not optimized away.
final class SinkCounter {
  var value = 0
}
