#!/usr/bin/env python3
"""The counts check: instructions and allocations per iteration of OneWay's hot paths, under
valgrind's callgrind, against the thresholds kept in Benchmarks/Thresholds/.

Run through Benchmarks/Scripts/counts.sh, which installs valgrind if needed and builds the
profile executable once. Subcommands:

  counts.py check [--update] [--thresholds FILE]
      Profiles every hot path below with profile.sh (N iterations measured after N of
      warm-up), prints a table against the thresholds and exits 1 when a figure exceeds its
      threshold by more than 5%.
      --update rewrites the thresholds file from the measured figures instead.
  counts.py allocations CALLGRIND_OUT
      Prints the calls to the C allocator's entry points recorded in one callgrind profile
      (profile.sh uses it for its allocations per iteration).
"""

import json
import os
import platform
import queue
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)

# A figure fails when it exceeds its threshold by more than this fraction, and is reported as an
# improvement (update the threshold) when it is below it by more than this fraction.
TOLERANCE = 0.05

# The hot paths: (name, OneWayProfile scenario, SUBSCRIBERS argument, N, runs). Each runs N
# iterations to warm up, then N measured between two marks; the figures are the measured
# part's counts divided by N, without start-up, set-up or tear-down. A profile costs about 2 s
# of valgrind's start-up whatever N is, and the loops little beside it: N is chosen so that
# each loop costs millions of instructions, which makes a one-off difference between runs (a
# thread's start, a cache's growth) a fraction of an instruction per iteration. The main-actor
# paths are single-threaded and the same on every run; the asynchronous ones (tasks on Swift's cooperative pool) are profiled `runs` times,
# keeping the cheapest (profile.sh's PROFILE_RUNS).
HOT_PATHS = [
    # `viewStore.send(.increment)`, the reducer returning `.none`, on the main actor.
    ("ViewStore send", "b2-viewstore", 0, 20000, 1),
    # `await store.send(.increment)` from a task off the store's executor.
    ("Store send", "b1-store", 0, 20000, 3),
    # The same send to a store whose history is on (OneWayDevTools), its ring full.
    ("Store send, history on", "b16-history", 0, 20000, 3),
    # `await store.send(.chain)`: 9 actions reduced, 8 derived through concat and merge.
    ("9-action chain", "b3-chain", 0, 5000, 3),
    # `.request`, whose `.single` effect answers `.reply` from a task of its own, and the wait
    # for that reply.
    (".single round trip", "b4-store", 0, 2000, 5),
    # `.startLongRunning`: a cancellable effect started, cancelling the one before (then the
    # last one cancelled and every task ended, once per run, after the measured part).
    ("Start and cancel an effect", "b5-store", 0, 2000, 5),
    # OneWayCombine's `way.send(.increment)`, `.current` thread option, nothing observing.
    ("Way send", "way-current", 0, 20000, 1),
    # Swidux's `store.dispatch(action)`, no subscriber.
    ("Swidux dispatch", "swidux-dispatch", 0, 20000, 1),
    # A view-store send that changes the state but not the value of its 10 subscriptions: the
    # figure is per send (each of the 10 subscriptions compares and stays silent).
    ("Send, 10 unchanged subscriptions", "b8-store-unchanged", 10, 20000, 1),
    # `await store.send` to a root store whose reducer embeds the action 5 `Scope`s deep.
    ("Store send through 5 Scopes", "b11-store-scope5", 0, 20000, 3),
    # The same on the main actor, to a `ViewStore`.
    ("ViewStore send through 5 Scopes", "b11-viewstore-scope5", 0, 20000, 1),
    # `await store.send(.append)` to a store built as the README builds it, holding an array of
    # 100,000 elements, nobody observing: past its 65th state it keeps no backlog and appends
    # in place (the N first sends, with their copies, cancel out).
    ("Default store append, [Int] of 100,000", "b12-default", 100000, 2000, 3),
    # A view-store send after 1 or 100 properties were read through its dynamic members: none
    # of them changed (each compared and silent), or the first one changed (told, then read
    # again, as its view would be).
    ("Send, 1 read property unchanged", "b13-read-unchanged", 1, 20000, 1),
    ("Send, 100 read properties unchanged", "b13-read-unchanged", 100, 5000, 1),
    ("Send, 1 read property changed", "b13-read-changed", 1, 20000, 1),
    ("Send, 100 read properties, one changed", "b13-read-changed", 100, 5000, 1),
    # A view-store send that changes nothing, to a store persisted with snapshots or a journal:
    # neither writes, and the engine reports nothing to an observer of changes (against
    # "p2-bare", the same store unpersisted, the goal is at most 1.1x).
    ("Persisted send, state unchanged, snapshots", "p2-snapshots", 0, 20000, 1),
    ("Persisted send, state unchanged, journal", "p2-journal", 0, 20000, 1),
    # Scenario 11's sends through 5 `Scope`s, each level embedding its child with a case key
    # path (OneWayCasePaths) instead of an action case and an `extract` closure.
    ("Store send through 5 Scopes, case key paths", "b14-store-scope5", 0, 20000, 3),
    ("ViewStore send through 5 Scopes, case key paths", "b14-viewstore-scope5", 0, 20000, 1),
    # A send to one row's store, among 100 and among 10,000 live row stores, the rows kept in an
    # IdentifiedList: each commit tells only the changed row's store.
    ("Row store send, 100 row stores", "b15-viewstore-rows", 100, 5000, 1),
    ("Row store send, 10,000 row stores", "b15-viewstore-rows", 10000, 5000, 1),
    # A rename of one row among 1,000 and among 10,000, the list's view observing the ids and
    # each row's view its title: one view told per send, whose title is read again. Making the
    # rows and their views costs far more than the loop, and varies between two runs by
    # millions of instructions (libdispatch's threads wait with time-outs meanwhile): N makes
    # that about 1% of an iteration, not the 5% tolerance. Ten times the rows shows that a send
    # does not grow with the list; the benchmarks' b17 run goes to 100,000.
    ("Observed row rename, 1,000 rows", "b17-observed-rows", 1000, 5000, 1),
    ("Observed row rename, 10,000 rows", "b17-observed-rows", 10000, 5000, 1),
    # "Store send", "ViewStore send" and ".single round trip" to stores that captured
    # swift-dependencies' values (OneWayDependencies), in DependenciesProfile: each entry
    # point runs inside them (K1, K2).
    ("Store send, dependencies captured", "k1-store", 0, 20000, 3),
    ("ViewStore send, dependencies captured", "k2-viewstore", 0, 20000, 1),
    (".single round trip, dependencies captured", "k4-store", 0, 2000, 5),
]

