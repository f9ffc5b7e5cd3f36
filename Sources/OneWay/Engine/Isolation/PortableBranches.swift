#if canImport(Glibc)
import Glibc
#endif

/// Whether this process takes the branches that Apple platforms build, where the standard
/// library's `Atomic` is not always available: ``EngineLock`` as a recursive pthread mutex, and
/// ``TriggeredAssignments`` without its process-wide flags.
///
/// Apple platforms always take them. With Glibc, a release build never does, and a debug build
/// does when `ONEWAY_PORTABLE_LOCKS` is set in the environment: so that the one sanitizer build
/// of CI runs the whole suite over both branches, and Linux tests what ships on Apple
/// platforms. In a release build the answer is a constant, and the branch it guards is gone.
@usableFromInline
enum PortableBranches {
  #if !canImport(Glibc)
  @inlinable static var selected: Bool { true }
  #elseif DEBUG
  @usableFromInline static let selected = getenv("ONEWAY_PORTABLE_LOCKS") != nil
  #else
  @inlinable static var selected: Bool { false }
  #endif
}
