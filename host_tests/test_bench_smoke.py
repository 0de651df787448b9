"""`python -m bench --quick` runs every section on every runtime, and every figure it prints
parses and is well-formed (the bench asserts nothing itself: a broken measurement shows here as
a figure that is missing, not a number, negative or absurd). A figure the machine does not
change (bytes, counts, ticks, simulated time) lies in a sane range; a figure read off a clock
(a time, a rate, a ratio of times, a Pico estimate scaled from the unix port's time) is only
checked to be a number and not negative: a fast machine times a loop at 0 ns and a busy one at
any length (once `floor: '0' outside 1..100000000`), so no range on it can hold everywhere.

The bench runs in PARTS (`python -m bench --quick --only ...`), each a test of its own, so the
workers of `make test` share its ~40 CPU seconds rather than one test holding one worker
for all of them; every section runs exactly once (test_the_parts_run_every_section_once), as in
one `--quick` run. Each part is held to its sections' headings and at least their tables, and
to at least half the figures they print today (277 in all: at least 135 across the parts, more
than the 100 the single run was held to).

Issue 48 cut the parts' CPU without a figure changing (each part's tables compared before and
after): the App's allocation section runs its unix kernels on heaps that hold what they measure
(384k and 512k, not 1024k and 2048k: each collection the App asks for sweeps the whole heap),
8.8 -> 4.0 CPU seconds."""

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Each section of bench/__main__.py's SECTIONS: (its headings, tables at least, figures at least).
SECTIONS = {
    "validation": (("## Move validation",), 1, 40),
    "tables": (("## Tables",), 1, 3),
    "flash": (("## Flash: the firmware compiled",), 1, 1),
    "heap": (("## Heap",), 1, 4),
    "allocation": (("## Bytes allocated",), 1, 2),
    "app_allocation": (("## The App on real MicroPython",), 2, 6),
    "fits_the_board": (("## Fits the board",), 2, 15),
    "simulator": (("## The board simulator",), 1, 5),
    "flash_bench": (("## Flash: the firmware on each board's filesystem", "## Flashing the virtual Pico W"), 2, 10),
    "save_bench": (("## The keeper's saves on LittleFS",), 1, 12),
    "solver_bench": (("## Solver", "## Policy tables", "## The last player's win chance"), 3, 6),
    "win_bench": (("## The coach's time",), 1, 16),
    "loop_bench": (("## The box's own loop",), 1, 9),
    "scoreboard_bench": (("## The live scoreboard",), 1, 10),
    "web_bench": (("## The browser box",), 2, 6),
}
# The sections run together, a test each (a few CPU seconds each, the longest ~8).
PARTS = (("validation", "tables", "flash", "heap", "allocation"), ("app_allocation",), ("fits_the_board",),
         ("simulator", "save_bench", "solver_bench", "win_bench"), ("flash_bench",), ("loop_bench", "web_bench"),
         ("scoreboard_bench",))
# A figure: a number with an optional unit, and an optional second one in brackets
# ("12096 (1344)", "-1760 (-2%)", "9.7614%", "848 KiB", "6.5x", "930 ms").
FIGURE = re.compile(r"^(-?\d+(?:\.\d+)?)(?:x|%| KiB| ms)?(?: \((-?\d+(?:\.\d+)?)%?\))?$")
# Columns of names, not figures.
LABELS = {"runtime", "box", "table module", "preset", "presets", "board", "table", "file",
          "measure", "flash", "firmware", "half the heap free?", "both matches to the end", "build", "step",
          "hand", "flash timing", "scheme"}
