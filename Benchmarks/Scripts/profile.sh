#!/usr/bin/env bash
# Counts the instructions one iteration of a scenario costs, with valgrind's callgrind
# (reproducible, whatever else the machine is doing).
#
#   bash Benchmarks/Scripts/profile.sh SCENARIO [SUBSCRIBERS]
#   e.g. profile.sh s1-store; profile.sh s1-bare; profile.sh s6-store 100
#
# Runs Benchmarks' OneWayProfile executable for N and 2N iterations and prints
# (instructions(2N) - instructions(N)) / N, which cancels start-up costs. The 2N profile stays
# in /tmp/callgrind.SCENARIO.out for `callgrind_annotate --inclusive=yes`.
set -euo pipefail

scenario=${1:?usage: profile.sh SCENARIO [SUBSCRIBERS]}
subscribers=${2:-100}
iterations=${ITERATIONS:-10000}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
swift build --package-path "$package" -c release --product OneWayProfile >&2
binary="$(swift build --package-path "$package" -c release --show-bin-path)/OneWayProfile"

count() {
  valgrind --tool=callgrind --callgrind-out-file="$2" "$binary" "$scenario" "$1" "$subscribers" \
    2>&1 | sed -n 's/.*Collected : //p'
}
small=$(count "$iterations" /tmp/callgrind.small.out)
large=$(count $((iterations * 2)) "/tmp/callgrind.$scenario.out")
echo "$scenario: $(((large - small) / iterations)) instructions per iteration"
