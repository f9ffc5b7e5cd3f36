#!/usr/bin/env python3
"""Compiles every Swift code block of README.md and of the DocC articles.

Each ```swift block of README.md and of Sources/*/*.docc/**/*.md becomes one Swift file in
Tests/DocSnippetsTests/Generated/ (ignored by git), inside a scope of its own, so that names
never collide between blocks:

    struct DocSnippet_README_L42 {       // the block's declarations (types, functions, @Test)
      @MainActor func run() async throws {
        ...                              // the block's statements, in order
      }
    }

`swift build --build-tests` then compiles them, and `swift test` runs the blocks that declare
Swift Testing `@Test` functions or XCTest cases (an `XCTestCase` subclass is moved out of the
scope, because XCTest's discovery on Linux cannot see nested classes). `#sourceLocation`
directives make the compiler report errors and warnings at the Markdown file and line.

An HTML comment right before a block (only blank lines between) changes how it is compiled:

    <!-- snippet id=NAME -->          names the block, for `uses`
    <!-- snippet uses=NAME,OTHER -->  compiles the declarations (types, functions, imports) of
                                      the named blocks of the same file, and of what they use,
                                      in this block's scope; their statements stay their own
    <!-- snippet
    let store = Store(...)            lines after the first are Swift code compiled before the
    -->                               block but not shown to readers (a hidden preamble)
    <!-- snippet manifest -->         the block is part of a Package.swift: `dependencies:`
                                      and `targets:` arguments, or one target (`.target(...)`);
                                      it is checked with `swift package dump-package`
    <!-- snippet swiftui -->          compiled only where SwiftUI exists (not on Linux)
    <!-- fragment: why -->            a deliberate fragment: not compiled (keep these rare)

Words can be combined: `<!-- snippet id=feature uses=counting -->`.

Usage, from anywhere in the repository:

    python3 Scripts/snippets.py           # generate the files, check the manifest blocks
    python3 Scripts/snippets.py --build   # ... then build them, failing on any error or warning
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests" / "DocSnippetsTests" / "Generated"
HEADER = "// swift-format-ignore-file"

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)[^`]*$")
DIRECTIVE = re.compile(r"^<!--\s*(?P<kind>snippet|fragment)\b(?P<rest>.*)$", re.DOTALL)
ATTRIBUTE_LINE = re.compile(r"^@\w+(\(.*\))?\s*$")
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:private|fileprivate|internal|public|package|final|nonisolated|static|indirect)\s+)*"
    r"(?P<keyword>struct|enum|class|actor|protocol|func|typealias|extension|import)\b"
)
TYPE_NAME = re.compile(r"\b(?:struct|enum|class|actor|protocol|typealias)\s+(?P<name>\w+)")
XCTEST_CLASS = re.compile(r"\bclass\s+(?P<name>\w+)\s*:\s*XCTestCase\b")


@dataclasses.dataclass
class Line:
    text: str
    number: int  # 1-based line number in the Markdown file


@dataclasses.dataclass
class Block:
    document: Path
    line: int  # line of the opening fence
    code: list[Line]
    kind: str = "swift"  # swift, manifest, swiftui, fragment
    id: str | None = None
    uses: list[str] = dataclasses.field(default_factory=list)
    hidden: list[Line] = dataclasses.field(default_factory=list)
    reason: str = ""

    @property
    def location(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"

    @property
    def scope_name(self) -> str:
        stem = re.sub(r"\W", "_", self.document.stem)
        return f"DocSnippet_{stem}_L{self.line}"


@dataclasses.dataclass
class Item:
    """One top-level declaration or statement of a block."""

    lines: list[Line]
    kind: str  # import, declaration, statement, xctest, extension
    type_name: str | None = None


class SnippetError(Exception):
    pass


def documents() -> list[Path]:
    found = [ROOT / "README.md"]
    for catalog in sorted((ROOT / "Sources").glob("*/*.docc")):
        found += sorted(catalog.rglob("*.md"))
    return [path for path in found if path.exists()]


def parse_directive(comment: list[Line], block: Block) -> None:
    text = "\n".join(line.text for line in comment).strip()
    match = DIRECTIVE.match(text)
    if not match:
        return
    body = match.group("rest")
    if body.rstrip().endswith("-->"):
        body = body.rstrip()[: -len("-->")]
    if match.group("kind") == "fragment":
        block.kind = "fragment"
        block.reason = body.strip().lstrip(":").strip()
        return
    first, _, _ = body.partition("\n")
    for word in first.split():
        if word.startswith("id="):
            block.id = word[len("id=") :]
        elif word.startswith("uses="):
            block.uses = [name for name in word[len("uses=") :].split(",") if name]
        elif word in ("manifest", "swiftui"):
            block.kind = word
        else:
            raise SnippetError(f"{block.location}: unknown snippet option {word!r}")
    # Hidden code: the comment's lines after the first, without the closing `-->`.
    hidden = comment[1:]
    if hidden and hidden[-1].text.strip() == "-->":
        hidden = hidden[:-1]
    elif hidden and hidden[-1].text.rstrip().endswith("-->"):
        last = hidden[-1]
        hidden = hidden[:-1] + [Line(last.text.rstrip()[: -len("-->")], last.number)]
    block.hidden = dedent(hidden)


def dedent(lines: list[Line]) -> list[Line]:
    indents = [len(line.text) - len(line.text.lstrip()) for line in lines if line.text.strip()]
    cut = min(indents, default=0)
    return [Line(line.text[cut:], line.number) for line in lines]


def parse(document: Path) -> list[Block]:
    lines = document.read_text(encoding="utf-8").split("\n")
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence, info = match.group("indent"), match.group("fence"), match.group("info")
        start = index
        index += 1
        body: list[Line] = []
        while index < len(lines):
            closing = lines[index].strip()
            if closing.startswith(fence[0] * len(fence)) and set(closing) == {fence[0]}:
                break
            text = lines[index]
            if text.startswith(indent):
                text = text[len(indent) :]
            body.append(Line(text, index + 1))
            index += 1
        index += 1
        if info.lower() != "swift":
            continue
        block = Block(document, start + 1, body)
        # An HTML comment right before the fence, only blank lines between, is a directive.
        previous = start - 1
        while previous >= 0 and not lines[previous].strip():
            previous -= 1
        if previous >= 0 and lines[previous].rstrip().endswith("-->"):
            first = previous
            while first >= 0 and "<!--" not in lines[first]:
                first -= 1
            if first >= 0:
                opening = lines[first][lines[first].index("<!--") :]
                comment = [Line(opening, first + 1)]
                comment += [Line(lines[n], n + 1) for n in range(first + 1, previous + 1)]
                parse_directive(comment, block)
        blocks.append(block)
    return blocks


def depth_change(text: str, state: dict) -> int:
    """The change of bracket depth over one line, skipping strings and comments."""
    change = 0
    i = 0
    while i < len(text):
        if state["block_comment"]:
            if text.startswith("*/", i):
                state["block_comment"] -= 1
                i += 2
            elif text.startswith("/*", i):
                state["block_comment"] += 1
                i += 2
            else:
                i += 1
            continue
        if state["multiline_string"]:
            if text.startswith('"""', i):
                state["multiline_string"] = False
                i += 3
            else:
                i += 1
            continue
        if text.startswith("//", i):
            break
        if text.startswith("/*", i):
            state["block_comment"] += 1
            i += 2
            continue
        if text.startswith('"""', i):
            state["multiline_string"] = True
            i += 3
            continue
        char = text[i]
        if char == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        if char in "([{":
            change += 1
        elif char in ")]}":
            change -= 1
        i += 1
    return change


