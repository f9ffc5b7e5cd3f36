#!/usr/bin/env python3
"""Checks the README's Installation section as a new user meets it.

1. The first manifest block (`OneWay` and `OneWayTesting`) becomes a scratch app that depends on
   this checkout by path: a feature and a Swift Testing test of it with `TestStore`. The app is
   resolved, built cold and tested in a folder of its own; the check fails when the resolution
   holds a heavy package (the server stack, OpenCombine or swift-syntax), and prints the cold
   build's time.
2. The manifest block `id=install` (every product, every trait) is loaded as a package graph
   (`swift package describe`), which fails on a product or a trait that does not exist.

    python3 Scripts/scratch_app.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import snippets  # noqa: E402

# Packages a client of the light products must never resolve.
HEAVY = {
    "swift-nio",
    "swift-nio-ssl",
    "swift-nio-extras",
    "swift-nio-http2",
    "swift-nio-transport-services",
    "hummingbird",
    "async-http-client",
    "postgres-nio",
    "swift-crypto",
    "opencombine",
    "swift-syntax",
    "combine-schedulers",
}

FEATURE = """import OneWay

public struct Counter: Reducer {
  public enum Action: Sendable, Equatable { case increment }
  public struct State: Sendable, Equatable {
    public var count = 0
    public init() {}
  }
  public init() {}
  public func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    state.count += 1
    return .none
  }
}
"""

TEST = """import Feature
import OneWayTesting
import Testing

@Test func increments() async {
  let store = TestStore(reducer: Counter(), state: Counter.State())
  await store.send(.increment) { $0.count = 1 }
}
"""


def readme_manifests() -> tuple[snippets.Block, snippets.Block]:
    blocks = [b for b in snippets.parse(snippets.ROOT / "README.md") if b.kind == "manifest"]
    install = next((b for b in blocks if b.id == "install"), None)
    if not blocks or install is None:
        sys.exit("error: README.md needs a first manifest block and one with id=install")
    return blocks[0], install


def local_manifest(block: snippets.Block) -> str:
    """The block's Package.swift, with OneWay's line pointing at this checkout."""
    return snippets.PACKAGE_LINE.sub(
        lambda match: match.group(0).replace(
            'url: "https://github.com/DevYeom/OneWay", branch: "main"',
            f'name: "OneWay", path: "{snippets.ROOT}"',
        ),
        snippets.manifest(block),
    )


def run(arguments: list[str], directory: Path) -> str:
    result = subprocess.run(arguments, cwd=directory, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stdout.write(result.stdout + result.stderr)
        sys.exit(f"error: `{' '.join(arguments)}` failed in {directory}")
    return result.stdout


def identities(node: dict) -> set[str]:
    found = set()
    for dependency in node.get("dependencies", []):
        found.add(dependency["identity"])
        found |= identities(dependency)
    return found


def light_app(block: snippets.Block, directory: Path) -> None:
    (directory / "Sources/Feature").mkdir(parents=True)
    (directory / "Tests/FeatureTests").mkdir(parents=True)
    (directory / "Package.swift").write_text(local_manifest(block))
    (directory / "Sources/Feature/Counter.swift").write_text(FEATURE)
    (directory / "Tests/FeatureTests/CounterTests.swift").write_text(TEST)

    run(["swift", "package", "resolve"], directory)
    graph = json.loads(run(["swift", "package", "show-dependencies", "--format", "json"], directory))
    resolved = identities(graph)
    print("The light app resolves:", ", ".join(sorted(resolved)))
    heavy = sorted(resolved & HEAVY)
    if heavy:
        sys.exit(f"error: an app of OneWay and OneWayTesting resolves {', '.join(heavy)}")

    start = time.monotonic()
    run(["swift", "build", "--build-tests"], directory)
    print(f"Its cold build (the app, its test, OneWay and OneWayTesting): "
          f"{time.monotonic() - start:.0f} s")
    output = run(["swift", "test", "--skip-build"], directory)
    if "1 test" not in output or "passed" not in output:
        sys.stdout.write(output)
        sys.exit("error: the light app's test did not pass")
    print("Its test passes.")


def every_product(block: snippets.Block, directory: Path) -> None:
    (directory / "Sources/Feature").mkdir(parents=True)
    (directory / "Tests/FeatureTests").mkdir(parents=True)
    (directory / "Package.swift").write_text(local_manifest(block))
    (directory / "Sources/Feature/Feature.swift").write_text("")
    (directory / "Tests/FeatureTests/FeatureTests.swift").write_text("")
    run(["swift", "package", "describe"], directory)
    print("The manifest of every product loads: its products and traits exist.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it")
    arguments = parser.parse_args()
    light, install = readme_manifests()
    directory = arguments.keep or Path(tempfile.mkdtemp(prefix="oneway-app-"))
    try:
        light_app(light, directory / "light")
        every_product(install, directory / "every-product")
    finally:
        if arguments.keep is None:
            shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