KIB = 1024
MEGA = 10 ** 6
TIMING = None  # a figure read off a clock: any number not negative (the docstring)
HEAP = (20_000, 400_000)  # the firmware's heap after boot or at its peak (32- or 64-bit)
NONE = (0, 0)  # the event path allocates nothing
# Every figure column's range (a column missing here fails the test: give it one).
RANGES = {
    "tiles": (9, 24), "floor": TIMING, "can_shut table": TIMING, "naive": TIMING, "naive/table": TIMING,
    "validate table": TIMING, "table/floor": TIMING,
    "bytes": (64, 64 * KIB),  # the smallest: game.tiles' 64-byte tile sums
    "files": (20, 500), ".py bytes": (10_000, 2 * MEGA), ".mpy bytes": (10_000, MEGA),
    "after set-up (bytes)": (1_000, 192 * KIB), "after 2 matches": (1_000, 192 * KIB),
    "smallest heap for a whole match": (16, 192),
    "per 1000 flap events": NONE, "per 1000 rolls": NONE,
    "ticks": (100, MEGA), "flap events": (1, 10_000), "rolls": (1, 1_000),
    "bytes in play ticks": NONE, "per 1000 flap events + rolls": NONE,
    "bytes in set-up ticks": (0, MEGA), "turn ends and phase changes": (1, 100),
    "bytes there (each)": (0, MEGA),
    "saves": (1, 1_000), "saved match + log (bytes)": (50, 8 * KIB),
    "bytes allocated without saving": (0, MEGA), "with saving": (0, 10 * MEGA), "per save": (0, 100_000),
    "after boot (bytes)": HEAP, "peak during play": HEAP, "turns played": (1, 1_000),
    "heap (bytes)": (50_000, MEGA), "after boot, 32-bit": HEAP, "after boot, unix": HEAP,
    "peak during a match, 32-bit": HEAP, "headroom at the peak": (-MEGA, MEGA),
    "players": (1, 8), "games": (1, 100), "simulated s per game": (1, 1_000),
    "games/s": TIMING, "simulated/real time": TIMING,
    "LittleFS": (256, 16 * KIB), "free when empty": (256, 16 * KIB),
    "one flashed copy takes": (50, 4 * KIB), "free after": (0, 16 * KIB),
    "free with one copy": (0, 16 * KIB), "free with two copies": (0, 16 * KIB),
    "left beside two copies, less the 16 KiB reserve": (-16 * KIB, 16 * KIB),
    "seconds": TIMING, "bytes over the cable": (100, 10 * MEGA), "files sent": (0, 500),
    # a flash's time over a full flash's (90% to 538% seen, with the machine idle or busy)
    "files copied on the board": (0, 500), "vs a full flash": TIMING,
    "shut chance (best)": (0, 100), "expected score (best)": (0, 100),
    "table bytes": (100, 100_000), "compressed": (100, 100_000), "heap after load (bytes)": (100, 200_000),
    "ms": TIMING,
    "KB": (1, 10_000), "KB gzipped": (1, 10_000), "value": TIMING,
    "player 1 ticks": (1, 100_000), "player 2 ticks": (1, 100_000), "player 1 unix ms": TIMING,
    "player 2 unix ms": TIMING, "longest step, unix ms": TIMING,
    "longest start, unix ms": TIMING, "longest save, unix ms": TIMING,
    "longest other tick, unix ms": TIMING, "a save, its ticks added up, unix ms": TIMING,
    "mean tick, unix ms": TIMING, "Pico: player 1 ready (s)": TIMING,
    "Pico: player 2 ready (s)": TIMING, "Pico: longest step (ms)": TIMING,
    "Pico: longest start (ms)": TIMING, "Pico: longest save (ms)": TIMING,
    "Pico: longest other tick (ms)": TIMING,
    # the keeper's saves on LittleFS (bench/save_bench.py): per step, then per scheme over the saves
    "longest, unix ms": TIMING, "most bytes read": (0, MEGA), "most block reads": (0, 10_000),
    "blocks erased": (0, 10_000), "commits a save": (1, 3), "erases a save": (0.01, 10), "match bytes": (100, 10_000),
    "block reads": (10, 10 * MEGA), "bytes read": (100, 100 * MEGA),
    # the box's own loop (bench/loop_bench.py): a tick's bus time and erases are the simulator's
    **{"Pico est. longest %s (ms)" % kind: TIMING for kind in ("step", "start", "save", "collection", "other")},
    **{"unix CPU longest %s (ms)" % kind: TIMING for kind in ("step", "start", "save", "collection", "other")},
    "ticks over 20 ms (erasing)": (0, MEGA), "Pico est. mean tick (ms)": TIMING, "erases": (0, 10_000),
    "most erases a tick": (0, 10), "longest bus time (ms)": (0.1, 100), "save slices beside a band": (0, MEGA),
    "erases beside a band, a flap answered or the dice landing": (0, MEGA),
    # the live scoreboard (bench/scoreboard_bench.py): counts of a match's ticks, turns, polls
    "phones": (0, 4), "Pico est. longest tick (ms)": TIMING, "ticks over 20 ms": TIMING,
    "Pico est. longest tick the server worked in (ms)": TIMING, "of them over 20 ms": TIMING,
    "Pico est. server's longest step (ms)": TIMING, "Pico est. server's median step (ms)": TIMING,
    "turns' ends": (1, 1_000), "of them on the page": (0, 1_000), "longest (box ms)": TIMING,
    "mean (box ms)": TIMING, "of the longest, its poll to its answer (box ms)": TIMING,
    "/state answers (200, JSON)": (0, MEGA), "other answers": (0, MEGA), "polls given up": (0, MEGA),
    "accepted": (1, MEGA), "answered": (0, MEGA), "refused": (0, MEGA), "faults": NONE, "JSONs made": (0, MEGA),
    "steps": (1, MEGA),
    "Pico est. longest (ms)": TIMING, "Pico est. median (ms)": TIMING,
    "longest App's tick beside one (ms)": TIMING, "longest tick with one (ms)": TIMING,
}
# The bracketed second figure of a cell: a share in percent, or a per-item count.
SECOND = {"headroom at the peak": (-100, 100), "bytes there (each)": (0, MEGA),
          "ticks over 20 ms (erasing)": (0, MEGA)}


