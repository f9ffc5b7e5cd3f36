#!/usr/bin/env bash
# The whole test suite, as CI runs it: every product and test (every trait), built under the
# thread sanitizer in .build-tsan, then run over both lock branches side by side.
#
#   bash Scripts/test.sh                                   # from anywhere in the repository
#   bash Scripts/test.sh --filter SendingTests             # Swift Testing arguments, for both runs
#   bash Scripts/test.sh --build-only                      # the build alone (CI starts it early)
#
# The branches: the atomic one (what Linux and recent Apple systems run) runs every test; the
# portable one (ONEWAY_PORTABLE_LOCKS=1: the recursive pthread mutex that older Apple systems
# run, see PortableBranches) runs every test but the PostgreSQL client's and the documentation's
# code blocks, which take no lock of their own, and, with ONEWAY_NO_STORE_CONTEXTS=1, as a
# process that does not link OneWayDependencies runs: its stores take no store context (see
# StoreContexts), and OneWayDependencies' own tests are skipped. Each run takes one test at a time: under the
# sanitizer the stress tests (thousands of tasks, 8 threads x 10,000 sends) run ten times
# slower and would flood the cooperative pool for the tests beside them. The persistence crash
# trials run 10 of each mode and the two-writer trials 3 rounds of their 20 (ONEWAY_CRASH_TRIALS
# and ONEWAY_WRITER_ROUNDS, when set, say otherwise): what they check is the same, ten times
# slower.
#
# OneWayPostgresTests run against DATABASE_URL when it is set (`eval "$(bash Scripts/postgres.sh
# start)"` starts a throwaway server and sets it); without it they are skipped, or fail when
# ONEWAY_REQUIRE_POSTGRES=1. Any report of the sanitizer fails the run. `swift test` alone builds
# and tests the light products, without the sanitizer, in a fraction of the time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scratch=.build-tsan

# SwiftPM hands the enabled traits to the compiler in an order that changes between its runs
# (a Set's), and a new order compiles the package again: deterministic hashing keeps it for
# the build. The test processes run without it, as an app would.
SWIFT_DETERMINISTIC_HASHING=1 \
  swift build --build-tests --sanitize=thread --enable-all-traits --scratch-path "$scratch"
[ "${1:-}" = --build-only ] && exit 0
bundle="$scratch/debug/OneWayPackageTests.xctest"

logs=$(mktemp -d /tmp/oneway-test.XXXXXX)

# Runs the test bundle as `swift test` would (its XCTest cases, then its Swift Testing suite),
# with a time limit, so that a hang fails instead of waiting forever. Two `swift test`
# processes would wait for each other on the build folder's lock.
# run_branch atomic|portable [SWIFT TESTING ARGUMENTS...]
run_branch() {
  local branch=(-u ONEWAY_PORTABLE_LOCKS)
  [ "$1" = portable ] && branch=(ONEWAY_PORTABLE_LOCKS=1 ONEWAY_NO_STORE_CONTEXTS=1)
  shift
  local tests=(env -u SWIFT_DETERMINISTIC_HASHING "${branch[@]}" NO_COLOR=1
    ONEWAY_CRASH_TRIALS="${ONEWAY_CRASH_TRIALS:-10}" ONEWAY_WRITER_ROUNDS="${ONEWAY_WRITER_ROUNDS:-3}"
    SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=1 SWIFT_BACKTRACE=enable=no
    TSAN_OPTIONS="suppressions=$root/Scripts/tsan-suppressions.txt print_suppressions=0"
    "$bundle")
  # The runtime's backtracer is off: under the sanitizer it can hang on a crash instead of
  # reporting it.
  local status=0
  timeout --kill-after=30s 5m "${tests[@]}" &&
    timeout --kill-after=30s 20m "${tests[@]}" --testing-library swift-testing "$@" || status=$?
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "error: the tests did not finish within their time limit (5 min XCTest, 20 min Swift Testing)"
  fi
  return "$status"
}

status=0
run_branch atomic "$@" >"$logs/atomic.log" 2>&1 &
atomic=$!
run_branch portable --skip 'OneWayPostgresTests|DocSnippetsTests|OneWayDependenciesTests' "$@" >"$logs/portable.log" 2>&1 ||
  status=$?
wait "$atomic" || status=$?

for branch in atomic portable; do
  echo "-- the $branch branch"
  grep -E "^(✘|􀢄)|Test run with|ThreadSanitizer|error:" "$logs/$branch.log" | head -n 40
done
if grep -q "ThreadSanitizer" "$logs"/*.log; then
  echo "error: the thread sanitizer reported a race (logs: $logs)" >&2
  grep -h -A30 "WARNING: ThreadSanitizer" "$logs"/*.log | head -n 120
  exit 1
fi
if [ "$status" -ne 0 ]; then
  tail -n 60 "$logs"/*.log
  echo "error: a test failed (logs: $logs)" >&2
  exit "$status"
fi
echo "Both branches passed (logs: $logs)."
