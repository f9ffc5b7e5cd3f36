#!/usr/bin/env python3
"""Fails when the repository cites a rule id that Design/0000-contract.md does not define.

Rule ids are a capital letter of one of the contract's areas and a number (A1, C2, O7, ...).
They are cited in three forms, all of which are checked:

    // ... is queued, never reduced recursively (A5).       a word in a comment or a string
    @Test func c2NothingRegistered...() { }                 a test name's lower-case prefix,
    @Test func m2c2TheChildsEffects...() { }                one id or several in a row
    Design notes, README.md, CONTRIBUTING.md: any word in the prose

In Swift files only comments, string literals and function names are read, so that code
(`typealias L5 = Level<L4>`, `UInt8`, `0xE2`) is never taken for a citation. A rule is defined
by a list item of the contract that starts with its id in bold: `- **A1** ...`.

Usage, from anywhere in the repository:

    python3 Scripts/check_rule_ids.py          # exits 1 and lists file:line: id when one is undefined
    python3 Scripts/check_rule_ids.py --list   # ... and lists every id cited, with its count
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT / "Design" / "0000-contract.md"
SWIFT_FOLDERS = ["Sources", "Tests", "Examples", "Benchmarks"]
MARKDOWN = ["Design/*.md", "README.md", "CONTRIBUTING.md"]
SKIPPED = {".build", "Generated"}  # build products and generated code-block tests

PREFIXES = "RAECTOPLVXSMWDJH"
DEFINITION = re.compile(rf"^\s*[-*]\s+\*\*(?P<id>[{PREFIXES}][0-9]+)\*\*")
# A whole word: not part of `UInt8`, `E2E`, `0xE2` or `v1.2` (a dot after the number is
# fine: "(A5)." ends a sentence, but "S1.2" is a version).
CITATION = re.compile(rf"(?<![\w.])(?P<id>[{PREFIXES}][0-9]+)(?![\w]|\.[0-9])")
# A test name's prefix: lower-case ids, the later ones in either case (`a2A4TheSeed...`),
# followed by the capitalised name (`e1AStore...` is E1, then "A Store").
NAME_PREFIX = re.compile(rf"^(?P<ids>[{PREFIXES.lower()}][0-9]+(?:[{PREFIXES}{PREFIXES.lower()}][0-9]+)*)(?=[A-Z_])")
NAME_ID = re.compile(rf"[{PREFIXES}{PREFIXES.lower()}][0-9]+")
FUNCTION = re.compile(r"\bfunc\s+`?(?P<name>\w+)")
# An identifier in prose (`c2NothingRegistered...` in a design note).
PROSE_NAME = re.compile(rf"(?<![\w.])(?P<name>[{PREFIXES.lower()}][0-9]+\w*[A-Z]\w*)")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*(?P<info>\S*)")


def defined_ids() -> set[str]:
    ids = set()
    for line in CONTRACT.read_text(encoding="utf-8").splitlines():
        match = DEFINITION.match(line)
        if match:
            ids.add(match.group("id"))
    return ids


def name_ids(name: str) -> list[str]:
    match = NAME_PREFIX.match(name)
    if not match:
        return []
    return [found.upper() for found in NAME_ID.findall(match.group("ids"))]


def swift_texts(lines: list[str]):
    """Yields (line number, text) for the comments and string literals of Swift code, and the
    ids of each function's name, skipping the code itself."""
    in_block_comment = 0
    in_multiline_string = False
    for number, line in enumerate(lines, start=1):
        texts: list[str] = []
        current: list[str] = []
        i = 0
        while i < len(line):
            if in_block_comment:
                if line.startswith("*/", i):
                    in_block_comment -= 1
                    i += 2
                    continue
                if line.startswith("/*", i):
                    in_block_comment += 1
                    i += 2
                    continue
                current.append(line[i])
                i += 1
                continue
            if in_multiline_string:
                if line.startswith('"""', i):
                    in_multiline_string = False
                    i += 3
                    continue
                current.append(line[i])
                i += 1
                continue
            if line.startswith("//", i):
                current.append(line[i + 2 :])
                break
            if line.startswith("/*", i):
                in_block_comment += 1
                i += 2
                continue
            if line.startswith('"""', i):
                in_multiline_string = True
                i += 3
                continue
            if line[i] == '"':
                i += 1
                while i < len(line) and line[i] != '"':
                    if line[i] == "\\":
                        # An interpolation `\(...)` is code: skip it, keeping the text around.
                        current.append(" ")
                        i += 2
                        continue
                    current.append(line[i])
                    i += 1
                current.append(" ")
                i += 1
                continue
            if current:
                texts.append("".join(current))
                current = []
            i += 1
        if current:
            texts.append("".join(current))
        for text in texts:
            for match in CITATION.finditer(text):
                yield number, match.group("id")
            for match in PROSE_NAME.finditer(text):
                for found in name_ids(match.group("name")):
                    yield number, found
        for match in FUNCTION.finditer(line):
            for found in name_ids(match.group("name")):
                yield number, found


def markdown_texts(lines: list[str]):
    """Yields (line number, id) for the prose of a Markdown file and for the Swift code blocks'
    comments, strings and function names."""
    fence = None
    swift: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            is_swift = match.group("info").lower() == "swift"
            swift = [] if is_swift else None
            start = number
            continue
        if fence is not None:
            if line.strip().startswith(fence) and set(line.strip()) == {fence[0]}:
                if swift is not None:
                    for offset, found in swift_texts(swift):
                        yield start + offset, found
                fence = None
            elif swift is not None:
                swift.append(line)
            continue
        for match in CITATION.finditer(line):
            yield number, match.group("id")
        for match in PROSE_NAME.finditer(line):
            for found in name_ids(match.group("name")):
                yield number, found


def files() -> list[Path]:
    found: list[Path] = []
    for folder in SWIFT_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            if not SKIPPED.intersection(path.relative_to(ROOT).parts):
                found.append(path)
    for pattern in MARKDOWN:
        found += sorted(ROOT.glob(pattern))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list every id cited, with its count")
    arguments = parser.parse_args()
    defined = defined_ids()
    if not defined:
        print(f"error: {CONTRACT.relative_to(ROOT)} defines no rule (`- **A1** ...`)", file=sys.stderr)
        return 1
    cited: collections.Counter[str] = collections.Counter()
    undefined: list[str] = []
    for path in files():
        lines = path.read_text(encoding="utf-8").splitlines()
        found = markdown_texts(lines) if path.suffix == ".md" else swift_texts(lines)
        for number, rule in found:
            cited[rule] += 1
            if rule not in defined:
                undefined.append(f"{path.relative_to(ROOT)}:{number}: {rule}")
    if arguments.list:
        for rule in sorted(cited, key=lambda r: (r[0], int(r[1:]))):
            print(f"{rule} {cited[rule]}")
    if undefined:
        print(
            f"error: rule ids cited but not defined in {CONTRACT.relative_to(ROOT)}:",
            file=sys.stderr,
        )
        for line in undefined:
            print(f"  {line}", file=sys.stderr)
        return 1
    print(
        f"{sum(cited.values())} citations of {len(cited)} rule ids, all defined in "
        f"{CONTRACT.relative_to(ROOT)} ({len(defined)} rules)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
