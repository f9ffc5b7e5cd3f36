#!/usr/bin/env bash
# Builds the DocC documentation of every library this package vends, as one combined archive,
# with DocC's warnings treated as errors (a broken symbol link fails the build).
#
#   bash Scripts/docs.sh              # writes .build/plugins/Swift-DocC/outputs/OneWay.doccarchive
#   bash Scripts/docs.sh --verbose    # further arguments go to the swift-docc-plugin
#
# The targets are read from Package.swift: every target of a library product is documented, so a
# new library is documented (and checked) as soon as the manifest names it. A target's landing
# page and articles live in its catalog, Sources/TARGET/TARGET.docc. Needs python3 (to read
# `swift package describe`).
#
# Every trait is enabled, so that the heavy products have code to document. ONEWAY_DOCS_BUILD
# gives other options for the build the symbol graphs come from: CI passes its sanitizer build
# (`--scratch-path .build-tsan --sanitize=thread`), so that nothing is built again.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=$(swift package describe --type json | python3 -c '
import json, sys
package = json.load(sys.stdin)
names = []
for product in package["products"]:
    if "library" in product["type"]:
        names += [name for name in product["targets"] if name not in names]
print(" ".join(names))
')
if [ -z "$targets" ]; then
  echo "error: Package.swift names no library product to document" >&2
  exit 1
fi

arguments=()
for target in $targets; do
  arguments+=(--target "$target")
done

echo "Documenting: $targets"
# Combined: one archive, so an article of OneWayTesting can link to a symbol of OneWay.
read -r -a build <<<"${ONEWAY_DOCS_BUILD:-}"
swift package "${build[@]}" --enable-all-traits generate-documentation "${arguments[@]}" \
  --enable-experimental-combined-documentation \
  --warnings-as-errors \
  "$@"
