extension AnyEffect {
  // Inlinable (`cancellable`): a reducer builds it on the action it answers. `debounce` and
  // `throttle` are not: each starts a timer's task, which costs far more than a call.

  /// Registers the effect under `id`, so that `.cancel(id)` can stop it.
  ///
  /// ```swift
  /// case .request:
  ///   return .single { .response(await api.result()) }
  ///     .cancellable("requestID")
  /// case .cancel:
  ///   return .cancel("requestID")
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any `Hashable & Sendable` value.
  ///   - cancelInFlight: When `true`, first cancels whatever is registered under `id`.
  @inlinable
  public func cancellable(
    _ id: some EffectID,
    cancelInFlight: Bool = false
  ) -> AnyEffect<Element> {
    AnyEffect(
      .cancellable(EffectChildren([self]), id: AnyEffectID(id), cancelInFlight: cancelInFlight)
    )
  }

  /// Runs the effect only once `dueTime` has passed without a newer effect under the same `id`,
  /// waiting on the store's clock.
  ///
  /// Each new debounced effect with the same `id` cancels the one in flight (waiting or
  /// running) and restarts the wait.
  ///
  /// ```swift
  /// case .search(let text):
  ///   return .single { .results(await api.search(text)) }
  ///     .debounce(id: SearchID.query, for: .milliseconds(300))
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to debounce.
  ///   - dueTime: How long to wait.
  public func debounce(id: some EffectID, for dueTime: Duration) -> AnyEffect<Element> {
    AnyEffect(.debounce(EffectChildren([self]), id: AnyEffectID(id), dueTime: dueTime, clock: nil))
  }

  /// Runs the effect only once `seconds` have passed without a newer effect under the same
  /// `id`, waiting on the store's clock.
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to debounce.
  ///   - seconds: How long to wait, in seconds.
  public func debounce(id: some EffectID, for seconds: Double) -> AnyEffect<Element> {
    debounce(id: id, for: .seconds(seconds))
  }

  /// Runs the effect only once `dueTime` has passed on `clock` without a newer effect under the
  /// same `id`.
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to debounce.
  ///   - dueTime: How long to wait.
  ///   - clock: The clock to wait on, instead of the store's.
  public func debounce<C: Clock<Duration>>(
    id: some EffectID,
    for dueTime: Duration,
    clock: C
  ) -> AnyEffect<Element> {
    AnyEffect(
      .debounce(EffectChildren([self]), id: AnyEffectID(id), dueTime: dueTime, clock: clock)
    )
  }

  /// Runs at most one effect under `id` per `interval`, measured on the store's clock.
  ///
  /// The first effect in a window runs at once; the others are dropped, except that with
  /// `latest: true` the most recent one runs when the window ends and opens a new window.
  ///
  /// ```swift
  /// case .tap:
  ///   return .just(.increment).throttle(id: ThrottleID.button, for: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to throttle.
  ///   - interval: The length of a window.
  ///   - latest: Whether the most recent effect of a window runs when the window ends.
  public func throttle(
    id: some EffectID,
    for interval: Duration,
    latest: Bool = false
  ) -> AnyEffect<Element> {
    throttled(id: id, interval: interval, latest: latest, clock: nil)
  }

  /// Runs at most one effect under `id` per `seconds`, measured on the store's clock.
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to throttle.
  ///   - seconds: The length of a window, in seconds.
  ///   - latest: Whether the most recent effect of a window runs when the window ends.
  public func throttle(
    id: some EffectID,
    for seconds: Double,
    latest: Bool = false
  ) -> AnyEffect<Element> {
    throttle(id: id, for: .seconds(seconds), latest: latest)
  }

  /// Runs at most one effect under `id` per `interval`, measured on `clock`.
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to throttle.
  ///   - interval: The length of a window.
  ///   - clock: The clock that measures windows, instead of the store's.
  ///   - latest: Whether the most recent effect of a window runs when the window ends.
  public func throttle<C: Clock<Duration>>(
    id: some EffectID,
    for interval: Duration,
    clock: C,
    latest: Bool = false
  ) -> AnyEffect<Element> {
    throttled(id: id, interval: interval, latest: latest, clock: clock)
  }

  /// The effect throttled under `id`, its windows measured on `clock`, or on the store's clock
  /// when `clock` is `nil`.
  private func throttled(
    id: some EffectID,
    interval: Duration,
    latest: Bool,
    clock: (any Clock<Duration>)?
  ) -> AnyEffect<Element> {
    AnyEffect(
      .throttle(
        EffectChildren([self]),
        id: AnyEffectID(id),
        interval: interval,
        latest: latest,
        clock: clock
      )
    )
  }
}
