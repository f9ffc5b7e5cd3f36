#if Combine
/// A Combine value (a publisher, a cancellable, a promise) carried into a `@Sendable` closure.
///
/// Combine's types predate `Sendable` and are not marked, but the ones carried here are used
/// from one thread at a time (a publisher is subscribed once per side way) or are documented as
/// thread-safe (a `Future`'s promise, `AnyCancellable.cancel()`, a subject's `send`); the thread
/// sanitizer runs over every use in `OneWayCombineTests`.
struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked: used from one thread at a time, or thread-safe itself (see above).
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
#endif
