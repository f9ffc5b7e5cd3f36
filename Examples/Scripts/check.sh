#!/usr/bin/env bash
# Builds the Examples package and runs every example non-interactively, checking what it
# prints and, for Todos, what it leaves on disk. Exits non-zero if any check fails.
#
#   Examples/Scripts/check.sh            # from anywhere
#
# Everything the examples write goes to a temporary folder; HOME is pointed there while they
# run, so the real ~/.oneway-todos.json is never read or written.
set -uo pipefail

examples="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The library's build folder: the examples reuse everything `swift build` or `swift test` built
# there, and compile only themselves. ONEWAY_EXAMPLES_SCRATCH names another one, and
# ONEWAY_EXAMPLES_FLAGS adds build flags (CI builds them under the thread sanitizer).
scratch="${ONEWAY_EXAMPLES_SCRATCH:-$(dirname "$examples")/.build}"
read -r -a flags <<<"${ONEWAY_EXAMPLES_FLAGS:-}"
work="$(mktemp -d "${TMPDIR:-/tmp}/oneway-examples.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
checks=0

pass() {
  checks=$((checks + 1))
  echo "ok   $1"
}

fail() {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "FAIL $1"
  if [ -n "${2:-}" ]; then printf '%s\n' "$2" | sed 's/^/     | /'; fi
}

# expect_equal NAME EXPECTED ACTUAL
expect_equal() {
  if [ "$2" == "$3" ]; then pass "$1"; else fail "$1" "$(diff <(printf '%s\n' "$2") <(printf '%s\n' "$3"))"; fi
}

# expect_contains NAME NEEDLE HAYSTACK
expect_contains() {
  if [[ "$3" == *"$2"* ]]; then pass "$1"; else fail "$1" "expected to contain: $2"$'\n'"got:"$'\n'"$3"; fi
}

# run EXAMPLE [ARGS...]: runs a built example with stdin from the caller, HOME in the temp
# folder, a time limit (a hang is a failure, not a stuck CI job), stderr merged into stdout.
run() {
  local name="$1"
  shift
  HOME="$work/home" timeout 60 "$bin/$name" "$@" 2>&1
}

# A Todos session the script talks to while it runs, for what piped input cannot show: what
# happens between commands (a signal). Commands go in through a fifo
# held open on fd 3; everything the program prints goes to $work/session.log.
#
# start_session [ARGS...]: starts Todos in the background; its pid is in $session_pid.
start_session() {
  rm -f "$work/session.in"
  mkfifo "$work/session.in"
  : >"$work/session.log"
  HOME="$work/home" "$bin/Todos" "$@" <"$work/session.in" >"$work/session.log" 2>&1 &
  session_pid=$!
  exec 3>"$work/session.in"
}

# wait_for TEXT: waits until the session has printed a line containing TEXT, for at most
# 30 seconds (bounded polling for readiness; no result depends on the time it takes).
wait_for() {
  local attempt
  for attempt in $(seq 300); do
    if grep -qF -- "$1" "$work/session.log"; then return 0; fi
    if ! kill -0 "$session_pid" 2>/dev/null; then
      grep -qF -- "$1" "$work/session.log"
      return
    fi
    sleep 0.1
  done
  return 1
}

# end_session: waits (at most 30 s, then kills it) for the session to exit, and closes its
# input only then, so that the end of input cannot be what ended it; its exit status is in
# $session_status.
end_session() {
  local attempt
  for attempt in $(seq 300); do
    if ! kill -0 "$session_pid" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if kill -0 "$session_pid" 2>/dev/null; then kill -KILL "$session_pid"; fi
  wait "$session_pid"
  session_status=$?
  exec 3>&-
}

# The programs and the tests at once: `swift test` after a build of the programs alone would
# build the package again.
echo "== build (swift build --build-tests --package-path $examples --scratch-path $scratch)"
if ! swift build --build-tests --package-path "$examples" --scratch-path "$scratch" "${flags[@]}" 2>&1 | tail -n 3; then
  echo "FAIL build"
  exit 1
fi
bin="$(swift build --package-path "$examples" --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"
mkdir -p "$work/home"

echo "== Counter"
expected_counter='== Store ==
observed: number: 0, isLoading: false
observed: number: 1, isLoading: false
observed: number: 0, isLoading: false
observed: number: 0, isLoading: true
observed: number: 1, isLoading: true
observed: number: 2, isLoading: true
observed: number: 2, isLoading: false
Store: 2
== ViewStore ==
observed: number: 0, isLoading: false
observed: number: 1, isLoading: false
observed: number: 0, isLoading: false
observed: number: 0, isLoading: true
observed: number: 1, isLoading: true
observed: number: 2, isLoading: true
observed: number: 2, isLoading: false
ViewStore: 2'
for attempt in 1 2 3 4 5; do
  output="$(run Counter </dev/null)"
  status=$?
  if [ "$status" -ne 0 ] || [ "$output" != "$expected_counter" ]; then break; fi
