#!/usr/bin/env python3
"""Measures what each product (and its trait) adds to an app's cold debug build: an app that
depends on this checkout by path and uses one product is resolved, then built cold and timed,
and the time of an app of `OneWay` alone is subtracted. Prints a Markdown table for the README's
Installation section. Takes a quarter of an hour on two cores; nothing else should be building.

    python3 Scripts/product_costs.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (product, traits): the products as an app enables them, `OneWay` first (the baseline).
PRODUCTS = [
    ("OneWay", []),
    ("OneWayTesting", []),
    ("Swidux", []),
    ("OneWayLogging", []),
    ("OneWayPersistence", []),
    ("OneWayDevTools", []),
    ("OneWayCombine", ["Combine"]),
    ("OneWayCasePaths", ["CasePaths"]),
    ("OneWayCasePaths", ["CasePathsMacro"]),
    ("OneWayInspector", ["Inspector"]),
    ("OneWayPostgres", ["Postgres"]),
    ("OneWayDependencies", ["Dependencies"]),
]

MANIFEST = """// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(name: "OneWay", path: "{root}", traits: [{traits}])],
  targets: [
    .target(
      name: "App",
      dependencies: [
        .product(name: "OneWay", package: "OneWay"),
        .product(name: "{product}", package: "OneWay"),
      ]
    )
  ]
)
"""


def cold_build(product: str, traits: list[str], directory: Path) -> float:
    (directory / "Sources/App").mkdir(parents=True)
    (directory / "Sources/App/App.swift").write_text(f"import OneWay\nimport {product}\n")
    (directory / "Package.swift").write_text(
        MANIFEST.format(
            root=ROOT, product=product, traits=", ".join(f'"{trait}"' for trait in traits)
        )
    )
    subprocess.run(["swift", "package", "resolve"], cwd=directory, check=True,
                   capture_output=True)
    start = time.monotonic()
    subprocess.run(["swift", "build"], cwd=directory, check=True, capture_output=True)
    return time.monotonic() - start


def main() -> int:
    rows = []
    with tempfile.TemporaryDirectory(prefix="oneway-costs-") as scratch:
        for index, (product, traits) in enumerate(PRODUCTS):
            seconds = cold_build(product, traits, Path(scratch) / str(index))
            shutil.rmtree(Path(scratch) / str(index))
            rows.append((product, traits, seconds))
            print(f"{product} {traits}: {seconds:.0f} s", file=sys.stderr, flush=True)
    baseline = rows[0][2]
    print("| Product | Trait | Cold build | Added to OneWay's |")
    print("| --- | --- | --- | --- |")
    for product, traits, seconds in rows:
        added = "" if product == "OneWay" else f"+{max(seconds - baseline, 0):.0f} s"
        print(f"| `{product}` | {', '.join(traits)} | {seconds:.0f} s | {added} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
