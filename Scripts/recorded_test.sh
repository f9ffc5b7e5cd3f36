#!/usr/bin/env bash
# Records a session of a composed feature, generates a TestStore test from it (OneWayDevTools'
# `Recording.testSource`), and compiles and runs that test in a scratch package outside the
# repository, which depends on the repository by path: the generated source must compile and
# pass unchanged, as a user would paste it.
#
# Usage, from anywhere in the repository: bash Scripts/recorded_test.sh
# The scratch package builds OneWay and its test dependencies once (a few minutes on 2 cores);
# set ONEWAY_SCRATCH to reuse a directory between runs.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${ONEWAY_SCRATCH:-$(mktemp -d)}"
mkdir -p "$SCRATCH/Tests/RecordedTests"

# The feature the session was recorded from, as the app would have it.
cp "$ROOT/Tests/OneWayDevToolsTests/Support/Tally.swift" "$SCRATCH/Tests/RecordedTests/"
cd "$ROOT"
ONEWAY_RECORDED_TEST_DIR="$SCRATCH/Tests/RecordedTests" \
  swift test --filter h3ARecordingBecomesTheSourceOfATestStoreTest
test -s "$SCRATCH/Tests/RecordedTests/RecordedTallyTests.swift"

cat > "$SCRATCH/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Recorded",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(path: "$ROOT"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
  ],
  targets: [
    .testTarget(
      name: "RecordedTests",
      dependencies: [
        .product(name: "OneWay", package: "$(basename "$ROOT")"),
        .product(name: "OneWayTesting", package: "$(basename "$ROOT")"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    )
  ]
)
MANIFEST

cd "$SCRATCH"
swift test 2>&1 | tee "$SCRATCH/test.log"
grep -q "Test recordedTally() passed" "$SCRATCH/test.log"
echo "The generated test compiled and passed in $SCRATCH."
