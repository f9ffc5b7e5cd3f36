/// A result builder that lists effects for `.concat { ... }` and `.merge { ... }`.
///
/// It accepts plain effects, `if`/`else`, `switch`, `for` loops, optional effects and
/// `if #available`:
///
/// ```swift
/// return .concat {
///   AnyEffect.just(.setIsLoading(true))
///   if needsRefresh {
///     AnyEffect.single { .loaded(await api.fetch()) }
///   }
///   for id in ids {
///     AnyEffect.just(.select(id))
///   }
///   AnyEffect.just(.setIsLoading(false))
/// }
/// ```
@resultBuilder
public enum EffectsBuilder<Element: Sendable> {
  /// Lists one effect.
  public static func buildExpression(_ effect: AnyEffect<Element>) -> [AnyEffect<Element>] {
    [effect]
  }

  /// Lists an optional effect, or nothing when it is `nil`.
  public static func buildExpression(_ effect: AnyEffect<Element>?) -> [AnyEffect<Element>] {
    effect.map { [$0] } ?? []
  }

  /// Lists the effects of an array.
  public static func buildExpression(_ effects: [AnyEffect<Element>]) -> [AnyEffect<Element>] {
    effects
  }

  /// Lists nothing: an empty block.
  public static func buildBlock() -> [AnyEffect<Element>] {
    []
  }

  /// Lists effects given one by one.
  public static func buildBlock(_ effects: AnyEffect<Element>...) -> [AnyEffect<Element>] {
    effects
  }

  /// Joins the lists of consecutive statements.
  public static func buildBlock(_ components: [AnyEffect<Element>]...) -> [AnyEffect<Element>] {
    components.flatMap { $0 }
  }

  /// Returns the list the block built: what `.concat { ... }` and `.merge { ... }` receive.
  public static func buildFinalResult(_ component: [AnyEffect<Element>]) -> [AnyEffect<Element>] {
    component
  }

  /// Lists the effects of an `if` without `else`, or nothing.
  public static func buildOptional(_ component: [AnyEffect<Element>]?) -> [AnyEffect<Element>] {
    component ?? []
  }

  /// Lists the effects of the first branch of an `if`/`else` or `switch`.
  public static func buildEither(first component: [AnyEffect<Element>]) -> [AnyEffect<Element>] {
    component
  }

  /// Lists the effects of the second branch of an `if`/`else` or `switch`.
  public static func buildEither(second component: [AnyEffect<Element>]) -> [AnyEffect<Element>] {
    component
  }

  /// Lists the effects of every iteration of a `for` loop.
  public static func buildArray(_ components: [[AnyEffect<Element>]]) -> [AnyEffect<Element>] {
    components.flatMap { $0 }
  }

  /// Lists the effects of an `if #available` branch.
  public static func buildLimitedAvailability(
    _ component: [AnyEffect<Element>]
  ) -> [AnyEffect<Element>] {
    component
  }
}
