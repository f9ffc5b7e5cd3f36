extension AnyEffect {
  /// How a store registers or cancels an effect, as OneWay 3 exposed it.
  public enum Method: Sendable {
    /// Registered under an identifier; `cancelInFlight` cancels what runs under it first.
    case register(any EffectID, cancelInFlight: Bool)
    /// Cancels what runs under an identifier.
    case cancel(any EffectID)
    /// Throttled under an identifier, one run per `interval`.
    case throttle(id: any EffectID, interval: Duration, latest: Bool)
    /// Neither registered nor cancelling.
    case none
  }

  /// How a store registers or cancels this effect, read from its outermost modifier; kept for
  /// source compatibility with OneWay 3.
  ///
  /// ```swift
  /// if case .cancel = effect.method { print("cancels") }
  /// ```
  public var method: Method {
    switch operation {
    case .cancellable(_, let id, let cancelInFlight):
      return .register(id.base, cancelInFlight: cancelInFlight)
    case .debounce(_, let id, _, _):
      return .register(id.base, cancelInFlight: true)
    case .cancel(let id):
      return .cancel(id.base)
    case .throttle(_, let id, let interval, let latest, _):
      return .throttle(id: id.base, interval: interval, latest: latest)
    default:
      return .none
    }
  }
}