# The C allocator's entry points. Each allocation enters exactly one of them (glibc's calloc,
# realloc and the aligned ones do not call malloc); swift_allocObject and swift_slowAlloc end in
# one of them. Callgrind names a function by one of its symbols, hence the aliases.
ALLOCATORS = {
    "malloc",
    "__libc_malloc",
    "calloc",
    "__libc_calloc",
    "realloc",
    "__libc_realloc",
    "posix_memalign",
    "__posix_memalign",
    "aligned_alloc",
    "memalign",
    "__libc_memalign",
    "valloc",
    "pvalloc",
}


def allocation_calls(path):
    """The calls to ALLOCATORS recorded in the callgrind profile at `path`.

    In callgrind's format, `cfn=` names the callee of the `calls=COUNT ...` line that follows
    it; names are compressed: `(id) name` the first time, `(id)` after.
    """
    names = {}
    callee = None
    total = 0
    with open(path, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            if line.startswith("cfn="):
                match = re.match(r"cfn=(?:\((\d+)\))?\s*(.*)", line.rstrip("\n"))
                ident, name = match.group(1), match.group(2)
                if ident is not None:
                    if name:
                        names[ident] = name
                    else:
                        name = names.get(ident, "")
                # Recursion levels (`malloc'2`) count as the same function.
                callee = name.split("'")[0]
            elif line.startswith("calls="):
                if callee in ALLOCATORS:
                    total += int(line[len("calls=") :].split()[0])
            elif line.startswith("fn="):
                # A `fn=` line may define a name that a later `cfn=(id)` refers to.
                match = re.match(r"fn=\((\d+)\)\s*(.+)", line.rstrip("\n"))
                if match:
                    names[match.group(1)] = match.group(2)
    return total


def toolchain():
    """`linux-swift-6.3`: the platform and the compiler's major and minor version."""
    output = subprocess.run(
        ["swift", "--version"], capture_output=True, text=True, check=True
    ).stdout + ""
    match = re.search(r"Swift version (\d+)\.(\d+)", output)
    if not match:
        sys.exit(f"error: cannot read the Swift version from: {output!r}")
    return f"{platform.system().lower()}-swift-{match.group(1)}.{match.group(2)}"


def profile(scenario, subscribers, iterations, runs, cpu=None):
    """Instructions and allocations per iteration of one scenario, from profile.sh, on `cpu`
    alone when given."""
    environment = dict(
        os.environ, ITERATIONS=str(iterations), PROFILE_RUNS=str(runs), PROFILE_SKIP_BUILD="1"
    )
    if cpu is not None:
        environment["PROFILE_CPU"] = str(cpu)
    result = subprocess.run(
        ["bash", os.path.join(HERE, "profile.sh"), scenario, str(subscribers)],
        capture_output=True,
        text=True,
        env=environment,
    )
    match = re.search(
        r"([\d.-]+) instructions per iteration, ([\d.-]+) allocations per iteration",
        result.stdout,
    )
    if result.returncode != 0 or not match:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"error: profiling {scenario} failed")
    return float(match.group(1)), float(match.group(2))


