/// A unit of work that a store runs on behalf of a reducer and that can feed actions back to it.
///
/// Reducers usually build effects with the vocabulary of ``AnyEffect`` (`.just`, `.single`,
/// `.sequence`, ...). Conform a type of your own to `Effect` to describe work as an
/// asynchronous stream of elements, then erase it with ``eraseToAnyEffect()``.
public protocol Effect<Element>: Sendable {
  /// The type of the values the effect produces, usually a reducer's action.
  associatedtype Element: Sendable

  /// The values produced by the effect, as an asynchronous stream.
  var values: AsyncStream<Element> { get }
}

extension Effect {
  /// Wraps this effect in a type eraser so that a reducer can return it.
  public func eraseToAnyEffect() -> AnyEffect<Element> {
    AnyEffect(self)
  }
}
