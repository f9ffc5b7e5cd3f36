/// The task of a `bind()` unit, which is registered before the task exists.
///
/// `bind()`'s tasks start synchronously (rule L4), after the walk that registered them; by then
/// another thread may already be using the engine (an actor store's first hop), so the task is
/// handed over through this small locked slot rather than written into the registry. A slot
/// cancelled before it receives its task cancels the task on arrival.
@usableFromInline
final class TaskSlot: Sendable {
  private enum Content {
    case empty
    case task(Task<Void, Never>)
    case cancelled
  }

  private let lock = EngineLock()

  @usableFromInline
  init() {}
  // Read and written only while holding `lock`.
  private nonisolated(unsafe) var content = Content.empty

  @usableFromInline
  func fill(with task: Task<Void, Never>) {
    let isCancelled = lock.withLock {
      if case .cancelled = content { return true }
      content = .task(task)
      return false
    }
    if isCancelled { task.cancel() }
  }

  /// The task, once the slot is filled; `nil` before, and once it is cancelled.
  @usableFromInline
  var task: Task<Void, Never>? {
    lock.withLock {
      if case .task(let task) = content { return task }
      return nil
    }
  }

  func cancel() {
    let task: Task<Void, Never>? = lock.withLock {
      defer { content = .cancelled }
      if case .task(let task) = content { return task }
      return nil
    }
    task?.cancel()
  }
}
