#!/usr/bin/env bash
# CI smoke run of the benchmarks: builds the Benchmarks package in release and runs every
# scenario once, without warm-up. Not a timing gate: it fails only when the build fails, a
# benchmark crashes or fails, or a scenario that a report script expects did not run.
#
#   bash Benchmarks/Scripts/smoke.sh
#
# The benchmark executables are run directly, not through `swift package benchmark`: run without
# the plugin's pipes, package-benchmark runs every benchmark once in its debug mode and prints
# "Debug results for <name>:". (The plugin's host process, swift-package, crashed once in CI inside
# libdispatch while reading a benchmark's output: a toolchain fault this path does not touch.)
#
# Needs the Swift toolchain and python3 (installed with apt-get if absent). No jemalloc: with
# Swift 6.3 package-benchmark counts allocations through its malloc-interposer package, which
# it builds from source.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")

if ! command -v python3 >/dev/null; then
  apt-get update && apt-get install -y python3
fi

output=$(mktemp)
trap 'rm -f "$output"' EXIT

# swift-build itself has died once in CI of a segmentation fault inside libdispatch's event loop
# (a toolchain fault, not a build error): a build that dies of a signal is run once more.
status=0
swift build -c release --package-path "$package" || status=$?
if ((status > 128)); then
  echo "swift build died of signal $((status - 128)); building once more" >&2
  swift build -c release --package-path "$package"
elif ((status != 0)); then
  exit "$status"
fi
bin=$(swift build -c release --package-path "$package" --show-bin-path)

for executable in OneWayBenchmarks SwiduxBenchmarks WayBenchmarks; do
  echo "== $executable"
  ONEWAY_BENCHMARK_SMOKE=1 "$bin/$executable" 2>&1 | tee -a "$output"
done

# Every scenario the report scripts read must have run; smoke_check.py exits non-zero if not.
python3 "$here/smoke_check.py" "$output"
echo "Benchmarks smoke run: every scenario ran once."
