#!/usr/bin/env python3
"""Turns one run of the WayBenchmarks target into a table of medians and same-run ratios.

usage: report_way.py RUN_OUTPUT.txt   (prints Markdown; exits 1 if a benchmark is missing)
Run:   swift package --package-path Benchmarks benchmark --target WayBenchmarks --no-progress
Every ratio divides two medians (p50) from the same run.
"""

import sys

from benchresults import median, parse

WALL = "Time (wall clock) (ns)"
MALLOC = "Malloc (total)"
BW1 = "BW1 Way.send, .current, reducer returns .none"
BW1_BASE = "BW1 baseline: bare @inline(never) reducer call"
BW2 = "BW2 Way.send, .threadSafe, reducer returns .none"
BW2_BASE = "BW2 baseline: bare locked reduce (pthread mutex)"
FAN_OUT = [1, 10, 100]


def fmt_ns(value):
    if value >= 1e4:
        return f"{value / 1e3:.1f} µs"
    return f"{value:.1f} ns" if value < 100 else f"{value:.0f} ns"


def main():
    results = parse(open(sys.argv[1], encoding="utf-8").read())
    missing = []

    def get(name, metric=WALL):
        value = median(results, name, metric)
        if value is None:
            missing.append(f"{name} / {metric}")
        return value

    rows = []
    bw1, bw1b = get(BW1), get(BW1_BASE)
    if bw1 and bw1b:
        ratio = bw1 / bw1b
        rows.append(("`way.send`, `.current` (reducer → `.none`)", fmt_ns(bw1),
                     f"bare reducer call {fmt_ns(bw1b)}", f"{ratio:.2f}x", "≤ 3x",
                     "met" if ratio <= 3 else "**missed**"))
    bw2, bw2b = get(BW2), get(BW2_BASE)
    if bw2 and bw2b:
        ratio = bw2 / bw2b
        rows.append(("`way.send`, `.threadSafe` (reducer → `.none`)", fmt_ns(bw2),
                     f"bare locked reduce {fmt_ns(bw2b)}", f"{ratio:.2f}x", "≤ 2x",
                     "met" if ratio <= 2 else "**missed**"))
    for count in FAN_OUT:
        way = get(f"BW3 Way publisher.number fan-out to {count} sinks")
        base = get(f"BW3 baseline: CurrentValueSubject fan-out to {count} sinks")
        if way and base:
            rows.append((f"`publisher.number` fan-out, {count} sink(s), per send", fmt_ns(way),
                         f"`CurrentValueSubject` {fmt_ns(base)}", f"{way / base:.2f}x", "", "—"))
    for name, label in [(BW1, "`.current`"), (BW2, "`.threadSafe`")]:
        allocs = get(name, MALLOC)
        if allocs is not None:
            rows.append((f"allocations per `way.send`, {label}", f"{allocs:g}", "", "", "0",
                         "met" if allocs == 0 else "**missed**"))

    print("| Scenario | Median | Same-run baseline (median) | Ratio | Goal | |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if missing:
        print("\nMissing from the run: " + "; ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
