#!/usr/bin/env python3
"""Draws scenario 6 (fan-out cost per subscriber against subscriber count) as an SVG.

usage: plot_fanout.py RUN_OUTPUT.txt OUT.svg
Uses only the standard library (matplotlib is not installed on the CI machines): the SVG is
written by hand. Both series are medians from the same run.
"""

import math
import sys

from benchresults import median, parse

COUNTS = [1, 10, 100, 1000]
WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 80, 180, 50, 60
SERIES = [
    ("OneWay Store.states", "B6 Store fan-out to {} states subscribers", "#d1495b"),
    ("bare AsyncStream", "B6 baseline: fan-out to {} bare AsyncStreams", "#00798c"),
]


def nice_max(value):
    exponent = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * exponent >= value:
            return step * exponent
    return 10 * exponent


def main():
    results = parse(open(sys.argv[1], encoding="utf-8").read())
    points = {}
    for label, pattern, _ in SERIES:
        values = []
        for count in COUNTS:
            total = median(results, pattern.format(count))
            if total is None:
                sys.exit(f"missing benchmark: {pattern.format(count)}")
            values.append(total / count)
        points[label] = values

    top = nice_max(max(max(v) for v in points.values()) * 1.1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(count):
        return LEFT + plot_w * math.log10(count) / math.log10(COUNTS[-1])

    def y(value):
        return TOP + plot_h * (1 - value / top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2 - RIGHT / 2 + LEFT / 2}" y="24" text-anchor="middle" '
        'font-size="15">Fan-out: one state change, cost per subscriber (median)</text>',
    ]
    for i in range(6):
        value = top * i / 5
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(value):.1f}" '
                   f'y2="{y(value):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y(value) + 4:.1f}" text-anchor="end">'
                   f'{value:g}</text>')
    for count in COUNTS:
        out.append(f'<line x1="{x(count):.1f}" x2="{x(count):.1f}" y1="{TOP}" '
                   f'y2="{TOP + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{x(count):.1f}" y="{TOP + plot_h + 18}" '
                   f'text-anchor="middle">{count:,}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" '
               'fill="none" stroke="#444"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 18}" text-anchor="middle">'
               'subscribers (log scale)</text>')
    out.append(f'<text transform="translate(20 {TOP + plot_h / 2}) rotate(-90)" '
               'text-anchor="middle">ns per subscriber</text>')
    for index, (label, _, color) in enumerate(SERIES):
        values = points[label]
        path = " ".join(f"{x(c):.1f},{y(v):.1f}" for c, v in zip(COUNTS, values))
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" '
                   'stroke-width="2.5"/>')
        for count, value in zip(COUNTS, values):
            out.append(f'<circle cx="{x(count):.1f}" cy="{y(value):.1f}" r="4" '
                       f'fill="{color}"><title>{label}, {count} subscribers: '
                       f'{value:.0f} ns</title></circle>')
        legend_y = TOP + 10 + index * 22
        out.append(f'<line x1="{LEFT + plot_w + 15}" x2="{LEFT + plot_w + 40}" '
                   f'y1="{legend_y}" y2="{legend_y}" stroke="{color}" stroke-width="2.5"/>')
        out.append(f'<text x="{LEFT + plot_w + 46}" y="{legend_y + 4}">{label}</text>')
    ratio_y = TOP + 70
    out.append(f'<text x="{LEFT + plot_w + 15}" y="{ratio_y}">Store / bare:</text>')
    store, bare = (points[label] for label, _, _ in SERIES)
    for index, count in enumerate(COUNTS):
        out.append(f'<text x="{LEFT + plot_w + 15}" y="{ratio_y + 18 * (index + 1)}">'
                   f'{count:,}: {store[index] / bare[index]:.2f}x</text>')
    out.append("</svg>")
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