done
expect_equal "Counter prints every observed state and 2, for Store and ViewStore (5 runs)" \
  "$expected_counter" "$output"
[ "$status" -eq 0 ] || fail "Counter exits 0 (got $status)"

echo "== Search"
output="$(printf 'sw\nswi\n' | run Search)"
expect_equal "Search: piped 'sw', 'swi' prints only the results for 'swi'" '"swi": 6 matches
  swift
  swim
  swimmer
  swimming
  swing
  switch' "$output"
output="$(printf 's\nsweat\nzzz\n' | run Search)"
expect_equal "Search: a query with no match says so" '"zzz": 0 matches' "$output"
output="$(printf 'qu\n' | run Search)"
expect_contains "Search: 'qu' finds 'query'" "  query" "$output"
output="$(run Search </dev/null)"
status=$?
expect_equal "Search: no input prints nothing and exits" "" "$output"
[ "$status" -eq 0 ] || fail "Search exits 0 on empty input (got $status)"

echo "== Todos"
list="$work/lists/todos.store"
output="$(printf 'add buy milk\nadd call mom\nadd water plants\ntoggle 2\nremove 3\n' | run Todos "$list")"
expect_contains "Todos: a new file is announced" "starting a new list at $list" "$output"
expect_contains "Todos: each change is confirmed" "removed 3. water plants" "$output"

output="$(printf 'list\n' | run Todos "$list")"
expect_equal "Todos: a second run lists what the first kept" '1. [ ] buy milk
2. [x] call mom' "$output"

output="$(printf 'frob\ntoggle\ntoggle two\nremove 9\nadd\nadd x --due soon\nlist\nquit\nadd never\n' |
  run Todos "$list")"
expect_equal "Todos: bad commands are explained and change nothing" "todos: unknown command 'frob'; type 'help' for the commands
todos: toggle needs an item number, e.g. 'toggle 2'
todos: 'two' is not an item number (1, 2, 3, ...)
todos: there is no item 9: the list has items 1 to 2
todos: add needs a title, e.g. 'add buy milk'
todos: --due needs a duration such as 30m, 2h or 1d
1. [ ] buy milk
2. [x] call mom" "$output"
output="$(printf 'list\n' | run Todos "$list")"
expect_equal "Todos: after bad commands and quit, the list is unchanged" '1. [ ] buy milk
2. [x] call mom' "$output"

# A file that does not decode is OneWayPersistence's to repair: moved aside, never deleted.
corrupt='{"version": 1, "items": [ {"title": "half a file'
printf '%s' "$corrupt" >"$list"
output="$(printf 'list\nadd fresh start\n' | run Todos "$list")"
aside=("$list".corrupt-*)
if [ "${#aside[@]}" -eq 1 ] && [ -f "${aside[0]}" ] && [ "$(cat "${aside[0]}")" == "$corrupt" ]; then
  pass "Todos: a corrupt file is moved aside intact (${aside[0]##*/})"
else
  fail "Todos: a corrupt file is moved aside intact" "$(ls -l "$work/lists")"
fi
expect_contains "Todos: the move is explained, naming the new location" \
  "could not be read (the file is not a snapshot). It was moved to ${aside[0]}" "$output"
output="$(printf 'list\n' | run Todos "$list")"
expect_equal "Todos: the new list works after a corrupt file" "1. [ ] fresh start" "$output"

# Nothing typed may be lost: a path that cannot be kept is refused before any command is read.
mkdir -p "$work/lists/folder.store"
printf 'not a folder' >"$work/lists/file.store"
for path in "$work/lists/folder.store" "$work/lists/file.store/sub.store" /proc/todos.store; do
  output="$(printf 'add typed in vain\nlist\n' | run Todos "$path")"
  status=$?
  if [ "$status" -ne 0 ] && [[ "$output" == "todos: $path "*"use another path"* ||
    "$output" == "todos: $path cannot be written"*"write to"* ]] &&
    [[ "$output" != *"added"* ]] && [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]; then
    pass "Todos: $path cannot be written: refused at once, nothing accepted"
  else
    fail "Todos: $path cannot be written: refused at once, nothing accepted" "status $status: $output"
  fi
done
expect_equal "Todos: the file in the way is untouched" "not a folder" "$(cat "$work/lists/file.store")"
if [ -d "$work/lists/folder.store" ] && [ -z "$(ls -A "$work/lists/folder.store")" ]; then
  pass "Todos: the folder in the way is untouched"
else
  fail "Todos: the folder in the way is untouched" "$(ls -lA "$work/lists/folder.store")"
fi

