#if Combine
import Foundation

/// A publisher that, for each subscriber, runs `operation` in a task on the main actor and
/// emits what it returns, then completes; or fails with what it throws. A task that ends with
/// `CancellationError` completes without a value, and cancelling the subscription cancels the
/// task.
///
/// The task starts at the subscriber's first demand, never before: by then the subscription
/// has reached every operator between the two, so a result can never arrive before it. (A
/// `Future` fulfilled from another thread while its subscriber is being subscribed can send
/// the completion first, which operators such as `catch` do not accept.)
struct TaskPublisher<Output>: Publisher {
  typealias Failure = any Error

  let priority: TaskPriority?
  let operation: @Sendable () async throws -> Output

  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == any Error {
    let subscription = TaskSubscription(
      downstream: subscriber,
      priority: priority,
      operation: operation
    )
    subscriber.receive(subscription: subscription)
  }
}

/// One subscriber's task: started by the first demand, ended by its result or by `cancel()`,
/// whichever comes first; the downstream hears at most one of them.
private final class TaskSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Failure == any Error {
  // @unchecked: `downstream` and `task` are read and written only while holding `lock`; the
  // task calls the downstream after taking it out under the lock, so it is called once.
  private let lock = NSLock()
  private var downstream: Downstream?
  private var task: Task<Void, Never>?
  private let priority: TaskPriority?
  private let operation: @Sendable () async throws -> Downstream.Input

  init(
    downstream: Downstream,
    priority: TaskPriority?,
    operation: @escaping @Sendable () async throws -> Downstream.Input
  ) {
    self.downstream = downstream
    self.priority = priority
    self.operation = operation
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > .none else { return }
    lock.lock()
    defer { lock.unlock() }
    guard downstream != nil, task == nil else { return }
    task = Task(priority: priority) { @MainActor in
      let result: Result<Downstream.Input, any Error>?
      do {
        try Task.checkCancellation()
        let output = try await self.operation()
        try Task.checkCancellation()
        result = .success(output)
      } catch is CancellationError {
        result = nil
      } catch {
        result = .failure(error)
      }
      self.finish(with: result)
    }
  }

  func cancel() {
    lock.lock()
    let task = self.task
    downstream = nil
    lock.unlock()
    task?.cancel()
  }

  /// Sends `result` (`nil` for a cancelled task: a completion without a value) unless the
  /// subscription was cancelled first.
  private func finish(with result: Result<Downstream.Input, any Error>?) {
    lock.lock()
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    guard let downstream else { return }
    switch result {
    case .success(let output):
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    case .failure(let error):
      downstream.receive(completion: .failure(error))
    case nil:
      downstream.receive(completion: .finished)
    }
  }
}
#endif
