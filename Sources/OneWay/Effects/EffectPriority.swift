/// A task priority as the effect tree and the scheduler store it: an optional `TaskPriority`
/// by its raw value.
///
/// `TaskPriority` is a resilient type of the concurrency library, so a value that holds one
/// inline has a layout known only at run time: every copy and release of an effect, of a step
/// of the scheduler's walk, went through the runtime's value witnesses. A raw value keeps them
/// plain, fixed-size values.
@usableFromInline
struct EffectPriority: Sendable, Equatable {
  // Inlinable: read by the walk of every effect.

  @usableFromInline let rawValue: UInt8?

  /// No priority of its own: the task inherits the current one.
  @inlinable
  static var inherited: EffectPriority { EffectPriority(rawValue: nil) }

  @inlinable
  init(_ priority: TaskPriority?) {
    rawValue = priority?.rawValue
  }

  // Builds `inherited` without making an optional `TaskPriority`, which goes through the
  // resilient type's value witnesses.
  @inlinable
  init(rawValue: UInt8?) {
    self.rawValue = rawValue
  }

  /// The priority a task is created with; `nil` to inherit.
  @inlinable
  var taskPriority: TaskPriority? {
    rawValue.map(TaskPriority.init(rawValue:))
  }

  /// Whether the effect names a priority.
  @inlinable
  var isInherited: Bool { rawValue == nil }
}
