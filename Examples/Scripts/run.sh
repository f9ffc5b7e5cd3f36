#!/usr/bin/env bash
# Lists OneWay's examples and runs one of them (Counter when none is named).
#
#   Examples/Scripts/run.sh                 # list the examples, then run Counter
#   Examples/Scripts/run.sh Search          # run Search (type queries; ^D quits)
#   Examples/Scripts/run.sh Todos FILE      # run Todos on FILE (default ~/.oneway-todos.json)
set -euo pipefail

examples="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The library's build folder, so that the examples reuse what `swift test` built there.
scratch="$(dirname "$examples")/.build"

cat <<'LIST'
OneWay examples (swift run --package-path Examples NAME):
  Counter  the README's counting reducer, through a Store and a ViewStore
  Search   search-as-you-type over a bundled word list: debounce and cancellation
  Todos    a to-do list saved to a JSON file: debounced saves and bind()
  Counters a composed app: rows with their own effects (forEach), a detail (ifLet)
  Ways     OneWay 1.x's Way (OneWayCombine): CounterWay and a way bound to global subjects
  SwiduxCounter  Swidux's README counter on the Swidux module
  CounterServer  an HTTP service of shared stores over PostgreSQL; it needs a database:
                 eval "$(bash Scripts/postgres.sh start)" && swift run --package-path Examples CounterServer --port 8080
LIST

name="${1:-Counter}"
shift || true
case "$name" in
  Counter | Search | Todos | Counters | Ways | SwiduxCounter) ;;
  *)
    echo "unknown example '$name'" >&2
    exit 2
    ;;
esac
echo
echo "\$ swift run --package-path Examples --scratch-path .build $name $*"
exec swift run --quiet --package-path "$examples" --scratch-path "$scratch" "$name" "$@"
