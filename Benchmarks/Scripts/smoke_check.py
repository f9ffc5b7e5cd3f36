#!/usr/bin/env python3
"""Checks a smoke run's output (benchmark executables run directly, in package-benchmark's
debug mode) against the scenarios that the report scripts read.

usage: smoke_check.py SMOKE_OUTPUT.txt   (exits 1 and names what is missing)
The names come from the report scripts themselves: each one's main() is run with every
median lookup recorded, so a scenario added to a report is checked here without a second list.
"""

import contextlib
import io
import re
import sys

import report
import report_way
import swidux_report

RAN = re.compile(r"^Debug results for (.+):$")


def expected_names():
    names = set()

    def record(results, benchmark, metric="Time (wall clock) (ns)"):
        names.add(benchmark)
        return 1.0

    for module in (report, report_way, swidux_report):
        module.parse = lambda text: {}
        module.median = record
        sys.argv = [module.__name__, "/dev/null"]
        with contextlib.redirect_stdout(io.StringIO()):
            module.main()
    return names


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as file:
        ran = {match.group(1) for line in file if (match := RAN.match(line.rstrip()))}
    expected = expected_names()
    missing = sorted(expected - ran)
    if missing:
        print("Scenarios that did not run: " + "; ".join(missing), file=sys.stderr)
        sys.exit(1)
    print(f"{len(ran)} benchmarks ran; the {len(expected)} the reports read are all there.")


if __name__ == "__main__":
    main()
