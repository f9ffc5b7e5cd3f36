// The Swift code blocks of README.md and of the DocC articles, compiled as part of the tests.
//
// `python3 Scripts/snippets.py` writes one file per code block into Generated/ (ignored by
// git), each block in a scope of its own; `swift build --build-tests` compiles them, and
// `swift test` runs the blocks that are tests. Until the script has run, this target holds
// only this file. The script's header says how a block is marked as a fragment, or given a
// preamble that readers do not see.
