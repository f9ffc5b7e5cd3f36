import Observation

/// Counts the changes `read` observes, tracking again after each, as a SwiftUI view is
/// evaluated again after each invalidation.
@MainActor final class ViewObserver {
  private(set) var fired = 0
  let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  func track() {
    withObservationTracking {
      read()
    } onChange: {
      // Observation calls this inside the store's commit, on the main actor.
      MainActor.assumeIsolated {
        self.fired += 1
        self.track()
      }
    }
  }
}
