#!/usr/bin/env python3
"""Two CounterServer instances against one PostgreSQL database, under load and faults.

    eval "$(bash Scripts/postgres.sh start)"
    swift build --package-path Examples --product CounterServer
    python3 Scripts/fleet_test.py --bin "$(swift build --package-path Examples --show-bin-path)"

Checks, and prints the figures of:
- 10,000 increments with bounded concurrency, spread over both instances and a few counters:
  every acknowledged increment is in the final state, none twice (an increment whose answer
  was lost when an instance died may or may not be, and is counted apart);
- one instance killed with SIGKILL mid-load: the other goes on; restarted, it serves every
  acknowledged increment;
- PostgreSQL stopped for a moment (Scripts/postgres.sh pause): each send fails within the
  instances' timeout with a 503 that names the server, and the first send once it is back
  succeeds;
- bad input (malformed JSON, unknown id, bad id, a body over 16 KiB) gets its 4xx, and nothing
  reaches a store;
- an add that would overflow the count gets a 422 from both instances, and both stay up and
  go on serving that counter;
- --help prints the usage and exits 0;
- SIGTERM shuts both instances down gracefully.
Needs DATABASE_URL and ONEWAY_PG_DIR, as Scripts/postgres.sh start prints them.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
TOTAL = 10_000
CONCURRENCY = 32
COUNTERS = 4
TIMEOUT = 3  # CounterServer's --timeout-seconds default
INT_MAX = 2**63 - 1
failures: list[str] = []


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Instance:
    def __init__(self, binary: Path, port: int, log: Path) -> None:
        self.binary, self.port, self.log = binary, port, log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        log = open(self.log, "a")
        self.process = subprocess.Popen(
            [str(self.binary), "--port", str(self.port), "--idle-seconds", "30"],
            stdout=log, stderr=log,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"CounterServer on {self.port} exited: see {self.log}")
            try:
                status, _ = request(self.port, "GET", "/stats")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit(f"CounterServer on {self.port} did not answer within 60 s: see {self.log}")

    def kill(self) -> None:
        assert self.process
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def terminate(self) -> int | None:
        assert self.process
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def request(port: int, method: str, path: str, body: bytes | None = None,
            timeout: float = 30) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        try:
            return response.status, json.loads(data) if data else {}
        except ValueError:
            return response.status, {"raw": data.decode(errors="replace")}
    finally:
        connection.close()


INCREMENT = b'{"increment":{}}'


class Load:
    """Sends increments, counting per counter what was acknowledged and what is unknown."""

    def __init__(self, ports: list[int], counters: list[str]) -> None:
        self.ports, self.counters = ports, counters
        self.lock = threading.Lock()
        self.acknowledged = {c: 0 for c in counters}
        self.unknown = {c: 0 for c in counters}
        self.refused = 0
        self.errors = 0
        self.sent = 0
        self.dead: set[int] = set()

    def one(self, index: int) -> None:
        counter = self.counters[index % len(self.counters)]
        # Every counter gets sends on both instances, so that they race for its rows.
        port = self.ports[(index // len(self.counters)) % len(self.ports)]
        for _ in range(20):
            if port in self.dead:
                port = next(p for p in self.ports if p not in self.dead)
            try:
                status, body = request(port, "POST", f"/counters/{counter}/actions", INCREMENT)
            except ConnectionRefusedError:
                # Never sent: nothing can have been committed; send it to the other instance.
                with self.lock:
                    self.refused += 1
                    self.dead.add(port)
                continue
            except (OSError, http.client.HTTPException):
                # Sent, and the instance died before answering: committed or not.
                with self.lock:
                    self.unknown[counter] += 1
                    self.dead.add(port)
                return
            with self.lock:
                self.sent += 1
                if status == 200 and "count" in body:
                    self.acknowledged[counter] += 1
                else:
                    self.errors += 1
            if status == 200:
                return
            time.sleep(0.05)


def check_overflow(a: Instance, b: Instance, counter: str) -> None:
    """An add past Int.max is refused by both instances, which go on serving the counter."""
    check(request(a.port, "PUT", f"/counters/{counter}")[0] == 201, f"PUT creates {counter}")
    add_max = json.dumps({"add": {"amount": INT_MAX}}).encode()
    status, body = request(a.port, "POST", f"/counters/{counter}/actions", add_max)
    check(status == 200 and body.get("count") == INT_MAX, f"add Int.max: 200, {body}")
    for name, instance in (("a", a), ("b", b)):
        status, body = request(instance.port, "POST", f"/counters/{counter}/actions", INCREMENT)
        check(status == 422 and "nothing was changed" in body.get("error", ""),
              f"increment past Int.max on instance {name}: {status} {body.get('error')!r}")
    for name, instance in (("a", a), ("b", b)):
        check(instance.process is not None and instance.process.poll() is None,
              f"instance {name} is still up")
        status, body = request(instance.port, "GET", f"/counters/{counter}")
        check(status == 200 and body.get("count") == INT_MAX,
              f"instance {name} still serves {counter}: {status} {body.get('count')}")
    status, body = request(b.port, "POST", f"/counters/{counter}/actions",
                           b'{"add":{"amount":-1}}')
    check(status == 200 and body.get("count") == INT_MAX - 1,
          f"and takes the next add: {status} {body.get('count')}")


def check_help(binary: Path) -> None:
    """--help prints the usage and exits 0, without a database; an unknown option fails."""
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    shown = subprocess.run([str(binary), "--help"], capture_output=True, text=True, timeout=30,
                           env=environment)
    check(shown.returncode == 0 and "Usage: CounterServer" in shown.stdout,
          f"--help prints the usage, exit {shown.returncode}")
    wrong = subprocess.run([str(binary), "--frobnicate", "1"], capture_output=True, text=True,
                           timeout=30, env=environment)
    check(wrong.returncode != 0 and "unexpected '--frobnicate'" in wrong.stderr,
          f"an unknown option is refused, exit {wrong.returncode}")


def main() -> None:
    instances: list[Instance] = []
    paused = [False]
    try:
        run_checks(instances, paused)
    finally:
        # Whatever failed, leave no server running and the database up.
        for instance in instances:
            if instance.process and instance.process.poll() is None:
                instance.process.kill()
        if paused[0]:
            subprocess.run(["bash", str(ROOT / "Scripts/postgres.sh"), "resume"])


def run_checks(instances: list[Instance], paused: list[bool]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, type=Path, help="the Examples package's bin folder")
    arguments = parser.parse_args()
    for variable in ("DATABASE_URL", "ONEWAY_PG_DIR"):
        if not os.environ.get(variable):
            sys.exit(f"{variable} is unset: run eval \"$(bash Scripts/postgres.sh start)\" first")
    binary = arguments.bin / "CounterServer"
    check_help(binary)
    logs = Path(os.environ["ONEWAY_PG_DIR"])
    run = f"f{random.randrange(1 << 30):x}"
    a = Instance(binary, free_port(), logs / "fleet-a.log")
    b = Instance(binary, free_port(), logs / "fleet-b.log")
    instances += [a, b]
    a.start()
    b.start()
    print(f"instances on ports {a.port} and {b.port}", flush=True)

    counters = [f"{run}-{i}" for i in range(COUNTERS)]
    for counter in counters:
        status, body = request(a.port, "PUT", f"/counters/{counter}")
        check(status == 201 and body == {"created": True, "count": 0}, f"PUT creates {counter}")
    status, _ = request(b.port, "PUT", f"/counters/{counters[0]}")
    check(status == 200, "PUT of an existing counter on the other instance finds it (200)")

    # Bad input first: each gets its 4xx, and the states show nothing reached a store.
    target = f"/counters/{counters[0]}/actions"
    check(request(a.port, "POST", target, b'{"increment":')[0] == 400, "malformed JSON: 400")
    check(request(a.port, "POST", target, b'{"jump":{}}')[0] == 400, "unknown action: 400")
    check(request(a.port, "POST", f"/counters/{run}-nobody/actions", INCREMENT)[0] == 404,
          "unknown counter: 404")
    check(request(a.port, "GET", f"/counters/{run}-nobody")[0] == 404, "GET of an unknown counter: 404")
    check(request(a.port, "POST", "/counters/Bad_ID/actions", INCREMENT)[0] == 400, "bad id: 400")
    check(request(a.port, "PUT", "/counters/" + "x" * 65)[0] == 400, "id over 64 characters: 400")
    big = b'{"add":{"amount":1}}' + b" " * (17 * 1024)
    check(request(a.port, "POST", target, big)[0] == 413, "body over 16 KiB: 413")
    status, body = request(b.port, "GET", f"/counters/{counters[0]}")
    check(status == 200 and body["count"] == 0, "after the bad input, the counter is still 0")
    check_overflow(a, b, f"{run}-max")

    # The load, with a SIGKILL of instance b a third of the way in.
    load = Load([a.port, b.port], counters)
    started = time.monotonic()
    with ThreadPoolExecutor(CONCURRENCY) as pool:
        futures = [pool.submit(load.one, i) for i in range(TOTAL)]
        while sum(load.acknowledged.values()) < TOTAL // 3:
            time.sleep(0.01)
        status, stats = request(b.port, "GET", "/stats")
        conflicts_b = stats.get("conflicts", 0)
        b.kill()
        print(f"killed instance b (SIGKILL) after {sum(load.acknowledged.values())} acknowledged"
              " increments", flush=True)
        for future in futures:
            future.result()
    elapsed = time.monotonic() - started
    acknowledged = sum(load.acknowledged.values())
    unknown = sum(load.unknown.values())
    status, stats = request(a.port, "GET", "/stats")
    print(f"load: {TOTAL} increments, {CONCURRENCY} at a time, {elapsed:.1f} s; acknowledged "
          f"{acknowledged}, answer lost in the kill {unknown}, refused by the dead instance and "
          f"resent {load.refused}, errors {load.errors}; conflicts met: instance a "
          f"{stats.get('conflicts')}, instance b before the kill {conflicts_b}", flush=True)
    check(acknowledged + unknown == TOTAL, "every increment was acknowledged or lost with the instance")

    finals = {}
    for counter in counters:
        status, body = request(a.port, "GET", f"/counters/{counter}")
        finals[counter] = body.get("count")
        low = load.acknowledged[counter]
        high = low + load.unknown[counter]
        check(status == 200 and low <= finals[counter] <= high,
              f"{counter}: {finals[counter]} in [{low}, {high}]: 0 lost, 0 twice")

    b.start()
    for counter in counters:
        status, body = request(b.port, "GET", f"/counters/{counter}")
        check(status == 200 and body.get("count") == finals[counter],
              f"restarted instance b recovers {counter} = {finals[counter]}")
    status, body = request(b.port, "POST", f"/counters/{counters[1]}/actions", INCREMENT)
    check(status == 200 and body.get("count") == finals[counters[1]] + 1,
          "restarted instance b goes on from there")
    finals[counters[1]] += 1

    # PostgreSQL away for a moment.
    subprocess.run(["bash", str(ROOT / "Scripts/postgres.sh"), "pause"], check=True)
    paused[0] = True
    outage = time.monotonic()
    outcomes, times = [], []
    for port in (a.port, b.port, a.port, b.port):
        sent = time.monotonic()
        outcomes.append(request(port, "POST", f"/counters/{counters[2]}/actions", INCREMENT,
                                timeout=20))
        times.append(time.monotonic() - sent)
    check(all(status == 503 for status, _ in outcomes),
          f"database down: every send answers 503 ({[s for s, _ in outcomes]})")
    check(max(times) <= TIMEOUT + 1.5,
          f"each answered within the {TIMEOUT} s timeout: {', '.join(f'{t:.2f} s' for t in times)}")
    print(f"4 sends while the database was down answered in {time.monotonic() - outage:.1f} s",
          flush=True)
    message = outcomes[0][1].get("error", "")
    server = f"127.0.0.1:{urlsplit(os.environ['DATABASE_URL']).port}"
    check("could not be reached" in message and server in message,
          f"the 503 names the server and says why: {message!r}")
    subprocess.run(["bash", str(ROOT / "Scripts/postgres.sh"), "resume"], check=True)
    paused[0] = False
    # The server was stopped before those sends: none of their appends reached it.
    sent = time.monotonic()
    status, body = request(a.port, "POST", f"/counters/{counters[2]}/actions", INCREMENT)
    resumed = body.get("count") if status == 200 else None
    check(resumed == finals[counters[2]] + 1,
          f"database back: the first send succeeds ({status} in {time.monotonic() - sent:.2f} s,"
          f" count {resumed}, from {finals[counters[2]]} + 1)")

    for name, instance in (("a", a), ("b", b)):
        check(instance.terminate() == 0, f"SIGTERM shuts instance {name} down gracefully (exit 0)")

    if failures:
        print(f"fleet test: {len(failures)} checks failed; logs in {logs}", flush=True)
        sys.exit(1)
    print("fleet test: every check passed", flush=True)


if __name__ == "__main__":
    main()
