#!/usr/bin/env python3
"""Compares two benchmark runs (for example before and after a change) scenario by scenario.

usage: compare.py BEFORE.txt AFTER.txt   (prints Markdown)
For each timed scenario present in both runs: its median in each run, its ratio to its
baseline within each run (the figure that survives a busy machine), and the change of that
ratio. Each run's ratios use only that run's medians.
"""

import sys

from benchresults import median, parse
from report import SCOPE_LEVELS, scope_names

# Scenario -> its same-run baseline, and a divisor to express the median per unit (the
# baseline is already per unit, except S3's, whose baseline is one hop per reduced action).
PAIRS = [
    ("S1 Store.send, reducer returns .none", "S1 baseline: bare actor hop", 1),
    ("S2 ViewStore.send, main actor", "S2 baseline: direct @inline(never) reduce", 1),
    ("S2 ViewStore.send + state read, main actor", "S2 baseline: direct @inline(never) reduce", 1),
    ("S3 Store.send, .concat/.merge of 8 .just (9 reduced actions)", "S1 baseline: bare actor hop", 9),
    ("S4 Store round trip: .single -> reduced reply", "S4 baseline: bare Task + actor hop", 1),
    ("S5 Store: start and cancel 10,000 cancellable effects",
     "S5 baseline: start and cancel 10,000 bare Tasks", 1),
] + [
    (f"S6 Store fan-out to {n} states subscribers", f"S6 baseline: fan-out to {n} bare AsyncStreams", n)
    for n in [1, 10, 100, 1000]
] + [
    (f"S10 Store.send(.append), [Int] of {n}, {kind}, per 100",
     f"S10 baseline: bare actor, in-place append, [Int] of {n}, per 100", 100)
    for n in [1000, 10000, 100000] for kind in ["unobserved", "observed by a states loop"]
] + [
    # S11: composed sends against the flat counter's root send (S1 for Store, S2 for ViewStore).
    (name, root, 1)
    for levels in SCOPE_LEVELS
    for name, root in zip(scope_names(levels), ["S1 Store.send, reducer returns .none",
                                                "S1 Store.send, reducer returns .none",
                                                "S2 ViewStore.send, main actor",
                                                "S2 ViewStore.send, main actor"])
]
MEMORY = ["S7 idle Store: retained bytes", "S7 idle ViewStore: retained bytes",
          "S7 baseline: idle bare actor: retained bytes"]
ALLOCATIONS = ["S1 Store.send, reducer returns .none", "S2 ViewStore.send, main actor",
               "S2 ViewStore.send + state read, main actor",
               "S3 Store.send, .concat/.merge of 8 .just (9 reduced actions)"]


def fmt(value):
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:.1f} µs"
    return f"{value:.1f} ns" if value < 100 else f"{value:.0f} ns"


def main():
    before = parse(open(sys.argv[1], encoding="utf-8").read())
    after = parse(open(sys.argv[2], encoding="utf-8").read())
    print("| Scenario | Before: median (ratio to its baseline) | After: median (ratio) | "
          "Ratio after / before |")
    print("| --- | --- | --- | --- |")
    for name, base, per in PAIRS:
        b, bb, a, ab = (median(before, name), median(before, base),
                        median(after, name), median(after, base))
        if None in (b, bb, a, ab):
            continue
        if name.startswith("S3 "):
            bb, ab = bb * per, ab * per
        print(f"| {name} | {fmt(b / per)} ({b / bb:.2f}x) | {fmt(a / per)} ({a / ab:.2f}x) | "
              f"{(a / ab) / (b / bb):.2f} |")
    for name in ALLOCATIONS:
        b, a = median(before, name, "Malloc (total)"), median(after, name, "Malloc (total)")
        if b is not None and a is not None:
            print(f"| allocations: {name} | {b:g} | {a:g} | |")
    for name in MEMORY:
        metric = "Malloc / free Δ (bytes)"
        b, a = median(before, name, metric), median(after, name, metric)
        if b is not None and a is not None:
            print(f"| retained bytes: {name} | {b:g} B | {a:g} B | |")


if __name__ == "__main__":
    main()
