#!/usr/bin/env bash
# Same-session A/B of scenario 10's observed row between two commits of the library: a store
# whose state holds an [Int] of SIZE elements, a `for await` loop over `states`, 100 appends
# per sample, the median of SAMPLES samples; each commit's harness is run in turn, ROUNDS
# times, so that both see the same machine. The harness is built here, against each commit's
# public API, so that it also measures commits older than the benchmarks package's scenario.
#
#   bash Benchmarks/Scripts/ab_observed.sh OLD_COMMIT [SIZES] [SAMPLES] [ROUNDS]
#   e.g. ab_observed.sh main~20 "1000 10000" 300 5
#
# Prints, per size and round, the median nanoseconds per 100 appends at OLD_COMMIT and at
# HEAD, then each size's median of rounds and the ratio HEAD / OLD_COMMIT.
set -euo pipefail

old=${1:?usage: ab_observed.sh OLD_COMMIT [SIZES] [SAMPLES] [ROUNDS]}
sizes=${2:-1000 10000}
samples=${3:-300}
rounds=${4:-5}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/oneway-ab.XXXXXX)
git -C "$root" worktree add -f --detach "$work/library-old" "$old" >/dev/null
trap 'git -C "$root" worktree remove --force "$work/library-old"' EXIT

mkdir -p "$work/source"
cat >"$work/source/main.swift" <<'SWIFT'
import OneWay
import Synchronization

struct LargeReducer: Reducer {
  enum Action: Sendable { case append, truncate(Int) }
  struct State: Sendable, Equatable { var values: [Int] }
  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .append: state.values.append(state.values.count)
    case .truncate(let count): state.values.removeSubrange(count...)
    }
    return .none
  }
}

final class Latch: Sendable {
  struct Storage { var remaining = 0; var waiter: CheckedContinuation<Void, Never>? }
  let storage = Mutex(Storage())
  func arm(_ count: Int) { storage.withLock { $0.remaining += count } }
  func arrive() {
    let waiter = storage.withLock { s -> CheckedContinuation<Void, Never>? in
      s.remaining -= 1
      guard s.remaining == 0, let w = s.waiter else { return nil }
      s.waiter = nil
      return w
    }
    waiter?.resume()
  }
  func wait() async {
    await withCheckedContinuation { c in
      let ready = storage.withLock { s -> Bool in
        if s.remaining <= 0 { return true }
        s.waiter = c
        return false
      }
      if ready { c.resume() }
    }
  }
}

// usage: Harness SIZE SAMPLES -> prints the median ns per 100 observed appends
let arguments = CommandLine.arguments
let size = Int(arguments[1])!
let samples = Int(arguments[2])!
nonisolated func measure(size: Int, samples: Int) async -> Int {
  let store = Store(reducer: LargeReducer(), state: LargeReducer.State(values: Array(0..<size)))
  let latch = Latch()
  latch.arm(1)
  let loop = Task { for await _ in store.states { latch.arrive() } }
  await latch.wait()
  let clock = ContinuousClock()
  var times: [Duration] = []
  for sample in 0..<(samples + 5) {
    latch.arm(100)
    let start = clock.now
    for _ in 0..<100 { await store.send(.append) }
    await latch.wait()
    let elapsed = clock.now - start
    if sample >= 5 { times.append(elapsed) }
    latch.arm(1)
    await store.send(.truncate(size))
    await latch.wait()
  }
  times.sort()
  let median = times[times.count / 2]
  loop.cancel()
  return Int(median.components.attoseconds / 1_000_000_000 + median.components.seconds * 1_000_000_000)
}
let result = await Task.detached { await measure(size: size, samples: samples) }.value
print(size, result)
SWIFT

for side in old new; do
  library=$root
  [ "$side" = old ] && library=$work/library-old
  mkdir -p "$work/$side/Sources/Harness"
  cp "$work/source/main.swift" "$work/$side/Sources/Harness/main.swift"
  cat >"$work/$side/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "Harness",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$library")],
  targets: [
    .executableTarget(
      name: "Harness",
      dependencies: [.product(name: "OneWay", package: "$(basename "$library")")]
    )
  ]
)
MANIFEST
  swift build --package-path "$work/$side" -c release >&2
done

for size in $sizes; do
  for round in $(seq "$rounds"); do
    o=$("$work/old/.build/release/Harness" "$size" "$samples")
    n=$("$work/new/.build/release/Harness" "$size" "$samples")
    echo "$size $round ${o#* } ${n#* }"
  done
done | tee "$work/results.txt"
python3 - "$work/results.txt" "$old" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
for size in sorted({int(r[0]) for r in rows}):
    old = statistics.median(int(r[2]) for r in rows if int(r[0]) == size)
    new = statistics.median(int(r[3]) for r in rows if int(r[0]) == size)
    print(f"[Int] of {size}: {sys.argv[2]} {old / 1000:.1f} us, HEAD {new / 1000:.1f} us per 100 appends; HEAD / {sys.argv[2]} = {new / old:.2f}")
PY
