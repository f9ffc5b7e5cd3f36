#!/usr/bin/env python3
"""How much each scenario's same-run ratio moves between full runs of one commit.

usage: spread.py RUN.txt RUN.txt [RUN.txt ...]

For each scenario of compare.py: its ratio to its baseline in each run (each run's ratio uses
only that run's medians), then the median, the lowest and the highest of those ratios. The
rows that wait on other threads (a task's start, a hop onto a busy actor, a loop's wake-up)
move between runs far more than their instruction counts do; the median of several runs is
the figure an independent measurement would find, the single run the figure the README shows.
"""

import statistics
import sys

from benchresults import median, parse
from compare import PAIRS


def main():
    paths = sys.argv[1:]
    if len(paths) < 2:
        sys.exit(__doc__)
    runs = [parse(open(path, encoding="utf-8").read()) for path in paths]
    print("| Scenario | " + " | ".join(f"run {i + 1}" for i in range(len(runs)))
          + " | median | lowest | highest |")
    print("| --- |" + " --- |" * (len(runs) + 3))
    names = [name for name, _, _ in PAIRS]
    for name, base, per in PAIRS:
        ratios = []
        for results in runs:
            value, baseline = median(results, name), median(results, base)
            if value is None or baseline is None:
                ratios.append(None)
                continue
            if name.startswith("B3 "):
                baseline *= per
            ratios.append(value / baseline)
        known = [r for r in ratios if r is not None]
        if not known:
            continue
        label = name if names.count(name) == 1 else f"{name} (against {base})"
        cells = ["—" if r is None else f"{r:.2f}x" for r in ratios]
        print(f"| {label} | " + " | ".join(cells)
              + f" | {statistics.median(known):.2f}x | {min(known):.2f}x | {max(known):.2f}x |")


if __name__ == "__main__":
    main()
