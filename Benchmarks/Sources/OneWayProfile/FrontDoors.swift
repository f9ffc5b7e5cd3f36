import CallgrindMarks
import HeapInUse
import OneWayCombine
import Swidux
import WayBenchmarkFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The synchronous front doors (OneWayCombine's `Way`, Swidux's store) and their baselines, as
// in WayBenchmarks and SwiduxBenchmarks, in plain loops for callgrind. In a file of their own:
// Swidux's `Store` and `Reducer` would otherwise be ambiguous with OneWay's.

/// `way.send(.increment)`, the reducer returning `.none`, nothing observing.
func sendToWay(threadSafe: Bool, _ iterations: Int) {
  let way = BenchWay(threadOption: threadSafe ? .threadSafe : .current)
  measured(iterations) { for _ in $0 { way.send(.increment) } }
  keepValue(way.state.number)
}

/// The baseline of `.current`: the way's own `reduce`, called directly.
func reduceWayDirectly(_ iterations: Int) {
  let way = BenchWay(threadOption: .current)
  var state = BenchWay.State()
  measured(iterations) { for _ in $0 { keepSideWay(bareReduce(way, &state, .increment)) } }
  keepValue(state.number)
}

/// The baseline of `.threadSafe`: the same reduce inside a plain pthread mutex.
func reduceWayUnderLock(_ iterations: Int) {
  let store = BareLockedReduce(way: BenchWay(threadOption: .current))
  measured(iterations) { for _ in $0 { store.send(.increment) } }
  keepValue(store.count)
}

/// A Swidux application state: a counter that every dispatch changes, and a field it never
/// does.
struct SwiduxCounter: Sendable {
  var count = 0
  var unchanged = 0
}

struct SwiduxIncrement: Action {}

let swiduxCounterReducer = Reducer<SwiduxCounter> { state, _ in state.count &+= 1 }

/// `store.dispatch`, with `subscribers` subscriptions to the field the dispatch leaves alone.
func dispatchToSwidux(subscribers: Int, _ iterations: Int) {
  let store = Store(initialState: SwiduxCounter(), reducer: swiduxCounterReducer)
  let tokens = (0..<subscribers).map { _ in store.subscribe(\.unchanged) { _ in } }
  let action = SwiduxIncrement()
  measured(iterations) { for _ in $0 { store.dispatch(action) } }
  withExtendedLifetime(tokens) {}
  keepValue(store.getState().count)
}

/// The baseline of `dispatch`: the reducer called in place under a recursive pthread mutex.
func dispatchToBareLockedStore(_ iterations: Int) {
  let store = BareSwiduxStore()
  let action = SwiduxIncrement()
  measured(iterations) { for _ in $0 { store.dispatch(action) } }
  keepValue(store.state.count)
}

final class BareSwiduxStore {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private(set) var state = SwiduxCounter()
  private let reducer = swiduxCounterReducer

  init() {
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

  @inline(never)
  func dispatch(_ action: any Action) {
    pthread_mutex_lock(mutex)
    reducer.reduce(&state, action)
    pthread_mutex_unlock(mutex)
  }
}

func makeIdleWay() -> AnyObject { BenchWay(threadOption: .current) }

func makeIdleSwiduxStore() -> AnyObject {
  Store(initialState: SwiduxCounter(), reducer: swiduxCounterReducer)
}

@inline(never)
func keepValue<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Prints the heap bytes that `count` objects made by `make` retain, per object, as glibc's
/// allocator counts them (`oneway_heap_in_use()`: bytes in allocated chunks, headers included).
func printRetainedBytes(_ count: Int, _ name: String, _ make: () -> AnyObject) {
  var objects: [AnyObject] = []
  objects.reserveCapacity(count)
  // One made and dropped first, so that one-time allocations (metadata, caches) are not
  // counted.
  _ = make()
  let before = oneway_heap_in_use()
  for _ in 0..<count { objects.append(make()) }
  let after = oneway_heap_in_use()
  print(
    "\(name): \(Double(Int(after) - Int(before)) / Double(count)) bytes retained per idle object"
  )
  withExtendedLifetime(objects) {}
}
