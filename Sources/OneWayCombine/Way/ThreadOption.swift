#if Combine
/// Which threads a ``Way`` may be used from, chosen once, when it is created.
///
/// ```swift
/// let way = TestWay(initialState: initialState, threadOption: .current)
/// let threadSafeWay = TestWay(initialState: initialState, threadOption: .threadSafe)
/// ```
///
/// With both options `send(_:)` is synchronous: the action, and every action its synchronous
/// side ways derive from it, is reduced when `send` returns. The state is always protected by
/// the way's lock; the options differ in what a way allows.
public enum ThreadOption: Sendable, Hashable {
  /// Every interaction (`send`, `reset`) happens on the thread that created the way, as in
  /// OneWay 1.x. A `send` or `reset` from another thread is reported: it stops a debug build
  /// with a message that says to use ``threadSafe``, and a release build prints that message
  /// once, then goes on safely.
  case current

  /// `send` and `reset` may be called from any thread, at the same time; each call is reduced
  /// before it returns.
  case threadSafe
}
#endif
