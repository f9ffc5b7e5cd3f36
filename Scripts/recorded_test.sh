#!/usr/bin/env bash
# Records a session of a composed feature, generates a TestStore test from it (OneWayDevTools'
# `Recording.testSource`), and compiles and runs that test in the Examples package, outside the
# library's own tests: the generated source must compile and pass unchanged, as a user would
# paste it into their app's tests.
#
# Usage, from anywhere in the repository: bash Scripts/recorded_test.sh
# Both packages build in the library's build folder, so after `swift build --build-tests` only
# the recording's test and the Examples' test target are compiled. ONEWAY_LIBRARY_FLAGS adds
# build flags for the library's test that records (CI: its sanitizer build, every trait), and
# ONEWAY_EXAMPLES_SCRATCH and ONEWAY_EXAMPLES_FLAGS name the Examples' (see
# Examples/Scripts/check.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="$root/Examples/Tests/RecordedTests"
cd "$root"

rm -f "$target/RecordedTallyTests.swift"
read -r -a library <<<"${ONEWAY_LIBRARY_FLAGS:-}"
ONEWAY_RECORDED_TEST_DIR="$target" swift test "${library[@]}" \
  --filter h3ARecordingBecomesTheSourceOfATestStoreTest
test -s "$target/RecordedTallyTests.swift"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
read -r -a flags <<<"${ONEWAY_EXAMPLES_FLAGS:-}"
examples=(--package-path Examples --scratch-path "${ONEWAY_EXAMPLES_SCRATCH:-$root/.build}" "${flags[@]}")
# Built as Examples/Scripts/check.sh builds it (programs and tests), so that neither builds the
# package again for the other.
swift build --build-tests "${examples[@]}"
swift test --skip-build "${examples[@]}" --filter RecordedTests 2>&1 | tee "$log"
grep -q "Test recordedTally() passed" "$log"
echo "The generated test compiled and passed in the Examples package."
