#!/usr/bin/env python3
"""Turns one run of the Swidux benchmarks into a table of medians and same-run ratios.

usage: swidux_report.py RUN_OUTPUT.txt   (prints Markdown; exits 1 if a benchmark is missing)

    swift package --package-path Benchmarks benchmark --target SwiduxBenchmarks --no-progress \\
      | tee /tmp/swidux.txt
    python3 Benchmarks/Scripts/swidux_report.py /tmp/swidux.txt

Every ratio divides two medians (p50) of the same run. The cost per subscriber is the median
with N subscribers minus the median of the same dispatch without subscribers, divided by N.
"""

import sys

from benchresults import median, parse

WALL = "Time (wall clock) (ns)"
MALLOC = "Malloc (total)"
DISPATCH = "Swidux dispatch, no subscribers"
BARE = "Swidux baseline: bare locked reduce"
COUNTS = [1, 10, 100, 1000]
GOAL_UNCHANGED_NS = 20


def main():
    results = parse(open(sys.argv[1], encoding="utf-8").read())
    missing = []

    def get(name, metric=WALL):
        value = median(results, name, metric)
        if value is None:
            missing.append(f"{name} / {metric}")
        return value

    dispatch, bare = get(DISPATCH), get(BARE)
    rows = []
    if dispatch and bare:
        rows.append(
            f"| `dispatch`, no subscribers | {dispatch:.0f} ns | bare locked reduce {bare:.0f} ns "
            f"| {dispatch / bare:.2f}x | ≤ 2x | {'met' if dispatch / bare <= 2 else '**missed**'} |"
        )
    for kind in ["unchanged", "changed"]:
        for count in COUNTS:
            store = get(f"Swidux dispatch, {count} subscribers, value {kind}")
            base = get(f"Swidux baseline: bare locked reduce, {count} subscribers, value {kind}")
            if not (store and base and dispatch and bare):
                continue
            per = (store - dispatch) / count
            per_base = (base - bare) / count
            goal, verdict = "", "—"
            if kind == "unchanged":
                goal = f"≤ {GOAL_UNCHANGED_NS} ns per subscriber"
                verdict = "met" if per <= GOAL_UNCHANGED_NS else "**missed**"
            rows.append(
                f"| value {kind}, {count} subscriber(s): per dispatch {store:.0f} ns, "
                f"per subscriber | {per:.1f} ns | bare {per_base:.1f} ns (per dispatch {base:.0f} ns) "
                f"| {store / base:.2f}x per dispatch | {goal} | {verdict} |"
            )
    allocations = get(DISPATCH, MALLOC)
    if allocations is not None:
        rows.append(f"| allocations per `dispatch` | {allocations:.0f} | | | | — |")

    print("| Scenario | Median | Same-run baseline (median) | Ratio | Goal | |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)
    if missing:
        print("\nmissing: " + ", ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
