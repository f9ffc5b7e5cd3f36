import Synchronization

// A profile measures its iterations between two marks, in one run: `measured(n) { range in … }`
// runs the loop over `0..<n` first, which pays the one-off costs (first allocations, caches
// growing, threads starting), then over `n..<2n` between two calls of `callgrindMark()`.
// Benchmarks/Scripts/profile.sh runs callgrind with `--dump-before` on the mark, so the
// second of its dumps holds exactly the n measured iterations: no second run is needed to
// cancel the start-up, the set-up and the tear-down out.

/// Each mark changes this, so that the optimizer keeps every call of `callgrindMark()`; its
/// value is never read.
private let marks = Atomic<Int>(0)

/// Where callgrind dumps its counts (profile.sh's `--dump-before`): a cheap call, since the
/// mark's own instructions count in the part that follows it.
@inline(never)
public func callgrindMark() {
  marks.add(1, ordering: .relaxed)
}

/// Runs `loop` over `0..<iterations`, then over `iterations..<2 * iterations` between two marks.
public func measured(_ iterations: Int, _ loop: (Range<Int>) throws -> Void) rethrows {
  try loop(0..<iterations)
  callgrindMark()
  try loop(iterations..<2 * iterations)
  callgrindMark()
}

/// Runs `loop` over `0..<iterations`, then over `iterations..<2 * iterations` between two marks.
public func measured(_ iterations: Int, _ loop: (Range<Int>) async -> Void) async {
  await loop(0..<iterations)
  callgrindMark()
  await loop(iterations..<2 * iterations)
  callgrindMark()
}