def only_attributes(lines: list[Line]) -> bool:
    """Whether the code so far is attributes alone (`@MainActor`), so the next line goes on."""
    code = [x.text for x in lines if x.text.strip() and not x.text.lstrip().startswith("//")]
    return bool(code) and all(ATTRIBUTE_LINE.match(text) for text in code)


def split_items(lines: list[Line], block: Block) -> list[Item]:
    """Splits code into top-level items: each starts at column 0, outside any bracket."""
    groups: list[list[Line]] = []
    pending: list[Line] = []  # comments and blank lines, attached to the next item
    state = {"block_comment": 0, "multiline_string": False}
    depth = 0
    for line in lines:
        text = line.text
        starts_item = (
            depth == 0
            and not state["block_comment"]
            and not state["multiline_string"]
            and text.strip() != ""
            and not text[0].isspace()
            and text[0] not in ")]}."
            and not text.startswith("//")
        )
        if depth == 0 and not state["block_comment"] and not state["multiline_string"] and (
            not text.strip() or text.startswith("//")
        ):
            pending.append(line)
        elif starts_item and not (groups and only_attributes(groups[-1])):
            groups.append(pending + [line])
            pending = []
        elif groups:
            groups[-1] += pending + [line]
            pending = []
        else:
            groups.append(pending + [line])
            pending = []
        depth += depth_change(text, state)
    if pending and groups:
        groups[-1] += pending
    items = []
    for group in groups:
        code = " ".join(x.text.strip() for x in group if x.text.strip() and
                        not x.text.lstrip().startswith("//"))
        match = DECLARATION.match(code)
        if not match:
            items.append(Item(group, "statement"))
            continue
        keyword = match.group("keyword")
        if keyword == "import":
            items.append(Item(group, "import"))
        elif keyword == "extension":
            raise SnippetError(
                f"{block.location}: an extension cannot be compiled in a block's scope; "
                "declare the members in the type, or mark the block <!-- fragment: ... -->"
            )
        elif XCTEST_CLASS.search(code):
            items.append(Item(group, "xctest", XCTEST_CLASS.search(code).group("name")))
        else:
            name = TYPE_NAME.search(code)
            items.append(Item(group, "declaration", name.group("name") if name else None))
    return items


