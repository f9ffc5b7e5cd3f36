/// An object whose deinit a test can watch through a weak reference.
final class Canary: Sendable {}
