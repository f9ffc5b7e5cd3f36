/// Where a running effect delivers what it produces.
protocol EffectSink<Element>: Sendable {
  associatedtype Element: Sendable

  /// Delivers one element; returns once the owner has taken it.
  func emit(_ element: Element) async

  /// Hands a node that needs the owner's bookkeeping (a cancellation, debounce or throttle
  /// modifier) to the owner and returns the tasks that now run it.
  func start(_ effect: AnyEffect<Element>) async -> [Task<Void, Never>]
}

/// Runs the asynchronous structure of an effect inside a task: `concat` in order, `merge`
/// together, and the operations of `single`, `sequence` and `create`.
struct EffectRunner<Sink: EffectSink>: Sendable {
  typealias Element = Sink.Element

  let sink: Sink

  func run(_ effect: AnyEffect<Element>) async {
    guard !Task.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case .just(let element):
      await sink.emit(element)
    case .concat(let effects, _):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await run(effect)
      }
    case .merge(let effects, _) where effect.isSynchronous:
      // Synchronous effects emit in argument order, wherever they run.
      for effect in effects { await run(effect) }
    case .merge(let effects, _):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask(priority: effect.priority) { await run(effect) }
        }
      }
    case .single(_, let operation):
      let element = await operation()
      await sink.emit(element)
    case .sequence(_, let operation):
      let (elements, continuation) = AsyncStream<Element>.makeStream()
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await operation { continuation.yield($0) }
          continuation.finish()
        }
        for await element in elements { await sink.emit(element) }
      }
    case .stream(let makeStream):
      for await element in makeStream() { await sink.emit(element) }
    case .cancel, .cancellable, .debounce, .throttle:
      for task in await sink.start(effect) {
        await withTaskCancellationHandler {
          await task.value
        } onCancel: {
          task.cancel()
        }
      }
    }
  }
}

/// Runs an effect outside any store, for ``AnyEffect/values``: modifiers that need a store's
/// registry pass their effect through, and a debounce only waits.
struct StandaloneSink<Element: Sendable>: EffectSink {
  let continuation: AsyncStream<Element>.Continuation

  func emit(_ element: Element) async {
    continuation.yield(element)
  }

  func start(_ effect: AnyEffect<Element>) async -> [Task<Void, Never>] {
    let runner = EffectRunner(sink: self)
    switch effect.operation {
    case .cancellable(let inner, _, _), .throttle(let inner, _, _, _, _):
      await runner.run(inner)
    case .debounce(let inner, _, let dueTime, let clock):
      let clock: any Clock<Duration> = clock ?? ContinuousClock()
      let deadline = Deadline(after: dueTime, on: clock)
      guard (try? await deadline.wait()) != nil else { return [] }
      await runner.run(inner)
    default:
      break
    }
    return []
  }
}
