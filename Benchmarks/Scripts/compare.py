#!/usr/bin/env python3
"""Compares benchmark runs (for example before and after a change) scenario by scenario.

usage: compare.py BEFORE.txt AFTER.txt              (prints Markdown)
       compare.py [LABEL=]RUN.txt [LABEL=]RUN.txt [LABEL=]RUN.txt ...
For each timed scenario: its median in each run, its ratio to its baseline within each run
(the figure that survives a busy machine), and the change of that ratio (the last run's ratio
divided by each earlier run's). Each run's ratios use only that run's medians. With two runs
the table is the same as it always was; with more, a run that lacks a scenario shows "—", and
a scenario is listed when the last run has it.
"""

import sys

from benchresults import median, parse
from report import SCOPE_LEVELS, scope_names

# Scenario -> its same-run baseline, and a divisor to express the median per unit (the
# baseline is already per unit, except B3's, whose baseline is one hop per reduced action).
PAIRS = [
    ("B1 Store.send, reducer returns .none", "B1 baseline: bare actor hop", 1),
    ("B2 ViewStore.send, main actor", "B2 baseline: direct @inline(never) reduce", 1),
    ("B2 ViewStore.send + state read, main actor", "B2 baseline: direct @inline(never) reduce", 1),
    ("B2 ViewStore.send without the O7 backlog, main actor",
     "B2 baseline: direct @inline(never) reduce", 1),
    ("B3 Store.send, .concat/.merge of 8 .just (9 reduced actions)", "B1 baseline: bare actor hop", 9),
    ("B3 Store.send, .concat/.merge of 4 .just (5 reduced actions)", "B1 baseline: bare actor hop", 5),
    ("B4 Store round trip: .single -> reduced reply", "B4 baseline: bare Task + actor hop", 1),
    ("B4 Store round trip: .single -> reduced reply",
     "B4 baseline: bare request hop + Task + reply hop + signal", 1),
    ("B5 Store: start and cancel 10,000 cancellable effects",
     "B5 baseline: start and cancel 10,000 bare Tasks", 1),
] + [
    (f"B6 Store fan-out to {n} states subscribers", f"B6 baseline: fan-out to {n} bare AsyncStreams", n)
    for n in [1, 10, 100, 1000]
] + [
    (f"B10 Store.send(.append), [Int] of {n}, {kind}, per 100",
     f"B10 baseline: bare actor, in-place append, [Int] of {n}, per 100", 100)
    for n in [1000, 10000, 100000] for kind in ["unobserved", "observed by a states loop"]
] + [
    (f"B8 ViewStore.send to {n} subscriptions, value {change}",
     f"B8 baseline: reduce + {n} bare closures, value {change}", n)
    for change in ["unchanged", "changed"] for n in [1, 10, 100, 1000]
] + [
    ("B9 LockedStore.send, reducer returns .none", "B9 baseline: bare locked reduce", 1),
] + [
    # B11: composed sends against the flat counter's root send (B1 for Store, B2 for ViewStore).
    (name, root, 1)
    for levels in SCOPE_LEVELS
    for name, root in zip(scope_names(levels), ["B1 Store.send, reducer returns .none",
                                                "B1 Store.send, reducer returns .none",
                                                "B2 ViewStore.send, main actor",
                                                "B2 ViewStore.send, main actor"])
]
MEMORY = ["B7 idle Store: retained bytes", "B7 idle ViewStore: retained bytes",
          "B7 baseline: idle bare actor: retained bytes"]
ALLOCATIONS = ["B1 Store.send, reducer returns .none", "B2 ViewStore.send, main actor",
               "B2 ViewStore.send + state read, main actor",
               "B3 Store.send, .concat/.merge of 8 .just (9 reduced actions)"]


def fmt(value):
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:.1f} µs"
    return f"{value:.1f} ns" if value < 100 else f"{value:.0f} ns"


def main():
    if len(sys.argv) == 3 and "=" not in sys.argv[1] + sys.argv[2]:
        return main_two()
    runs = []
    for arg in sys.argv[1:]:
        label, _, path = arg.rpartition("=")
        runs.append((label or path, parse(open(path, encoding="utf-8").read())))
    labels = [label for label, _ in runs]
    last = labels[-1]
    print("| Scenario | " + " | ".join(f"{label}: median (ratio)" for label in labels) + " | "
          + " | ".join(f"ratio {last} / {label}" for label in labels[:-1]) + " |")
    print("| --- |" + " --- |" * (2 * len(labels) - 1))
    for name, base, per in PAIRS:
        cells, ratios = [], []
        for _, results in runs:
            value, baseline = median(results, name), median(results, base)
            if value is None or baseline is None:
                cells.append("—")
                ratios.append(None)
                continue
            if name.startswith("B3 "):
                baseline *= per
            cells.append(f"{fmt(value / per)} ({value / baseline:.2f}x)")
            ratios.append(value / baseline)
        if ratios[-1] is None:
            continue
        changes = ["—" if not r else f"{ratios[-1] / r:.2f}" if ratios[-1] / r >= 0.1
                   else f"{ratios[-1] / r:.3f}" for r in ratios[:-1]]
        # A scenario compared with two baselines names the second one.
        label = name if [n for n, _, _ in PAIRS].count(name) == 1 or base == dict(
            (n, b) for n, b, _ in reversed(PAIRS))[name] else f"{name} (against {base})"
        print(f"| {label} | " + " | ".join(cells + changes) + " |")
    for title, names, metric, unit in [
        ("allocations", ALLOCATIONS, "Malloc (total)", ""),
        ("retained bytes", MEMORY, "Malloc / free Δ (bytes)", " B"),
    ]:
        for name in names:
            values = [median(results, name, metric) for _, results in runs]
            if values[-1] is None:
                continue
            cells = ["—" if v is None else f"{v:g}{unit}" for v in values]
            print(f"| {title}: {name} | " + " | ".join(cells) + " |" + " |" * (len(runs) - 1))


def main_two():
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
        if name.startswith("B3 "):
            bb, ab = bb * per, ab * per
        label = name if [n for n, _, _ in PAIRS].count(name) == 1 or base == dict(
            (n, b) for n, b, _ in reversed(PAIRS))[name] else f"{name} (against {base})"
        print(f"| {label} | {fmt(b / per)} ({b / bb:.2f}x) | {fmt(a / per)} ({a / ab:.2f}x) | "
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
