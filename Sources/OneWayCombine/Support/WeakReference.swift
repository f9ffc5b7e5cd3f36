#if Combine
/// A weak reference that `@Sendable` closures can carry.
final class WeakReference: @unchecked Sendable {
  // @unchecked: set once, when it is made, and only loaded afterwards, which the runtime does
  // atomically (side ways load their way through it; OneWayCombineTests run under the thread
  // sanitizer).
  private(set) weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
#endif
