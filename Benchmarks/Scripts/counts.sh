#!/usr/bin/env bash
# The counts check: instructions and allocations per iteration of OneWay's hot paths, counted by
# valgrind's callgrind in a release build (deterministic, whatever else the machine is doing),
# against the thresholds in Benchmarks/Thresholds/<platform>-swift-<major>.<minor>.json.
#
#   bash Benchmarks/Scripts/counts.sh            # fails when a figure is >5% above its threshold
#   bash Benchmarks/Scripts/counts.sh --update   # rewrites the thresholds from the figures
#
# Builds OneWayProfile once (through profile.sh --build), then runs profile.sh for every hot
# path that counts.py lists (N measured iterations each, after N of warm-up). Figures more than
# 5% below their thresholds are reported as improvements to lock in with --update. Update the thresholds only
# for an intended change, and give the reason in the commit message.
#
# Needs the Swift toolchain, valgrind and python3 (both installed with apt-get if absent).
# PROFILE_DIR (default /tmp/oneway-counts) holds the binary and the profiles.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export PROFILE_DIR=${PROFILE_DIR:-/tmp/oneway-counts}

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
command -v python3 >/dev/null || { apt-get update && apt-get install -y python3; }

command -v taskset >/dev/null || { apt-get update && apt-get install -y util-linux; }

# Each profile runs on one CPU alone, so that Swift's cooperative pool has one thread and the
# asynchronous hot paths interleave their tasks the same way on every run (see profile.sh);
# counts.py profiles on every CPU this process may use, one profile per CPU.

bash "$here/profile.sh" --build
python3 "$here/counts.py" check "$@"