def source_location(document: Path, line: int) -> str:
    return f'#sourceLocation(file: "{document}", line: {line})'


def emit(lines: list[Line], document: Path) -> list[str]:
    """The lines, each run of consecutive lines preceded by a #sourceLocation directive."""
    out: list[str] = []
    expected = None
    for line in lines:
        if line.number != expected:
            out.append(source_location(document, line.number))
        out.append(line.text)
        expected = line.number + 1
    if lines:
        out.append("#sourceLocation()")
    return out


def resolve(block: Block, by_id: dict[str, Block], seen: tuple[str, ...] = ()) -> list[Item]:
    """The items compiled for `block`: the declarations of the blocks it uses, then its hidden
    code and its own code."""
    items: list[Item] = []
    for name in block.uses:
        if name in seen:
            raise SnippetError(f"{block.location}: `uses` forms a cycle through {name!r}")
        used = by_id.get(name)
        if used is None:
            raise SnippetError(f"{block.location}: no block with id={name} in this file")
        # Only the declarations: a block's statements (`let store = ...`) stay its own.
        items += [item for item in resolve(used, by_id, seen + (name,)) if item.kind != "statement"]
    items += split_items(block.hidden, block)
    items += split_items(block.code, block)
    return items


# The modules whose code builds only under a trait of the package (Package.swift): a block that
# imports one compiles under that trait, as `swift test --enable-all-traits` builds it.
TRAITS = {
    "OneWayCombine": "Combine",
    "OneWayInspector": "Inspector",
    "OneWayPostgres": "Postgres",
    "PostgresNIO": "Postgres",
    "OneWayCasePaths": "CasePathsMacro",
    "OneWayDependencies": "Dependencies",
    "Dependencies": "Dependencies",
}


def generate(block: Block, by_id: dict[str, Block]) -> str:
    items = resolve(block, by_id)
    document = block.document
    scope = block.scope_name
    imports = {"import OneWay"}
    for item in items:
        if item.kind == "import":
            imports.update(x.text.strip() for x in item.lines if x.text.strip().startswith("import"))
    if block.kind == "swiftui":
        imports.add("import SwiftUI")
    declarations = [item for item in items if item.kind == "declaration"]
    statements = [item for item in items if item.kind == "statement"]
    xctests = [item for item in items if item.kind == "xctest"]
    type_names = [item.type_name for item in declarations if item.type_name]

    traits = sorted(
        {TRAITS[name] for line in imports if (name := line.split()[-1]) in TRAITS}
    )

    out = [
        f"// Generated by Scripts/snippets.py from {block.location}. Do not edit: edit the",
        "// Markdown, then run `python3 Scripts/snippets.py`.",
        HEADER,
    ]
    if block.kind == "swiftui":
        out.append("#if canImport(SwiftUI)")
    if traits:
        out.append("#if " + " && ".join(traits))
    out += sorted(imports)
    out += ["", f"struct {scope} {{"]
    for item in declarations:
        out += emit(item.lines, document)
    if statements:
        out += ["  @MainActor", "  func run() async throws {"]
        for item in statements:
            out += emit(item.lines, document)
        out.append("  }")
    out.append("}")
    for item in xctests:
        # XCTest's discovery on Linux cannot see a nested class: move it to the top level under
        # a unique name, and give it the scope's types under their own names.
        lines = list(item.lines)
        head = next(i for i, x in enumerate(lines) if "{" in x.text)
        renamed = [
            Line(re.sub(r"\bclass\s+" + item.type_name + r"\b",
                        f"class {scope}_{item.type_name}", x.text), x.number)
            for x in lines[: head + 1]
        ]
        out.append("")
        out += emit(renamed, document)
        out += [f"  typealias {name} = {scope}.{name}" for name in type_names]
        out += emit(lines[head + 1 :], document)
    if traits:
        out.append("#endif")
    if block.kind == "swiftui":
        out.append("#endif")
    return "\n".join(out) + "\n"


