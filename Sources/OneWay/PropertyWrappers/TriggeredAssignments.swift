#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The number of assignments made through `@Triggered` wrappers on the current thread.
///
/// `@Triggered` compares by value, so an assignment of an equal value leaves the state equal.
/// To still count that assignment as a change (rule P1), each assignment bumps this per-thread
/// counter, and a store reads it before and after calling its reducer: a reducer is
/// synchronous, so whatever moved the counter in between happened during this reduce, on this
/// thread, whatever other stores do on other threads at the same time. The counter is 64 bits
/// and compared for inequality, so it never wraps around in practice.
///
/// It is a pthread thread-specific value rather than a task-local or a global: task-locals
/// cannot be written, and a global would be shared between threads.
///
/// Finding the thread's counter costs a `pthread_getspecific` per drain of a store's queue,
/// which most apps, which never assign through `@Triggered`, need not pay. With Glibc, where the
/// standard library's `Atomic` is always available, a process-wide flag says whether any
/// assignment was ever made; while it is down, a store skips the counter, and if it is up after
/// a reduce that began with it down, every assignment this thread's counter holds was made
/// during that reduce (this thread raised the flag before its first count, and the flag was
/// down when the reduce began). Elsewhere (`Atomic` needs macOS 15 and iOS 18), and where
/// ``PortableBranches`` selects that branch, the flag reads as always up.
@usableFromInline
enum TriggeredAssignments {
  #if canImport(Glibc)
  @usableFromInline static let assignments = Atomic<Bool>(false)
  #endif

  /// Whether any assignment through `@Triggered` may have been made in this process.
  @inlinable
  static var anyAssignment: Bool {
    #if canImport(Glibc)
    PortableBranches.selected || assignments.load(ordering: .relaxed)
    #else
    true
    #endif
  }

  @usableFromInline
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in releaseCounter(pointer) }
    precondition(status == 0, "OneWay: pthread_key_create failed (\(status))")
    return key
  }()

  /// The current thread's counter, created on first use and freed when the thread exits.
  ///
  /// The pointer is valid on this thread until the thread exits, so a caller may keep it while
  /// it runs synchronous code on the same thread (a reducer), and must not keep it longer.
  @inlinable
  static var counter: UnsafeMutablePointer<UInt64> {
    counter(for: Key())
  }

  /// The current thread's counter, through a key read earlier: reading ``key`` checks that
  /// the global is initialised, which a store does once rather than on every reduce.
  @inlinable
  static func counter(for key: Key) -> UnsafeMutablePointer<UInt64> {
    if let pointer = pthread_getspecific(key.raw) {
      return pointer.assumingMemoryBound(to: UInt64.self)
    }
    return makeCounter()
  }

  /// The thread-specific key of the counters, as a value a store keeps.
  @usableFromInline
  struct Key {
    @usableFromInline let raw: pthread_key_t

    @inlinable
    init() { raw = TriggeredAssignments.key }
  }

  #if canImport(Glibc)
  /// How many threads are finding which `@Triggered` properties a key path reads (see
  /// ``assignments(readBy:)``).
  @usableFromInline static let probing = Atomic<Int>(0)
  #endif

  /// Whether ``assignments(readBy:)`` tells the `@Triggered` properties a read reaches; where
  /// it cannot (without the standard library's `Atomic`), a view store takes every property
  /// read through it as reached by an assignment of an equal value.
  static var canProbe: Bool {
    #if canImport(Glibc)
    !PortableBranches.selected
    #else
    false
    #endif
  }

  /// Adds the assignment count of a `@Triggered` property being read to this thread's probe,
  /// while one runs.
  @inlinable @inline(__always)
  static func reportRead(_ assignments: UInt64) {
    #if canImport(Glibc)
    if probing.load(ordering: .relaxed) != 0 { addToProbe(assignments) }
    #endif
  }

  @usableFromInline
  static func addToProbe(_ assignments: UInt64) {
    // The thread's second word: another thread's reads while this one probes go to its own.
    // Adding a constant tells a property assigned zero times from none.
    (counter + 1).pointee &+= assignments &+ 0x9E37_79B9_7F4A_7C15
  }

  /// A digest of the assignment counts of the `@Triggered` properties that `read` reaches: it
  /// differs between two states when one of them was assigned in between (V4).
  ///
  /// Only on the thread of a store's commit, which runs no other probe meanwhile.
  static func assignments(readBy read: () -> Void) -> UInt64 {
    #if canImport(Glibc)
    guard !PortableBranches.selected else { return 0 }
    let slot = counter + 1
    slot.pointee = 0
    probing.add(1, ordering: .relaxed)
    read()
    probing.subtract(1, ordering: .relaxed)
    return slot.pointee
    #else
    return 0
    #endif
  }

  /// Counts one assignment on the current thread.
  @inlinable
  static func count() {
    #if canImport(Glibc)
    if !assignments.load(ordering: .relaxed) { assignments.store(true, ordering: .relaxed) }
    #endif
    counter.pointee &+= 1
  }

  @usableFromInline
  static func makeCounter() -> UnsafeMutablePointer<UInt64> {
    // The count of assignments, then the probe's digest (see `assignments(readBy:)`).
    let pointer = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
    pointer.initialize(repeating: 0, count: 2)
    pthread_setspecific(key, pointer)
    return pointer
  }
}

/// The destructor of the thread-specific counter: the thread that owned it has exited, so
/// nothing else can reach the pointer.
private func releaseCounter(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.assumingMemoryBound(to: UInt64.self).deallocate()
}
