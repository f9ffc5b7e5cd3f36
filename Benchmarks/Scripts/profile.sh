#!/usr/bin/env bash
# Counts the instructions and the allocations one iteration of a scenario costs, with
# valgrind's callgrind (reproducible, whatever else the machine is doing).
#
#   bash Benchmarks/Scripts/profile.sh SCENARIO [SUBSCRIBERS]
#   e.g. profile.sh b1-store; profile.sh b1-bare; profile.sh b6-store 100
#   bash Benchmarks/Scripts/profile.sh --build    (only builds, for PROFILE_SKIP_BUILD=1)
#
# Runs Benchmarks' OneWayProfile executable for N and 2N iterations (N is $ITERATIONS, 10,000
# unless set) and prints (count(2N) - count(N)) / N, which cancels start-up costs, for the
# instructions and for the calls to the C allocator (malloc, calloc, realloc, the aligned ones;
# counted in the profiles by counts.py). The 2N profile stays in
# $PROFILE_DIR/callgrind.SCENARIO-SUBSCRIBERS.out (PROFILE_DIR is /tmp unless set; set it to a private
# directory when others profile on the same machine) for `callgrind_annotate --inclusive=yes`.
# With PROFILE_SKIP_BUILD=1, the binary that the last build left in $PROFILE_DIR is used as it
# is (Scripts/counts.sh builds once, then profiles every hot path). PROFILE_CPU: see below.
set -euo pipefail

scenario=${1:?usage: profile.sh SCENARIO [SUBSCRIBERS] | profile.sh --build}
subscribers=${2:-100}
iterations=${ITERATIONS:-10000}
directory=${PROFILE_DIR:-/tmp}
mkdir -p "$directory"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
command -v python3 >/dev/null || { apt-get update && apt-get install -y python3; }
binary="$directory/OneWayProfile"
if [[ ${PROFILE_SKIP_BUILD:-0} != 1 || ! -x $binary ]]; then
  swift build --package-path "$package" -c release --product OneWayProfile >&2
  built="$(swift build --package-path "$package" -c release --show-bin-path)/OneWayProfile"
  # valgrind 3.19 gives up on the debug information of this binary ("Possibly corrupted
  # debuginfo file"); without it, the symbol table still names every function.
  objcopy --strip-debug "$built" "$binary"
fi
[[ $scenario == --build ]] && exit 0

# PROFILE_CPU=K runs the profile on CPU K alone (taskset), so that Swift's cooperative pool has
# one thread: the interleaving of an asynchronous scenario's tasks (and so its path through the
# engine, its allocations and its instructions) is then the same on every run; without it, the
# asynchronous scenarios vary from run to run by more than the counts check's tolerance.
pin=()
if [[ -n ${PROFILE_CPU:-} ]]; then pin=(taskset -c "$PROFILE_CPU"); fi

# PROFILE_RUNS=R (1 unless set) profiles each iteration count R times and keeps the run with
# the fewest instructions: even on one CPU, a run of an asynchronous scenario now and then takes
# a costlier interleaving, never a cheaper one.
runs=${PROFILE_RUNS:-1}

# count ITERATIONS FILE: the instructions of the cheapest of $runs profiles, kept in FILE.
count() {
  local best="" run instructions
  for ((run = 0; run < runs; run++)); do
    instructions=$("${pin[@]}" valgrind --tool=callgrind --callgrind-out-file="$2.run" \
      "$binary" "$scenario" "$1" "$subscribers" 2>&1 </dev/null | sed -n 's/.*Collected : //p')
    if [[ -z $best || $instructions -lt $best ]]; then
      best=$instructions
      mv "$2.run" "$2"
    fi
  done
  rm -f "$2.run"
  echo "$best"
}
# Named by scenario and subscribers, so that counts.py can profile two paths side by side.
out="$directory/callgrind.$scenario-$subscribers"
small=$(count "$iterations" "$out.small.out")
large=$(count $((iterations * 2)) "$out.out")
small_allocations=$(python3 "$here/counts.py" allocations "$out.small.out")
large_allocations=$(python3 "$here/counts.py" allocations "$out.out")
allocations=$(awk -v a="$small_allocations" -v b="$large_allocations" -v n="$iterations" \
  'BEGIN { printf "%.2f", (b - a) / n }')
echo "$scenario: $(((large - small) / iterations)) instructions per iteration," \
  "$allocations allocations per iteration"