def manifest(block: Block) -> str:
    code = "\n".join(line.text for line in block.code)
    if code.lstrip().startswith("."):
        code = "targets: [\n" + code + "\n]"
    code = "".join(line.text + "\n" for line in block.hidden) + code
    return (
        "// swift-tools-version:6.1\nimport PackageDescription\n\n"
        'let package = Package(\n  name: "Feature",\n' + code + "\n)\n"
    )


# The one dependency line that every manifest excerpt depending on OneWay writes: the README's
# Installation section, where users look first, is its source.
PACKAGE_LINE = re.compile(r'\.package\(\s*url:\s*"https://github\.com/DevYeom/OneWay"[^)]*\)')
# An excerpt may add the traits it needs to the README's line.
TRAITS_ARGUMENT = re.compile(r',\s*traits:\s*\[[^\]]*\]')


def check_install_lines(blocks: list[Block]) -> list[str]:
    readme = [b for b in blocks if b.document.name == "README.md" and b.document.parent == ROOT]
    source = next(
        (m.group(0) for b in readme for line in b.code if (m := PACKAGE_LINE.search(line.text))),
        None,
    )
    if source is None:
        return ["README.md: no manifest block with OneWay's .package line, the install source"]
    return [
        f"{block.location}: the install line {match.group(0)} differs from the README's "
        f"{source}; write the README's line"
        for block in blocks
        for line in block.hidden + block.code
        if (match := PACKAGE_LINE.search(line.text))
        and TRAITS_ARGUMENT.sub("", match.group(0)) != source
    ]


def check_manifests(blocks: list[Block]) -> None:
    failures = check_install_lines(blocks)
    with tempfile.TemporaryDirectory(prefix="oneway-manifest-") as directory:
        path = Path(directory) / "Package.swift"
        for block in blocks:
            path.write_text(manifest(block), encoding="utf-8")
            result = subprocess.run(
                ["swift", "package", "--package-path", directory, "dump-package"],
                capture_output=True,
                text=True,
            )
            if result.returncode != 0:
                failures.append(
                    f"{block.location}: this Package.swift excerpt does not compile as a "
                    f"manifest:\n{manifest(block)}\n{result.stderr}"
                )
    if failures:
        raise SnippetError("\n".join(failures))


def write(files: dict[str, str]) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for stale in OUTPUT.glob("*.swift"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        path = OUTPUT / name
        # Unchanged files keep their time stamps, so the build does not redo them.
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def build() -> None:
    print("Building the generated snippets: swift build --build-tests --enable-all-traits", flush=True)
    result = subprocess.run(
        ["swift", "build", "--build-tests", "--enable-all-traits"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    sys.stdout.write(result.stdout)
    documents_pattern = "|".join(re.escape(str(path)) for path in documents())
    problems = re.compile(
        rf"^(?:{documents_pattern}|{re.escape(str(OUTPUT))}/.*):\d+:\d+: (?:warning|error):",
        re.MULTILINE,
    )
    found = sorted(set(problems.findall(result.stdout)))
    if result.returncode != 0 or found:
        raise SnippetError(
            "the code blocks do not build cleanly" + (":\n" + "\n".join(found) if found else "")
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--build", action="store_true", help="then build them, failing on errors and warnings"
    )
    arguments = parser.parse_args()
    try:
        files: dict[str, str] = {}
        counts = {"swift": 0, "manifest": 0, "swiftui": 0, "fragment": 0}
        manifests: list[Block] = []
        fragments: list[Block] = []
        for document in documents():
            blocks = parse(document)
            by_id: dict[str, Block] = {}
            for block in blocks:
                if block.id:
                    if block.id in by_id:
                        raise SnippetError(f"{block.location}: a second block with id={block.id}")
                    by_id[block.id] = block
            for block in blocks:
                counts[block.kind] += 1
                if block.kind == "fragment":
                    fragments.append(block)
                elif block.kind == "manifest":
                    manifests.append(block)
                else:
                    files[block.scope_name + ".swift"] = generate(block, by_id)
        write(files)
        check_manifests(manifests)
        total = sum(counts.values())
        print(
            f"{total} Swift code blocks in {len(documents())} Markdown files: "
            f"{counts['swift']} compiled as Swift, {counts['manifest']} checked as Package.swift "
            f"excerpts, {counts['swiftui']} compiled only where SwiftUI exists, "
            f"{counts['fragment']} fragments not compiled."
        )
        for block in fragments:
            print(f"  fragment {block.location}: {block.reason or '(no reason given)'}")
        print(f"Wrote {len(files)} files to {OUTPUT.relative_to(ROOT)}/")
        if arguments.build:
            build()
            print("The code blocks build without errors or warnings.")
    except SnippetError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
