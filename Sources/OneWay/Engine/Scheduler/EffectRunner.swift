/// Where a running effect delivers what it produces.
@usableFromInline
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
@usableFromInline
struct EffectRunner<Sink: EffectSink>: Sendable {
  // Inlinable: runs every asynchronous effect inside its unit's task (see `LinkedSink`).

  @usableFromInline typealias Element = Sink.Element

  @usableFromInline let sink: Sink

  @inlinable
  init(sink: Sink) {
    self.sink = sink
  }

  @inlinable
  func run(_ effect: AnyEffect<Element>) async {
    guard !Task.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case .just(let element):
      await sink.emit(element)
    case .concat(let children, _):
      for effect in children.effects {
        guard !Task.isCancelled else { return }
        await run(effect)
      }
    case .merge(let children, _) where effect.isSynchronous:
      // Synchronous effects emit in argument order, wherever they run.
      for effect in children.effects { await run(effect) }
    case .merge(let children, _):
      // Each member starts at once, up to its first suspension, where the runtime can (E7).
      await withTaskGroup(of: Void.self) { group in
        for effect in children.effects {
          if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            group.addImmediateTask(priority: effect.priority) { await run(effect) }
          } else {
            group.addTask(priority: effect.priority) { await run(effect) }
          }
        }
      }
    case .single(let operation, _):
      let element = await operation()
      guard !Task.isCancelled else { return }
      await sink.emit(element)
    case .sequence(let operation, _):
      // The operation runs in this task, so that a task started synchronously (`bind()`'s,
      // rule L4) has run it up to its first suspension when it returns; a child task delivers.
      let (elements, continuation) = AsyncStream<Element>.makeStream()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await deliver(elements) }
        await operation { continuation.yield($0) }
        continuation.finish()
      }
    case .stream(let makeStream):
      await deliver(makeStream())
    case .subscribe(let start):
      await deliver(
        AsyncStream { continuation in
          let cancel = start(
            EffectEmitter(emit: { continuation.yield($0) }, finish: { continuation.finish() })
          )
          continuation.onTermination = { _ in cancel() }
        }
      )
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

extension EffectRunner {
  // Inlinable: delivers every element of a `.stream` or `.sequence` (see `LinkedSink`).

  /// Delivers what a stream yields until it finishes or the task is cancelled: a cancelled
  /// effect stops taking the elements it had buffered at once (E5).
  @inlinable
  func deliver(_ elements: AsyncStream<Element>) async {
    for await element in elements {
      guard !Task.isCancelled else { return }
      await sink.emit(element)
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
      await runner.run(inner.first)
    case .debounce(let inner, _, let dueTime, let clock):
      let clock: any Clock<Duration> = clock ?? ContinuousClock()
      let deadline = Deadline(after: dueTime, on: clock)
      guard (try? await deadline.wait()) != nil else { return [] }
      await runner.run(inner.first)
    default:
      break
    }
    return []
  }
}
