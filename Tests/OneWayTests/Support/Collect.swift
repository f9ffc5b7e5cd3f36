extension AsyncSequence where Self: Sendable {
  /// The first `count` elements of the sequence.
  func prefix(_ count: Int) async throws -> [Element] {
    var result: [Element] = []
    for try await element in self {
      result.append(element)
      if result.count == count { break }
    }
    return result
  }
}