# An add is journaled before it is confirmed, so however the program is stopped right after
# the confirmation (SIGKILL cannot be caught, and the program catches no signal at all), the
# item is there when Todos starts again on the same file. SIGINT is left out: a job that a
# script starts in the background ignores it, and Ctrl-C's default action is SIGTERM's.
for signal in TERM KILL; do
  expected_status=$((128 + $(kill -l "$signal")))
  stopped="$work/lists/signal-$signal.store"
  start_session "$stopped"
  echo "add kept despite SIG$signal" >&3
  if wait_for "added 1. kept despite SIG$signal"; then
    kill -"$signal" "$session_pid"
    end_session
    output="$(printf 'list\n' | run Todos "$stopped")"
    if [ "$session_status" -eq "$expected_status" ] &&
      [ "$output" == "1. [ ] kept despite SIG$signal" ]; then
      pass "Todos: an add confirmed right before SIG$signal ($session_status) is there on restart"
    else
      fail "Todos: an add confirmed right before SIG$signal is there on restart" \
        "status $session_status: $(cat "$work/session.log")"$'\n'"restart: $output"
    fi
  else
    end_session
    fail "Todos: an add confirmed right before SIG$signal is there on restart (add not confirmed)" \
      "$(cat "$work/session.log")"
  fi
done

# One process at a time has a list open: a second one is refused before it reads a command,
# and what the first keeps is all there is.
shared="$work/lists/shared.store"
start_session "$shared"
echo "add from the first process" >&3
if wait_for "added 1. from the first process"; then
  output="$(printf 'add typed in vain\nlist\n' | run Todos "$shared")"
  status=$?
  expect_equal "Todos: a second process on an open list is refused at once" \
    "todos: the list $shared is open in another process: quit the other Todos first" "$output"
  [ "$status" -ne 0 ] || fail "Todos: the refused second process exits non-zero (got 0)"
  echo "quit" >&3
  end_session
  output="$(printf 'list\n' | run Todos "$shared")"
  expect_equal "Todos: once the first quits, the list has only its item" \
    "1. [ ] from the first process" "$output"
else
  end_session
  fail "Todos: a second process on an open list is refused (first add not confirmed)" \
    "$(cat "$work/session.log")"
fi

# --help prints the usage and touches no file; an argument that starts with '-' is an unknown
# option, never a new list.
mkdir -p "$work/help-home" "$work/cwd"
output="$(cd "$work/cwd" && HOME="$work/help-home" timeout 60 "$bin/Todos" --help </dev/null 2>&1)"
status=$?
expect_contains "Todos --help prints the usage" "usage: Todos [FILE]" "$output"
[ "$status" -eq 0 ] || fail "Todos --help exits 0 (got $status)"
if [ -z "$(ls -A "$work/help-home")" ] && [ -z "$(ls -A "$work/cwd")" ]; then
  pass "Todos --help touches no file"
else
  fail "Todos --help touches no file" "$(ls -lA "$work/help-home" "$work/cwd")"
fi
output="$(cd "$work/cwd" && printf 'add typed in vain\n' | HOME="$work/help-home" timeout 60 "$bin/Todos" -x 2>&1)"
status=$?
expect_equal "Todos -x is refused as an unknown option" \
  "todos: unknown option '-x' (see --help); to use a file whose name starts with '-', write it as ./-x" \
  "$output"
[ "$status" -ne 0 ] || fail "Todos -x exits non-zero (got 0)"
if [ -z "$(ls -A "$work/help-home")" ] && [ -z "$(ls -A "$work/cwd")" ]; then
  pass "Todos -x touches no file"
else
  fail "Todos -x touches no file" "$(ls -lA "$work/help-home" "$work/cwd")"
fi

# First a read-only run (nothing changes, so nothing is written) to see which file the default
# is; only if it is the temporary one does a second run write to it.
default="$work/home/.oneway-todos.store"
output="$(printf 'list\n' | run Todos)"
if [[ "$output" == "starting a new list at $default"* ]]; then
  printf 'add in the default file\n' | run Todos >/dev/null
  output="$(printf 'list\n' | run Todos "$default")"
  if [ "$output" == "1. [ ] in the default file" ]; then
    pass "Todos: without an argument it uses \$HOME/.oneway-todos.store"
  else
    fail "Todos: without an argument it uses \$HOME/.oneway-todos.store" "$output"
  fi
else
  fail "Todos: without an argument it uses \$HOME/.oneway-todos.store (not run further)" "$output"
fi

# ---- Counters: composition (forEach, ifLet, a parent reacting to its children) ----------------
# Every wait in the example is on a state, so its output is the same on every run: a removed
# row's pending save never fires, closing the detail cancels its load. Its TestStore tests run
# here too (they need the Examples package's test clock).
echo "== Counters"
expected_counters='> add three rows
  rows: #1 0 | #2 0 | #3 0
> #2 +1, then #1 +1 +1: each row saves 200 ms after its last change, under one id
> remove #2 while its save is pending
  rows: #1 2 | #3 0
