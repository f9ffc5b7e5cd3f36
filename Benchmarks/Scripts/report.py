#!/usr/bin/env python3
"""Turns one benchmark run's text output into the README table of medians and ratios.

usage: report.py RUN_OUTPUT.txt   (prints Markdown; exits 1 if a benchmark is missing)
Every ratio divides two medians (p50) from the same run.
"""

import sys

from benchresults import median, parse

WALL = "Time (wall clock) (ns)"
MALLOC = "Malloc (total)"
RETAINED = "Malloc / free Δ (bytes)"
CHAIN = 9  # actions reduced per B3 send: .chain plus its 8 .just

B1 = "B1 Store.send, reducer returns .none"
B1_BASE = "B1 baseline: bare actor hop"
B2 = "B2 ViewStore.send, main actor"
B2_READ = "B2 ViewStore.send + state read, main actor"
B2_NO_BACKLOG = "B2 ViewStore.send without the O7 backlog, main actor"
B2_BASE = "B2 baseline: direct @inline(never) reduce"
B3 = "B3 Store.send, .concat/.merge of 8 .just (9 reduced actions)"
B3_SHORT = "B3 Store.send, .concat/.merge of 4 .just (5 reduced actions)"
SHORT_CHAIN = 5  # actions reduced per short B3 send: .shortChain plus its 4 .just
B4 = "B4 Store round trip: .single -> reduced reply"
B4_BASE = "B4 baseline: bare Task + actor hop"
# The round trip's own shape without OneWay (a bare Task + hop + stream).
B4_SHAPE = "B4 baseline: bare request hop + Task + reply hop + signal"
B5 = "B5 Store: start and cancel 10,000 cancellable effects"
B5_BASE = "B5 baseline: start and cancel 10,000 bare Tasks"
FAN_OUT = [1, 10, 100, 1000]
B7_BASE = "B7 baseline: idle bare actor: retained bytes"
SUBSCRIPTIONS = [1, 10, 100, 1000]
B16 = "B16 Store.send, history on"
B16_BASE = "B16 baseline: Store.send, history off"
B9 = "B9 LockedStore.send, reducer returns .none"
B9_BASE = "B9 baseline: bare locked reduce"
LARGE_SIZES = [1000, 10000, 100000]
APPENDS = 100  # timed appends per B10 sample
SCOPE_LEVELS = [1, 5]
B14_STORE = "B14 Store.send through 5 levels of Scope, case key paths"
B14_VIEW = "B14 ViewStore.send through 5 levels of Scope, case key paths, main actor"
ROW_STORES = [100, 10_000]


def row_store_name(rows):
    return f"B15 row ViewStore.send, {rows} row stores, main actor"


def subscription_names(count, change):
    return (
        f"B8 ViewStore.send to {count} subscriptions, value {change}",
        f"B8 baseline: reduce + {count} bare closures, value {change}",
    )


def large_state_names(size):
    suffix = f"[Int] of {size}, per {APPENDS}"
    return (
        f"B10 Store.send(.append), {suffix.replace(', per', ', unobserved, per')}",
        f"B10 Store.send(.append), {suffix.replace(', per', ', observed by a states loop, per')}",
        f"B10 baseline: bare actor, in-place append, {suffix}",
        f"B10 baseline: bare actor, copy and compare, {suffix}",
    )


def scope_names(levels):
    """B11's rows at one depth: (Store through Scope, child Store, ViewStore through Scope,
    child ViewStore)."""
    scope = "1 level of Scope" if levels == 1 else f"{levels} levels of Scope"
    down = "1 level down" if levels == 1 else f"{levels} levels down"
    return (
        f"B11 Store.send through {scope}",
        f"B11 child Store.send, scoped {down}",
        f"B11 ViewStore.send through {scope}, main actor",
        f"B11 child ViewStore.send, scoped {down}, main actor",
    )


def fan_out_names(count):
    return (
        f"B6 Store fan-out to {count} states subscribers",
        f"B6 baseline: fan-out to {count} bare AsyncStreams",
    )


def fmt_ns(value):
    if value is None:
        return "missing"
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:.1f} µs"
    return f"{value:.0f} ns"


def verdict(ok):
    return "met" if ok else "**missed**"


