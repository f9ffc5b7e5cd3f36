#!/usr/bin/env bash
# Counts the instructions one iteration of a scenario costs, with valgrind's callgrind
# (reproducible, whatever else the machine is doing).
#
#   bash Benchmarks/Scripts/profile.sh SCENARIO [SUBSCRIBERS]
#   e.g. profile.sh b1-store; profile.sh b1-bare; profile.sh b6-store 100
#
# Runs Benchmarks' OneWayProfile executable for N and 2N iterations and prints
# (instructions(2N) - instructions(N)) / N, which cancels start-up costs. The 2N profile stays
# in $PROFILE_DIR/callgrind.SCENARIO.out (PROFILE_DIR is /tmp unless set; set it to a private
# directory when others profile on the same machine) for `callgrind_annotate --inclusive=yes`.
set -euo pipefail

scenario=${1:?usage: profile.sh SCENARIO [SUBSCRIBERS]}
subscribers=${2:-100}
iterations=${ITERATIONS:-10000}
directory=${PROFILE_DIR:-/tmp}
mkdir -p "$directory"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
swift build --package-path "$package" -c release --product OneWayProfile >&2
built="$(swift build --package-path "$package" -c release --show-bin-path)/OneWayProfile"
# valgrind 3.19 gives up on the debug information of this binary ("Possibly corrupted
# debuginfo file"); without it, the symbol table still names every function.
binary="$directory/OneWayProfile"
objcopy --strip-debug "$built" "$binary"

count() {
  valgrind --tool=callgrind --callgrind-out-file="$2" "$binary" "$scenario" "$1" "$subscribers" \
    2>&1 | sed -n 's/.*Collected : //p'
}
small=$(count "$iterations" "$directory/callgrind.$scenario.small.out")
large=$(count $((iterations * 2)) "$directory/callgrind.$scenario.out")
echo "$scenario: $(((large - small) / iterations)) instructions per iteration"
