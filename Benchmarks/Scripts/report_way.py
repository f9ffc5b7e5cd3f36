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
W1 = "W1 Way.send, .current, reducer returns .none"
W1_BASE = "W1 baseline: bare @inline(never) reducer call"
W2 = "W2 Way.send, .threadSafe, reducer returns .none"
W2_BASE = "W2 baseline: bare locked reduce (pthread mutex)"
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
    w1, w1b = get(W1), get(W1_BASE)
    if w1 and w1b:
        ratio = w1 / w1b
        rows.append(("`way.send`, `.current` (reducer → `.none`)", fmt_ns(w1),
                     f"bare reducer call {fmt_ns(w1b)}", f"{ratio:.2f}x", "≤ 3x",
                     "met" if ratio <= 3 else "**missed**"))
    w2, w2b = get(W2), get(W2_BASE)
    if w2 and w2b:
        ratio = w2 / w2b
        rows.append(("`way.send`, `.threadSafe` (reducer → `.none`)", fmt_ns(w2),
                     f"bare locked reduce {fmt_ns(w2b)}", f"{ratio:.2f}x", "≤ 2x",
                     "met" if ratio <= 2 else "**missed**"))
    for count in FAN_OUT:
        way = get(f"W3 Way publisher.number fan-out to {count} sinks")
        base = get(f"W3 baseline: CurrentValueSubject fan-out to {count} sinks")
        if way and base:
            rows.append((f"`publisher.number` fan-out, {count} sink(s), per send", fmt_ns(way),
                         f"`CurrentValueSubject` {fmt_ns(base)}", f"{way / base:.2f}x", "", "—"))
    for name, label in [(W1, "`.current`"), (W2, "`.threadSafe`")]:
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
