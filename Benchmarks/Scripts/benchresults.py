"""Reads the text tables that `swift package benchmark` prints (stdlib only).

parse(text) -> {benchmark name: {metric name: {"p50": float, ..., "samples": int}}}
Values are the scaled ones the tool prints (per inner iteration, marked `*`), with the
tool's (K)/(M)/(G) multipliers applied, so times are in ns and counts are plain counts.
"""

import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MULTIPLIERS = {"K": 1e3, "M": 1e6, "G": 1e9}
COLUMNS = ["p0", "p25", "p50", "p75", "p90", "p99", "p100", "samples"]


def parse(text):
    results = {}
    current = None
    previous = ""
    for raw in text.splitlines():
        line = ANSI.sub("", raw).rstrip()
        if line.startswith("╒"):
            # The benchmark's name is the last non-empty line before its table.
            current = results.setdefault(previous.strip(), {})
            continue
        if line.startswith("│") and current is not None:
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            if cells[0] == "Metric" or len(cells) != 1 + len(COLUMNS):
                continue
            name = cells[0]
            multiplier = 1.0
            match = re.search(r"\((K|M|G)\)", name)
            if match:
                multiplier = MULTIPLIERS[match.group(1)]
                name = name.replace(match.group(0), "")
            name = re.sub(r"\s+", " ", name.replace("*", "")).strip()
            values = {}
            for column, cell in zip(COLUMNS, cells[1:]):
                number = float(cell)
                values[column] = int(number) if column == "samples" else number * multiplier
            current[name] = values
            continue
        if line.startswith("╘"):
            current = None
        if line.strip():
            previous = line
    return results


def median(results, benchmark, metric="Time (wall clock) (ns)"):
    """The p50 of one metric of one benchmark, or None when it is missing."""
    try:
        return results[benchmark][metric]["p50"]
    except KeyError:
        return None
