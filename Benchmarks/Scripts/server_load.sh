#!/usr/bin/env bash
# Requests per second of CounterServer's sends (a SharedStore per counter, journal in
# PostgreSQL) against its bare handler (the same insert without OneWay), for one instance and
# for two over one database, with wrk on loopback. Not run in CI.
#
#   apt-get install -y wrk
#   eval "$(bash Scripts/postgres.sh start)"
#   swift build --package-path Examples -c release --product CounterServer
#   bash Benchmarks/Scripts/server_load.sh [SECONDS] [CONNECTIONS]     # 10 s, 32 by default
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-10}
connections=${2:-32}
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

# run KIND INSTANCES: wrk for $seconds with $connections in all, split over the instances.
run() {
  local kind=$1 instances=$2 total=0 outputs=() clients=()
  for ((i = 0; i < instances; i++)); do
    outputs+=("$(mktemp)")
    KIND=$kind wrk -t 1 -c $((connections / instances)) -d "${seconds}s" -s "$script" \
      "http://127.0.0.1:${ports[$i]}" >"${outputs[$i]}" &
    clients+=($!)
  done
  wait "${clients[@]}"
  for output in "${outputs[@]}"; do
    rate=$(awk '/^Requests\/sec/ {print $2}' "$output")
    grep -o 'non2xx=[0-9]* socket_errors=[0-9]*' "$output" | sed "s/^/  $kind: /"
    total=$(python3 -c "print($total + $rate)")
    rm -f "$output"
  done
  printf '%-9s %d instance(s): %8.0f requests/s\n' "$kind" "$instances" "$total"
}

echo "wrk: ${seconds} s, ${connections} connections, $COUNTERS counters"
run bare 1
run counters 1
run bare 2
run counters 2