> #1 saved 2; #2'"'"'s save never fired
> start #1'"'"'s timer: the parent stops it at 5
> start #3'"'"'s timer
  rows: #1 5 | #3 5
> open #3'"'"'s detail and close it before its fact arrives
> open #1'"'"'s detail
> #3'"'"'s closed detail asks to load: refused
warning: OneWay: Store<FactDetail, ContinuousClock> received send(load): the store ended when its state at \State.detail became nil, and the action was not reduced. A child store whose state went away stays ended, even when a state comes back: scope again for the store of the current state, and stop sending to this one.
> detail of #1: 5 is odd
> what the parent saw
  removed #2
  saved #1 = 2
  stopped #1 at 5
  stopped #3 at 5
  fact for #1: 5 is odd'
for attempt in 1 2 3; do
  output="$(run Counters </dev/null)"
  status=$?
  if [ "$status" -ne 0 ] || [ "$output" != "$expected_counters" ]; then break; fi
done
expect_equal "Counters prints the same composed run every time (3 runs)" \
  "$expected_counters" "$output"
[ "$status" -eq 0 ] || fail "Counters exits 0 (got $status)"
if output="$(swift test --skip-build --package-path "$examples" --scratch-path "$scratch" "${flags[@]}" --filter CountersTests 2>&1)"; then
  pass "Counters: its TestStore tests pass (swift test --filter CountersTests)"
else
  fail "Counters: its TestStore tests pass (swift test --filter CountersTests)" \
    "$(printf '%s\n' "$output" | grep -E 'error|✘|failed' | head -n 20)"
fi
# ---- end of Counters ---------------------------------------------------------------------------
# --- Swidux: Swidux's README counter on the Swidux module ----------------------------
echo "== SwiduxCounter"
for attempt in 1 2 3 4 5; do
  output="$(run SwiduxCounter </dev/null)"
  status=$?
  if [ "$status" -ne 0 ] || [ "$output" != $'0\n1\n0' ]; then break; fi
done
expect_equal "SwiduxCounter prints the count at once, then each change, as Swidux's README (5 runs)" \
  '0
1
0' "$output"
[ "$status" -eq 0 ] || fail "SwiduxCounter exits 0 (got $status)"
# --- end of Swidux ---------------------------------------------------------------------------------

# ---- Ways: OneWay 1.x's Way on the engine (module OneWayCombine) -------------------------------
# The README's CounterWay (synchronous send, publisher.number, .threadSafe from four threads)
# and a CustomWay bound to global subjects. Every line is printed after a synchronous send, so
# the output is the same on every run.
echo "== Ways"
expected_ways='== CounterWay ==
observed: 0
observed: 1
observed: 0
observed: 1
observed: 2
state.number: 2
== CounterWay, .threadSafe, 4 threads x 1,000 .twice ==
state.number: 8000
== CustomWay bound to global subjects ==
globalNumberSubject.send(10) -> number: 10
globalTextSubject.send("Hello") -> text: Hello
after reset(), globalNumberSubject.send(20) -> number: 20'
for attempt in 1 2 3; do
  output="$(run Ways </dev/null)"
  status=$?
  if [ "$status" -ne 0 ] || [ "$output" != "$expected_ways" ]; then break; fi
done
expect_equal "Ways prints the README's states, 8000 from four threads, and the bound subjects (3 runs)" \
  "$expected_ways" "$output"
[ "$status" -eq 0 ] || fail "Ways exits 0 (got $status)"
# ---- end of Ways -------------------------------------------------------------------------------

# ---- Command lines: --help and unknown options --------------------------------------------------
# Every example answers --help with its usage and exit 0, writing nothing; an option it does not
# take is refused with exit 2 before the example runs.
echo "== --help"
for example in Counter Counters Search SwiduxCounter Ways; do
  before="$(ls -A "$work")"
  output="$(cd "$work" && run "$example" --help </dev/null)"
  status=$?
  after="$(ls -A "$work")"
  if [ "$status" -eq 0 ] && [[ "$output" == "usage: $example"* ]] && [ "$before" == "$after" ]; then
    pass "$example --help prints its usage, exits 0 and writes nothing"
  else
    fail "$example --help prints its usage, exits 0 and writes nothing (status $status)" "$output"
  fi
  output="$(cd "$work" && run "$example" --no-such-option </dev/null)"
  status=$?
  if [ "$status" -eq 2 ] && [[ "$output" == *"unknown option --no-such-option"* ]]; then
    pass "$example refuses an unknown option with exit 2"
  else
    fail "$example refuses an unknown option with exit 2 (status $status)" "$output"
  fi
done
# ---- end of command lines ----------------------------------------------------------------------

echo "== $checks checks, $failures failed"
[ "$failures" -eq 0 ]