def main():
    results = parse(open(sys.argv[1], encoding="utf-8").read())
    missing = []

    def get(name, metric=WALL):
        value = median(results, name, metric)
        if value is None:
            missing.append(f"{name} / {metric}")
        return value

    rows = []

    def row(scenario, measured, baseline, ratio, goal, ok):
        rows.append((scenario, measured, baseline, ratio, goal, verdict(ok) if goal else "—"))

    b1, b1b = get(B1), get(B1_BASE)
    if b1 and b1b:
        row("1. `await store.send` (reducer → `.none`), non-isolated caller",
            fmt_ns(b1), f"bare actor hop {fmt_ns(b1b)}", f"{b1 / b1b:.2f}x", "≤ 2x", b1 / b1b <= 2)
    b2, b2b = get(B2), get(B2_BASE)
    if b2 and b2b:
        row("2. `viewStore.send` on the main actor",
            fmt_ns(b2), f"direct `@inline(never)` reduce {fmt_ns(b2b)}", f"{b2 / b2b:.2f}x",
            "≤ 2x", b2 / b2b <= 2)
    b2r = get(B2_READ)
    if b2r and b2b:
        row("2. `viewStore.send` + read of `state` on the main actor (Observation on; no goal)",
            fmt_ns(b2r), f"direct `@inline(never)` reduce {fmt_ns(b2b)}", f"{b2r / b2b:.1f}x",
            "", True)
    b2n = get(B2_NO_BACKLOG)
    if b2n and b2b:
        row("2. `viewStore.send` on a store built with `withoutStatesBacklog()` (no states backlog; "
            "no goal)",
            fmt_ns(b2n), f"direct `@inline(never)` reduce {fmt_ns(b2b)}", f"{b2n / b2b:.2f}x",
            "", True)
    for name, derived, actions, limit in [(B3, 8, CHAIN, 0.5), (B3_SHORT, 4, SHORT_CHAIN, 1)]:
        b3 = get(name)
        if b3 and b1b:
            per_action = b3 / actions
            row(f"3. sync effect chain (`concat`/`merge` of {derived} `.just`), per reduced action "
                f"({fmt_ns(b3)} per send / {actions})",
                fmt_ns(per_action), f"bare actor hop {fmt_ns(b1b)}", f"{per_action / b1b:.2f}x",
                f"≤ {limit:g}x with {actions}", per_action <= limit * b1b)
    b16, b16b = get(B16), get(B16_BASE)
    if b16 and b16b:
        row("16. `await store.send` with history on (OneWayDevTools, 1,000 entries)",
            fmt_ns(b16), f"the same send, history off {fmt_ns(b16b)}", f"{b16 / b16b:.2f}x",
            "≤ 2x", b16 / b16b <= 2)
    b4, b4b, b4s = get(B4), get(B4_BASE), get(B4_SHAPE)
    if b4 and b4s:
        row("4. async round trip (`.single` → reduced reply)",
            fmt_ns(b4), f"bare request hop + `Task` + reply hop + signal {fmt_ns(b4s)}",
            f"{b4 / b4s:.2f}x", "≤ 1.5x", b4 / b4s <= 1.5)
    if b4 and b4b:
        row("4. async round trip, against a bare `Task` + one hop (no goal)",
            fmt_ns(b4), f"bare `Task` + actor hop {fmt_ns(b4b)}", f"{b4 / b4b:.2f}x", "", None)
    b5, b5b = get(B5), get(B5_BASE)
    if b5 and b5b:
        row("5. start and cancel 10,000 cancellable effects",
            f"{fmt_ns(b5)} ({b5 / 1e4:.0f} ns/effect)",
            f"10,000 bare `Task`s {fmt_ns(b5b)} ({b5b / 1e4:.0f} ns/task)",
            f"{b5 / b5b:.2f}x", "≤ 2x", b5 / b5b <= 2)
    for count in FAN_OUT:
        store_name, bare_name = fan_out_names(count)
        store, bare = get(store_name), get(bare_name)
        if store and bare:
            row(f"6. fan-out of one state change to {count} subscriber(s), per subscriber",
                fmt_ns(store / count), f"bare `AsyncStream` {fmt_ns(bare / count)}",
                f"{store / bare:.2f}x", "≤ 1.5x", store / bare <= 1.5)
    for name, label in [(B1, "`store.send` (scenario 1)"), (B2, "`viewStore.send` (scenario 2)")]:
        allocs = get(name, MALLOC)
        if allocs is not None:
            row(f"7. allocations per {label}", f"{allocs:g}", "", "", "0", allocs == 0)
    for name, label in [(B2_READ, "`viewStore.send` + `state` read (scenario 2, second row)"),
                        (B3, "`store.send(.chain)` (scenario 3, 9 reduced actions)")]:
        allocs = get(name, MALLOC)
        if allocs is not None:
            row(f"7. allocations per {label}", f"{allocs:g}", "", "", "", True)
    bare_retained = get(B7_BASE, RETAINED)
    bare_blocks = get(B7_BASE, "Malloc / free Δ")
    for name, label, goal in [("B7 idle Store: retained bytes", "`Store`", 256),
                              ("B7 idle ViewStore: retained bytes", "`ViewStore`", 384)]:
        retained = get(name, RETAINED)
        count = get(name, "Malloc / free Δ")
        if retained is not None and count is not None:
            baseline = ratio = ""
            if bare_retained:
                baseline = f"bare actor {bare_retained:g} B in {bare_blocks:g} blocks"
                ratio = f"{retained / bare_retained:.2f}x"
            row(f"7. bytes retained by an idle {label} (1,000 of them, per store)",
                f"{retained:g} B in {count:g} blocks", baseline, ratio,
                f"≤ {goal} B", retained <= goal)
    for change in ["unchanged", "changed"]:
        per = {}
        for count in SUBSCRIPTIONS:
            store_name, bare_name = subscription_names(count, change)
            store, bare = get(store_name), get(bare_name)
            if store and bare:
                per[count] = (store, bare)
                row(f"8. `viewStore.send` with {count} `subscribe(\\.x)` subscription(s), value "
                    f"{change}, per subscription (send included)",
                    fmt_ns(store / count), f"reduce + bare closure {fmt_ns(bare / count)}",
                    f"{store / bare:.2f}x", "≤ 2x", store / bare <= 2)
        if 100 in per and 1000 in per:
            store = (per[1000][0] - per[100][0]) / 900
            bare = (per[1000][1] - per[100][1]) / 900
            if bare > 0:
                row(f"8. one more subscription, value {change} (slope from 100 to 1,000)",
                    f"{store:.1f} ns", f"bare closure {bare:.1f} ns", f"{store / bare:.2f}x",
                    "≤ 2x", store / bare <= 2)
    b9, b9b = get(B9), get(B9_BASE)
    if b9 and b9b:
        row("9. `send` on a lock-isolated store (reducer → `.none`), one thread",
            fmt_ns(b9), f"bare locked reduce {fmt_ns(b9b)}", f"{b9 / b9b:.2f}x", "", True)
    for name, label in [(B9, "`send` on a lock-isolated store (scenario 9)")]:
        allocs = get(name, MALLOC)
        if allocs is not None:
            row(f"9. allocations per {label}", f"{allocs:g}", "", "", "", True)
    for size in LARGE_SIZES:
        unobserved, observed, in_place, copy = (get(n) for n in large_state_names(size))
        if not (in_place and copy):
            continue
        for value, label, goal in [(unobserved, "unobserved", 3), (observed, "observed by a `states` loop", None)]:
            if value:
                row(f"10. `[Int]` of {size:,}, one append per `send`, {label}",
                    fmt_ns(value / APPENDS),
                    f"in-place append {fmt_ns(in_place / APPENDS)}; "
                    f"copy and compare {fmt_ns(copy / APPENDS)}",
                    f"{value / in_place:.1f}x; {value / copy:.2f}x",
                    f"≤ {goal}x in place" if goal else "", value / in_place <= goal if goal else True)

    # 11. Composition, each against the root send of the flat counter in the same run:
    # scenario 1's `Store.send` and scenario 2's `ViewStore.send`.
    for levels in SCOPE_LEVELS:
        through_store, child_store, through_view, child_view = (get(n) for n in scope_names(levels))
        depth = "1 level" if levels == 1 else f"{levels} levels"
        for value, label, root, root_label, goal in [
            (through_store, f"`await store.send` through {depth} of `Scope`", b1,
             "`store.send`", levels == 5),
            (through_view, f"`viewStore.send` through {depth} of `Scope`", b2,
             "`viewStore.send`", levels == 5),
            (child_store, f"`await childStore.send`, child store {depth} below its root", b1,
             "`store.send`", False),
            (child_view, f"`childViewStore.send`, child view store {depth} below its root", b2,
             "`viewStore.send`", False),
        ]:
            if value and root:
                row(f"11. {label} (leaf → `.none`)",
                    fmt_ns(value), f"root {root_label}, flat reducer {fmt_ns(root)}",
                    f"{value / root:.2f}x", "≤ 1.5x" if goal else "",
                    value / root <= 1.5 if goal else True)
    for name, label in [(scope_names(5)[0], "`store.send` through 5 levels of `Scope`"),
                        (scope_names(5)[2], "`viewStore.send` through 5 levels of `Scope`")]:
        allocs = get(name, MALLOC)
        if allocs is not None:
            row(f"11. allocations per {label}", f"{allocs:g}", "", "", "0", allocs == 0)

    # 14. Case key paths, against scenario 11's five levels with closures, same run.
    closure_store, closure_view = get(scope_names(5)[0]), get(scope_names(5)[2])
    for value, base, label in [
        (get(B14_STORE), closure_store, "`await store.send`"),
        (get(B14_VIEW), closure_view, "`viewStore.send`"),
    ]:
        if value and base:
            row(f"14. {label} through 5 levels of `Scope`, case key paths",
                fmt_ns(value), f"the same with `extract` closures {fmt_ns(base)}",
                f"{value / base:.2f}x", "≤ 1.2x", value / base <= 1.2)
    # 15. Element stores: a send to one row's store, 10,000 row stores against 100.
    few, many = (get(row_store_name(count)) for count in ROW_STORES)
    if few and many:
        row("15. `rowStore.send`, one of 10,000 row stores (leaf → `.none`)",
            fmt_ns(many), f"one of 100 row stores {fmt_ns(few)}", f"{many / few:.2f}x",
            "≤ 1.5x", many / few <= 1.5)

    print("| Scenario | Median | Same-run baseline (median) | Ratio | Goal | |")
    print("| --- | --- | --- | --- | --- | --- |")
    for scenario, measured, baseline, ratio, goal, status in rows:
        print(f"| {scenario} | {measured} | {baseline} | {ratio} | {goal} | {status} |")
    if missing:
        print("\nMissing from the run: " + "; ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
