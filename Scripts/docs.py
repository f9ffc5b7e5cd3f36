#!/usr/bin/env python3
"""Builds the DocC documentation of every library this package vends, as one combined archive,
with DocC's warnings treated as errors (a broken symbol link fails the build).

    python3 Scripts/docs.py        # writes .build/documentation/OneWay.doccarchive

The targets are read from Package.swift: every target of a library product is documented, so a
new library is documented (and checked) as soon as the manifest names it. A target's landing
page and articles live in its catalog, Sources/TARGET/TARGET.docc.

Every trait is enabled, so that the heavy products have code to document. The symbol graphs
come from the modules a `swift build` left, extracted by `swift-symbolgraph-extract` with the
options swift-docc-plugin uses; then `docc convert` makes one archive per target (linking to
the archives of the targets it depends on) and `docc merge` combines them. Going around the
plugin lets the documentation reuse any build of the package: the plugin builds the targets
again, without tests, where a test build already has every module. ONEWAY_DOCS_BUILD gives
the options of that build (CI passes its sanitizer build's, and nothing is built again).
"""

import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def swift(*arguments, capture=False):
    result = subprocess.run(
        ["swift", *arguments], cwd=ROOT, text=True, check=False,
        stdout=subprocess.PIPE if capture else None,
    )
    if result.returncode != 0:
        sys.exit(f"error: swift {' '.join(arguments)} failed (exit {result.returncode})")
    return result.stdout.strip() if capture else None


def run(tool, *arguments):
    result = subprocess.run([tool, *arguments], cwd=ROOT, check=False)
    if result.returncode != 0:
        sys.exit(f"error: {os.path.basename(tool)} failed (exit {result.returncode})")


def documented_targets(package):
    """The targets of library products, each after the documented targets it depends on."""
    names = []
    for product in package["products"]:
        if "library" in product["type"]:
            names += [name for name in product["targets"] if name not in names]
    dependencies = {
        target["name"]: [name for name in target.get("target_dependencies", []) if name in names]
        for target in package["targets"]
        if target["name"] in names
    }
    ordered = []

    def visit(name):
        if name not in ordered:
            for dependency in dependencies[name]:
                visit(dependency)
            ordered.append(name)

    for name in names:
        visit(name)
    return ordered, dependencies


def module_maps(bin_path, scratch):
    """The module maps of the C modules the Swift modules import: the ones SwiftPM generates
    for C targets, and the ones packages ship. (The `include/` maps of Swift targets name their
    generated headers, and would clash with the Swift modules.)"""
    generated = glob.glob(os.path.join(bin_path, "*.build", "module.modulemap"))
    shipped = glob.glob(os.path.join(scratch, "checkouts", "*", "Sources", "**", "module.modulemap"),
                        recursive=True)
    own = glob.glob(os.path.join(ROOT, "Sources", "**", "module.modulemap"), recursive=True)
    return [f"-fmodule-map-file={path}" for path in generated + shipped + own]


def main():
    build = shlex.split(os.environ.get("ONEWAY_DOCS_BUILD", "")) + ["--enable-all-traits"]
    package = json.loads(swift("package", "--enable-all-traits", "describe", "--type", "json",
                               capture=True))
    targets, dependencies = documented_targets(package)
    if not targets:
        sys.exit("error: Package.swift names no library product to document")
    print("Documenting: " + " ".join(targets), flush=True)

    swift("build", *build)
    bin_path = swift("build", *build, "--show-bin-path", capture=True)
    scratch = os.path.dirname(os.path.dirname(os.path.realpath(bin_path)))
    triple = os.path.basename(os.path.dirname(os.path.realpath(bin_path)))
    toolchain = os.path.dirname(shutil.which("swift"))
    maps = [flag for path in module_maps(bin_path, scratch) for flag in ("-Xcc", path)]
    output = os.path.join(scratch, "documentation", "OneWay.doccarchive")

    with tempfile.TemporaryDirectory(prefix="oneway-docs.") as work:
        archives = {target: os.path.join(work, "archives", f"{target}.doccarchive")
                    for target in targets}
        os.makedirs(os.path.join(work, "archives"))

        def document(target):
            graphs = os.path.join(work, "symbol-graphs", target)
            os.makedirs(graphs)
            run(os.path.join(toolchain, "swift-symbolgraph-extract"),
                "-module-name", target, "-target", triple,
                "-I", os.path.join(bin_path, "Modules"), *maps,
                "-minimum-access-level", "public", "-emit-extension-block-symbols",
                "-output-dir", graphs)
            catalog = os.path.join(ROOT, "Sources", target, f"{target}.docc")
            linked = [argument for dependency in dependencies[target]
                      for argument in ("--dependency", archives[dependency])]
            print(f"Building documentation for '{target}'", flush=True)
            run(os.path.join(toolchain, "docc"), "convert",
                *([catalog] if os.path.isdir(catalog) else []),
                "--fallback-display-name", target, "--fallback-bundle-identifier", target,
                "--additional-symbol-graph-dir", graphs, "--output-path", archives[target],
                "--enable-experimental-external-link-support", *linked,
                "--warnings-as-errors")

        # A target links to the archives of the targets it depends on: each round documents,
        # side by side, the targets whose dependencies are done.
        done = set()
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            while len(done) < len(targets):
                ready = [target for target in targets if target not in done
                         and all(dependency in done for dependency in dependencies[target])]
                list(pool.map(document, ready))
                done.update(ready)
        shutil.rmtree(output, ignore_errors=True)
        os.makedirs(os.path.dirname(output), exist_ok=True)
        run(os.path.join(toolchain, "docc"), "merge", *archives.values(),
            "--output-path", output,
            "--synthesized-landing-page-name", "OneWay", "--synthesized-landing-page-kind",
            "Package")
    print(f"Documentation: {os.path.relpath(output, ROOT)}")


if __name__ == "__main__":
    main()
