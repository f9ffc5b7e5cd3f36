#!/usr/bin/env bash
# Requests per second of CounterServer's sends (a SharedStore per counter, journal in
# PostgreSQL) against its bare handler (the same insert without OneWay), for one instance and
# for two over one database, with wrk on loopback. Not run in CI.
#
#   apt-get install -y wrk
#   eval "$(bash Scripts/postgres.sh start)"
#   swift build --package-path Examples -c release --product CounterServer
#   bash Benchmarks/Scripts/server_load.sh [SECONDS] [CONNECTIONS] [ROUNDS]   # 10 s, 32, 3
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-10}
connections=${2:-32}
rounds=${3:-3}
: "${DATABASE_URL:?run eval \"\$(bash Scripts/postgres.sh start)\" first}"
bin="$(swift build --package-path Examples -c release --show-bin-path)/CounterServer"
script="$PWD/Benchmarks/Scripts/server_load.lua"
export PREFIX="load$RANDOM" COUNTERS=64

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
ports=("$(free_port)" "$(free_port)")
pids=()
for port in "${ports[@]}"; do
  LOG_LEVEL=error "$bin" --port "$port" --idle-seconds 600 &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT
for port in "${ports[@]}"; do
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/stats" >/dev/null && break
    sleep 0.2
  done
done
for i in $(seq "$COUNTERS"); do
  curl -sf -X PUT "http://127.0.0.1:${ports[0]}/counters/$PREFIX-$i" >/dev/null
done

# rate KIND INSTANCES: requests per second of one wrk run of $seconds, with $connections in
# all, split over the instances.
rate() {
  local kind=$1 instances=$2 total=0 outputs=() clients=()
  for ((i = 0; i < instances; i++)); do
    outputs+=("$(mktemp)")
    KIND=$kind wrk -t 1 -c $((connections / instances)) -d "${seconds}s" -s "$script" \
      "http://127.0.0.1:${ports[$i]}" >"${outputs[$i]}" &
    clients+=($!)
  done
  wait "${clients[@]}"
  for output in "${outputs[@]}"; do
    if grep -q 'non2xx=[1-9]\|socket_errors=[1-9]' "$output"; then
      grep -o 'non2xx=[0-9]* socket_errors=[0-9]*' "$output" | sed "s/^/  $kind: /" >&2
    fi
    total=$(python3 -c "print($total + $(awk '/^Requests\/sec/ {print $2}' "$output"))")
    rm -f "$output"
  done
  echo "$total"
}

# The two kinds alternate, round after round, so that a drift of the machine (another
# process, the database's own work) falls on both alike; the figures are medians.
echo "wrk: $rounds rounds of ${seconds} s each, ${connections} connections, $COUNTERS counters"
for instances in 1 2; do
  bare=() counters=()
  for ((round = 0; round < rounds; round++)); do
    bare+=("$(rate bare "$instances")")
    counters+=("$(rate counters "$instances")")
  done
  python3 - "$instances" "${bare[*]}" "${counters[*]}" <<'PYTHON'
import statistics, sys
instances, bare, counters = int(sys.argv[1]), sys.argv[2].split(), sys.argv[3].split()
b = statistics.median(map(float, bare))
c = statistics.median(map(float, counters))
print(f"{instances} instance(s): bare {b:,.0f} requests/s, OneWay {c:,.0f}: {c / b:.2f}x"
      f"  (bare {' '.join(f'{float(x):.0f}' for x in bare)};"
      f" OneWay {' '.join(f'{float(x):.0f}' for x in counters)})")
PYTHON
done
