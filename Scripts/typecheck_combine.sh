#!/usr/bin/env bash
# Type-checks the Combine branch of OneWay's sources (ViewStore's ObservableObject conformance
# and objectWillChange, `#if canImport(Combine)`), which Linux never compiles: OneWay's sources
# are checked once more with ONEWAY_OPENCOMBINE_TYPECHECK, under which ViewStore.swift imports
# OpenCombine (the same ObservableObject and ObservableObjectPublisher) in place of Combine.
#
# OpenCombine is not a dependency of OneWay: it is the one OneWayCombine builds under the
# Combine trait, so this script uses the modules of a build with that trait, in the bin folder
# given (CI's sanitizer build), or builds OpenCombine in .build.
#
#   bash Scripts/typecheck_combine.sh [BIN]
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
  bin=$1
else
  bin=$(swift build --show-bin-path)
  if [ ! -f "$bin/Modules/OpenCombine.swiftmodule" ]; then
    swift build --traits Combine --target OpenCombine
  fi
fi

# shellcheck disable=SC2046 # one argument per source file
swiftc -typecheck -module-name OneWay -package-name oneway -swift-version 6 -parse-as-library \
  -warnings-as-errors \
  -D ONEWAY_OPENCOMBINE_TYPECHECK \
  -I "$bin/Modules" \
  -Xcc -fmodule-map-file="$bin/COpenCombineHelpers.build/module.modulemap" \
  $(find Sources/OneWay -name '*.swift' | sort)
echo "OneWay's Combine branch type-checks against OpenCombine"