def verdict(measured, threshold):
    """'ok', 'FAIL' (more than TOLERANCE above) or 'below' (more than TOLERANCE below)."""
    if threshold is None:
        return "NEW"
    if measured > threshold * (1 + TOLERANCE) + 1e-9:
        return "FAIL"
    if measured < threshold * (1 - TOLERANCE) - 1e-9:
        return "below"
    return "ok"


def check(arguments):
    update = "--update" in arguments
    name = toolchain()
    path = os.path.join(BENCHMARKS, "Thresholds", f"{name}.json")
    if "--thresholds" in arguments:
        path = arguments[arguments.index("--thresholds") + 1]
    thresholds = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            thresholds = json.load(file)["hotPaths"]
    elif not update:
        print(f"error: no thresholds for {name} ({path}); run counts.sh --update to record them")
        return 1

    # One profile per CPU this process may use, each pinned to its own CPU: a profile's figures
    # depend only on its own CPU (see profile.sh), so they run side by side.
    cpus = queue.Queue()
    for cpu in sorted(os.sched_getaffinity(0)):
        cpus.put(cpu)

    def profile_on_a_free_cpu(hot_path_entry):
        _, scenario, subscribers, iterations, runs = hot_path_entry
        cpu = cpus.get()
        try:
            return profile(scenario, subscribers, iterations, runs, cpu)
        finally:
            cpus.put(cpu)

    measured = {}
    started = time.monotonic()
    # The paths with the most subscribers (rows, observers) take the longest: started first, they
    # do not leave one CPU profiling alone at the end.
    order = sorted(HOT_PATHS, key=lambda entry: entry[2], reverse=True)
    with ThreadPoolExecutor(max_workers=cpus.qsize()) as pool:
        results = dict(zip((entry[0] for entry in order), pool.map(profile_on_a_free_cpu, order)))
    for hot_path, scenario, subscribers, iterations, runs in HOT_PATHS:
        instructions, allocations = results[hot_path]
        measured[hot_path] = {
            "scenario": scenario,
            "subscribers": subscribers,
            "iterations": iterations,
            "runs": runs,
            "instructions": round(instructions),
            "allocations": round(allocations, 2),
        }
        print(f"  {hot_path}: {round(instructions)} instructions, {allocations:g} allocations",
              file=sys.stderr, flush=True)
    elapsed = time.monotonic() - started

    rows = []
    failed = False
    improved = False
    for hot_path, figures in measured.items():
        limits = thresholds.get(hot_path, {})
        row = [hot_path]
        for metric in ("instructions", "allocations"):
            value, limit = figures[metric], limits.get(metric)
            result = verdict(value, limit)
            failed |= result in ("FAIL", "NEW")
            improved |= result == "below"
            shown_limit = "-" if limit is None else f"{limit:g}"
            if limit is None or value == limit == 0:
                change = ""
            elif limit == 0:
                change = f" {value:+g}"
            else:
                change = f" {100 * (value - limit) / limit:+.1f}%"
            row += [f"{value:g}", shown_limit, result + change]
        rows.append(row)

    header = ["hot path (per iteration)", "instructions", "threshold", "", "allocations",
              "threshold", ""]
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    shown_path = os.path.relpath(path, BENCHMARKS) if path.startswith(BENCHMARKS) else path
    print(f"Counts check ({name}, callgrind, {shown_path}; "
          f"fails above +{TOLERANCE:.0%}):")
    for row in [header] + rows:
        print("  " + "  ".join(
            str(cell).ljust(width) if index in (0, 3, 6) else str(cell).rjust(width)
            for index, (cell, width) in enumerate(zip(row, widths))
        ).rstrip())
    print(f"Profiled in {elapsed:.0f} s.")

    if update:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            json.dump(
                {
                    "toolchain": name,
                    "note": "Per iteration, from Benchmarks/Scripts/counts.sh --update; "
                    "update only for an intended change, with the reason in the commit.",
                    "hotPaths": measured,
                },
                file,
                indent=2,
            )
            file.write("\n")
        print(f"Thresholds written to {path}.")
        return 0
    for hot_path in thresholds:
        if hot_path not in measured:
            print(f"note: {hot_path!r} has a threshold but is no longer measured")
    if failed:
        print(
            "error: a figure exceeds its threshold by more than 5% (FAIL) or has none (NEW). "
            "If the change is intended, run `bash Benchmarks/Scripts/counts.sh --update` and "
            "give the reason in the commit message."
        )
        return 1
    if improved:
        print(
            "Some figures are more than 5% below their thresholds (below): if the improvement "
            "is intended, lock it in with `bash Benchmarks/Scripts/counts.sh --update`."
        )
    print("Counts check passed.")
    return 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "allocations":
        print(allocation_calls(sys.argv[2]))
        return 0
    if len(sys.argv) >= 2 and sys.argv[1] == "check":
        return check(sys.argv[2:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
