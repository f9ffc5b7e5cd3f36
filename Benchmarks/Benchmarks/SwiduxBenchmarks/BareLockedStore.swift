import Swidux

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The baselines of `dispatch` and of notifications: the same reducer, called in place on a
/// state behind a recursive pthread mutex (the kind of lock the store took until `EngineLock`
/// became an atomic word on Glibc; it still is on Apple platforms), then the
/// simplest key-path subscriptions (read the value, compare it with the last one, call the
/// closure if it changed), written for this benchmark and specialized by the compiler.
final class BareLockedStore<State>: @unchecked Sendable {
  // @unchecked: `state` and `subscribers` are used only while holding `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State
  private let reducer: Reducer<State>
  private var subscribers: [BareSubscriber<State>] = []

  init(initialState: State, reducer: Reducer<State>) {
    state = initialState
    self.reducer = reducer
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func dispatch(_ action: any Action) {
    pthread_mutex_lock(mutex)
    reducer.reduce(&state, action)
    for subscriber in subscribers { subscriber.notify(state) }
    pthread_mutex_unlock(mutex)
  }

  /// Calls `onNext` with the value at `keyPath` whenever a dispatch changed it, as long as the
  /// store exists.
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onNext: @escaping (Value) -> Void
  ) {
    pthread_mutex_lock(mutex)
    subscribers.append(BareKeyPathSubscriber(keyPath, last: state[keyPath: keyPath], onNext))
    pthread_mutex_unlock(mutex)
  }

  func getState() -> State {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return state
  }
}

/// A subscriber of the baseline store.
class BareSubscriber<State> {
  func notify(_ state: State) {}
}

/// A subscriber to the value at a key path.
final class BareKeyPathSubscriber<State, Value: Equatable>: BareSubscriber<State> {
  let keyPath: KeyPath<State, Value>
  var last: Value
  let onNext: (Value) -> Void

  init(_ keyPath: KeyPath<State, Value>, last: Value, _ onNext: @escaping (Value) -> Void) {
    self.keyPath = keyPath
    self.last = last
    self.onNext = onNext
  }

  override func notify(_ state: State) {
    let value = state[keyPath: keyPath]
    guard value != last else { return }
    last = value
    onNext(value)
  }
}
