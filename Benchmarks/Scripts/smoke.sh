#!/usr/bin/env bash
# CI smoke run of the benchmarks: builds the Benchmarks package (release, as package-benchmark
# does) and runs every scenario once, without warm-up. Not a timing gate: it fails only when
# the build fails, a benchmark crashes, or a scenario is missing from the output.
#
#   bash Benchmarks/Scripts/smoke.sh
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

ONEWAY_BENCHMARK_SMOKE=1 swift package --package-path "$package" benchmark --no-progress \
  2>&1 | tee "$output"

# Every scenario must have produced its table; report.py exits non-zero if one is missing.
python3 "$here/report.py" "$output" >/dev/null
echo "Benchmarks smoke run: every scenario ran once."
