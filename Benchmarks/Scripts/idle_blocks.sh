#!/usr/bin/env bash
# Lists the heap blocks that idle objects of a b7-bytes scenario keep, grouped by size and by
# the functions that allocated them (glibc only).
#
#   bash Benchmarks/Scripts/idle_blocks.sh b7-bytes-store [COUNT]
#
# b7-bytes-* print bytes per object (mallinfo2); this tells them apart block by block. It
# preloads idle_blocks.c, which records every block allocated between the scenario's two
# mallinfo2 calls and, at the second, prints those still alive. OneWayProfile must be built
# (swift build -c release --product OneWayProfile, in Benchmarks).
set -euo pipefail
scenario=${1:?usage: idle_blocks.sh b7-bytes-SCENARIO [COUNT]}
count=${2:-100}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")
binary="$(swift build --package-path "$package" -c release --show-bin-path)/OneWayProfile"
library=$(mktemp -d)/idle_blocks.so
gcc -O1 -shared -fPIC -o "$library" "$here/idle_blocks.c" -ldl
LD_PRELOAD="$library" "$binary" "$scenario" "$count" 2>&1 |
  awk '/^==/ { print; n = 0; next } { n++; if (n <= 5) print }' |
  while read -r line; do
    if [[ $line == *OneWayProfile+0x* ]]; then
      address=${line#*OneWayProfile+}
      address=${address%% *}
      echo "   $(addr2line -f -e "$binary" "$address" | head -1 | swift demangle --simplified)"
    elif [[ $line == ==* || $line == *retained* ]]; then
      echo "$line"
    fi
  done