def tables(output):
    """[(section heading, header cells, rows of cells)] of every Markdown table printed."""
    found, heading, table = [], None, None
    for line in output.splitlines():
        if line.startswith("## "):
            heading = line
        if not line.startswith("|"):
            table = None
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if table is None:
            table = (heading, cells, [])
            found.append(table)
        elif not set(line) <= set("|-"):
            table[2].append(cells)
    return found


def out_of_range(header, cell):
    """Why a figure cell is not a sane figure of its column (None: it is)."""
    if header not in RANGES:
        return "no range for the column %r" % header
    match = FIGURE.match(cell)
    if match is None:
        return "not a figure"
    if RANGES[header] is TIMING:
        if match.group(2) is not None:
            return "a time with a bracketed figure"
        return "a negative time" if float(match.group(1)) < 0 else None
    low, high = RANGES[header]
    if not low <= float(match.group(1)) <= high:
        return "outside %s..%s" % (low, high)
    if match.group(2) is not None:
        low, high = SECOND.get(header, (None, None))
        if low is None or not low <= float(match.group(2)) <= high:
            return "its bracketed figure is outside %s..%s" % (low, high)
    return None


def test_the_parts_run_every_section_once():
    from bench.__main__ import SECTIONS as BENCH_SECTIONS

    parts = [name for part in PARTS for name in part]
    assert sorted(parts) == sorted(SECTIONS) == sorted(name for name, _run in BENCH_SECTIONS)


@pytest.mark.parametrize("part", PARTS, ids="+".join)
def test_bench_quick_prints_every_section_and_sane_figures(part):
    result = subprocess.run([sys.executable, "-m", "bench", "--quick", "--only", ",".join(part)], cwd=ROOT,
                            capture_output=True, text=True, timeout=1800)  # a bound on a hang, not a timing
    assert result.returncode == 0, result.stderr[-2000:]
    for name in part:
        for heading in SECTIONS[name][0]:
            assert heading in result.stdout, heading
    if "validation" in part:
        for runtime in ("| cpython | 9 |", "| unix | 24 |", "| wasm | 12 |"):
            assert runtime in result.stdout
    found = tables(result.stdout)
    assert len(found) >= sum(SECTIONS[name][1] for name in part), "tables printed: %d" % len(found)
    problems, figures = [], 0
    for heading, headers, rows in found:
        assert rows, "%s: a table with no rows" % heading
        for row in rows:
            assert len(row) == len(headers), "%s: %s" % (heading, row)
            for header, cell in zip(headers, row, strict=True):
                if header in LABELS:
                    continue
                figures += 1
                problem = out_of_range(header, cell)
                if problem:
                    problems.append("%s | %s: %r %s" % (heading, header, cell, problem))
    assert not problems, "\n".join(problems)
    assert figures >= sum(SECTIONS[name][2] for name in part), "figures checked: %d" % figures
    if "fits_the_board" in part:
        loaded = re.search(r"^\.mpy bytes of the firmware modules loaded at boot: (\d+)$", result.stdout, re.M)
        assert loaded and 10_000 <= int(loaded.group(1)) <= 400_000


def test_a_broken_figure_is_caught():
    """The checker itself: a figure missing, negative or absurd is reported."""
    assert out_of_range("per 1000 rolls", "0") is None
    assert out_of_range("per 1000 rolls", "48") == "outside 0..0"
    assert out_of_range("headroom at the peak", "-1760 (-2%)") is None
    assert out_of_range("headroom at the peak", "5 (300%)").startswith("its bracketed")
    assert out_of_range("seconds", "n/a") == "not a figure"
    # A clock's figure: 0 on a fast machine and any length on a busy one, never negative.
    assert out_of_range("floor", "0") is None and out_of_range("seconds", "86400.00") is None
    assert out_of_range("floor", "-3") == "a negative time"
    assert out_of_range("a new column", "3") == "no range for the column 'a new column'"
    assert tables("## T\n| a | b |\n|---|---|\n| x | 1 |\ntext\n") == [("## T", ["a", "b"], [["x", "1"]])]


def test_the_scoreboard_bench_s_latencies_leave_out_a_poll_asked_as_the_run_ended():
    """A poll is placed in the tick after the line that asks it: one asked as the match's run
    ended has no tick (the quick run once raised IndexError there, on a busy machine)."""
    from bench.scoreboard_bench import latencies

    times = [(0.0, 10.0), (15.0, 25.0), (30.0, 40.0)]
    events = [("turn", 0, 1, 0), ("asked", 0, 4, 1), ("answer", 0, 4, 1, 2), ("asked", 0, 5, 3)]
    assert latencies(events, times) == [(30.0, 25.0)]  # from the turn's end (10), and from its poll (15)
    assert latencies(events[:1] + events[3:], times) == []
