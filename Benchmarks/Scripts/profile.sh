#!/usr/bin/env bash
# Counts the instructions and the allocations one iteration of a scenario costs, with
# valgrind's callgrind (reproducible, whatever else the machine is doing).
#
#   bash Benchmarks/Scripts/profile.sh SCENARIO [SUBSCRIBERS]
#   e.g. profile.sh b1-store; profile.sh b1-bare; profile.sh b6-store 100
#   bash Benchmarks/Scripts/profile.sh --build    (only builds, for PROFILE_SKIP_BUILD=1)
#
# Runs Benchmarks' OneWayProfile (or DependenciesProfile) executable once under callgrind: N iterations to warm up, then
# N more between two marks (N is $ITERATIONS, 10,000 unless set; see
# Sources/CallgrindMarks/Measured.swift). callgrind dumps its counts at each mark, so its second
# dump holds the N measured iterations and nothing of the start-up, the set-up or the
# tear-down. Prints that dump's instructions and its calls to the C allocator (malloc, calloc,
# realloc, the aligned ones; counted by counts.py), each divided by N. The dump stays in
# $PROFILE_DIR/callgrind.SCENARIO-SUBSCRIBERS.out (PROFILE_DIR is /tmp unless set; set it to a
# private directory when others profile on the same machine) for
# `callgrind_annotate --inclusive=yes`. With PROFILE_SKIP_BUILD=1, the binary that the last
# build left in $PROFILE_DIR is used as it is (Scripts/counts.sh builds once, then profiles
# every hot path). PROFILE_CPU: see below.
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
# The scenarios of stores with dependencies (k…) run in DependenciesProfile: every store of a
# process that links OneWayDependencies takes a context (see its main.swift).
products=(OneWayProfile DependenciesProfile)
product=OneWayProfile
[[ $scenario == k* ]] && product=DependenciesProfile
binary="$directory/$product"
if [[ ${PROFILE_SKIP_BUILD:-0} != 1 || ! -x $binary ]]; then
  for name in "${products[@]}"; do
    swift build --package-path "$package" -c release --product "$name" >&2
  done
  bin="$(swift build --package-path "$package" -c release --show-bin-path)"
  # valgrind 3.19 gives up on the debug information of these binaries ("Possibly corrupted
  # debuginfo file"); without it, the symbol table still names every function.
  for name in "${products[@]}"; do
    objcopy --strip-debug "$bin/$name" "$directory/$name"
  done
fi
[[ $scenario == --build ]] && exit 0

# PROFILE_CPU=K runs the profile on CPU K alone (taskset), so that Swift's cooperative pool has
# one thread: the interleaving of an asynchronous scenario's tasks (and so its path through the
# engine, its allocations and its instructions) is then the same on every run; without it, the
# asynchronous scenarios vary from run to run by more than the counts check's tolerance.
pin=()
if [[ -n ${PROFILE_CPU:-} ]]; then pin=(taskset -c "$PROFILE_CPU"); fi

# PROFILE_RUNS=R (1 unless set) profiles the scenario R times and keeps the run with the fewest
# instructions: even on one CPU, a run of an asynchronous scenario now and then takes a costlier
# interleaving, never a cheaper one.
runs=${PROFILE_RUNS:-1}

# Named by scenario and subscribers, so that counts.py can profile two paths side by side.
out="$directory/callgrind.$scenario-$subscribers.out"
best=""
for ((run = 0; run < runs; run++)); do
  rm -f "$out.run" "$out.run".*
  "${pin[@]}" valgrind --tool=callgrind --dump-before='*callgrindMark*' \
    --callgrind-out-file="$out.run" "$binary" "$scenario" "$iterations" "$subscribers" \
    >"$out.log" 2>&1 </dev/null || { cat "$out.log" >&2; exit 1; }
  # The dumps: .1 up to the first mark, .2 the measured iterations, and the run's end.
  if [[ ! -s $out.run.2 ]]; then
    cat "$out.log" >&2
    echo "error: $scenario did not reach its second mark" >&2
    exit 1
  fi
  instructions=$(sed -n 's/^summary: *//p' "$out.run.2")
  if [[ -z $best || $instructions -lt $best ]]; then
    best=$instructions
    mv "$out.run.2" "$out"
  fi
done
rm -f "$out.run" "$out.run".* "$out.log"
allocations=$(python3 "$here/counts.py" allocations "$out")
awk -v scenario="$scenario" -v i="$best" -v a="$allocations" -v n="$iterations" 'BEGIN {
  printf "%s: %d instructions per iteration, %.2f allocations per iteration\n", scenario, i / n, a / n
}'
