"""python -m bench.win_bench [--quick]: the coach's time on the unix port, before and after the
native kernel (issue 28), and as a Pico estimate.

Each figure is bench/coach_kernel.py's (the real App, hints on, 2 players, every tick timed) on
three builds of the firmware side by side in one run: as tools/flash.py flashes it for a board
with native code (game.win_kernel as viper, here x64), as bytecode (the wasm build, mip's
sources), and the firmware of BEFORE (git's copy of that commit). Each is run REPEATS times and
the least of each figure kept: the machine's other work only ever adds time.

The Pico estimate: a unix figure times F, a factor this run calibrates. Issue 28 measured
BEFORE's firmware on the real MicroPython 1.28 rp2 build in an emulated RP2040 at 125 MHz: the
first player's chance of winning took PICO_BEFORE_US of CPU (9 tiles, full-house); this run
measures the same firmware and turn on the unix port, and F is the larger of the two ratios.
The same F is applied to the native build: MEASURED's native firmware on the emulated RP2040
took some 105-125 times the unix port's CPU for its turns, under F. A turn's chance is ready on
a Pico after its ticks' CPU times F plus the loop's sleep after each tick (main.run's: 1 ms while
the coach has work, app.core's rest_ms; BEFORE's and MEASURED's firmware slept 5 ms).

A single tick scales worse than a whole turn: on the emulated RP2040 the longest ticks of
MEASURED's firmware took up to twice the whole turns' ratio to the unix port's CPU. So a Pico's
longest tick of a kind (step, start, save, other) is estimated with a factor of its own,
F_kind: PICO_LONGEST_US, that firmware's longest tick of the kind on the emulated RP2040
(bench/coach_kernel.py's run("classic", 9) on the firmware as tools/flash.py lays it out: its
modules in pack.bin, read through packfs; flash erase and program times left out), over this
run's unix figure for the same firmware and kind; it is applied to the other builds as to
MEASURED's (an assumption, as F's). To its CPU times F_kind the estimate adds the time that tick
kept the buses busy (coach_kernel: the OLED's writes at 400 kHz, the LED strip's), which no
factor scales.
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

from tools.build.micropython_runtimes import RuntimeMissing, run_unix
from tools.flashing.build import board_json_for, build_image

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
BEFORE = "c658f8f"  # the last commit before the native kernel: what issue 28 measured on the Pico
PICO_BEFORE_US = {"classic": 10_300_000, "full-house": 98_000_000}  # issue 28's emulated RP2040
# The firmware whose longest ticks were measured on an emulated RP2040 (MicroPython 1.28.0's rp2
# build, RPI_PICO, an instruction-level emulator at 125 MHz with a deterministic clock,
# 2026-11-28; laid out as tools/flash.py writes it, pack.bin), as coach_kernel's figures of
# run("classic", 9), us, the kernel reading the App itself (not app.view, which a box never
# loads). (Its turns: 428,569 us for player 1's chance, 94,583 for player 2's.)
MEASURED = "8c21900"
PICO_LONGEST_US = {"step": 16_468, "start": 16_587, "save": 19_717, "bounds": 17_625}
KINDS = ("step", "start", "save", "bounds")
# The keeper's collection (app.keeper's step: the heap collected in a tick of its own after each
# piece of its work) is the collector's C code over the whole heap, which no factor scales: the
# longest such tick of coach_kernel's run("classic", 9) on the same emulated RP2040 and firmware,
# us (44 of them in the match; the kernel let go what a box lets go once its App is built, and
# collected 5 times more between ticks). With app.view loaded (a class of some 40 properties)
# the collector's mark stack overflowed and each collection took 20 ms: the bench's, not a box's.
PICO_COLLECT_US = 12_606
CASES = (("classic", 9), ("ten", 10), ("full-house", 12))
BUSY_REST_MS = 1  # main.run's sleep after a tick while the coach has work (app.core's rest_ms)
LOOP_MS = 5  # BEFORE's and MEASURED's main.py: its sleep after every tick
HEAP = "512k"  # a speed run: room for the kernel's own 64-bit objects beside the firmware's
REPEATS = 3
GOAL_READY_S = 4.0
GOAL_TICK_MS = 20.0


def write_tree(image, out_dir):
    for path, data in image.items():
        target = out_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return out_dir


def firmware_at(commit, work):
    """The firmware/ of a commit (from git), or None where the history is not there."""
    out = work / (commit + "-source")
    out.mkdir()
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "firmware"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out / "firmware"


def builds(work, quick):
    """[(name, tree)]: the firmware as flashed with native code, as bytecode, BEFORE's and
    MEASURED's as flashed (neither in a quick run: F and F_kind are then the budget's 100)."""
    board = board_json_for("pico")
    found = [("native", write_tree(build_image("6.3", board, arch="x64"), work / "native")),
             ("bytecode", write_tree(build_image("6.3", board), work / "bytecode"))]
    for name, commit, arch in (() if quick else (("before", BEFORE, None), ("measured", MEASURED, "x64"))):
        old = firmware_at(commit, work)
        if old is not None:
            found.append((name, write_tree(build_image("6.3", board, old, arch=arch), work / name)))
    return found


def measure(tree, preset, tiles, repeats):
    """{figure: least value over the runs} of coach_kernel.run, with "ticks": each run's
    {kind: [(CPU us, bus us)]} (coach_kernel's coach_ticks); or None (no unix port)."""
    least = {"ticks": []}
    for _run in range(repeats):
        try:
            status, out, err = run_unix("import coach_kernel\ncoach_kernel.run(%r, %d)\n" % (preset, tiles),
                                        (tree, BENCH), heap=HEAP, timeout=600)
        except RuntimeMissing as missing:
            print("  (skipped: %s)" % missing)
            return None
        if status:
            raise SystemExit("coach_kernel failed on %s:\n%s" % (tree.name, (out + err)[-2000:]))
        ticks = {}
        least["ticks"].append(ticks)
        for line in out.splitlines():
            words = line.split()
            if words and words[0] == "coach_ticks":
                ticks.setdefault(words[1], []).append((int(words[2]), int(words[3])))
            elif words and words[0] == "coach":
                value = int(words[2])
                least[words[1]] = min(value, least.get(words[1], value))
    return least


def thinking(figures, turn):
    """(ticks, CPU us) until the turn's chance of winning was ready."""
    return tuple(figures.get("turn%d_%s" % (turn, name), 0) for name in ("ticks", "us"))


def pico_longest_ms(found, kind, factor):
    """A kind's longest tick on a Pico: CPU times F plus its bus time, the least over the runs."""
    return min(max((cpu * factor + bus for cpu, bus in run.get(kind, ())), default=0)
               for run in found["ticks"]) / 1000


def pico_ready_s(ticks, cpu_us, factor, rest_ms):
    return (cpu_us * factor / 1000 + ticks * rest_ms) / 1000


def calibration(figures):
    """[(preset, F)]: issue 28's emulated-RP2040 time of BEFORE's first programme over this run's."""
    factors = []
    for preset, pico_us in PICO_BEFORE_US.items():
        if ("before", preset) in figures:
            cpu = thinking(figures["before", preset], 0)[1]
            factors.append((preset, pico_us / cpu))
    return factors


def run(quick=False):
    repeats = 1 if quick else REPEATS
    cases = CASES[:1] if quick else CASES
    with tempfile.TemporaryDirectory() as work_dir:
        work = pathlib.Path(work_dir)
        figures = {}
        for build, tree in builds(work, quick):
            for preset, tiles in (CASES[:1] if build == "measured" else cases):
                found = measure(tree, preset, tiles, repeats)
                if found is None:
                    return
                figures[build, preset] = found
    factors = calibration(figures)
    factor = max((ratio for _preset, ratio in factors), default=100.0)
    measured = figures.get(("measured", CASES[0][0]))
    tick_factors = {kind: (PICO_LONGEST_US[kind] / measured[kind + "_longest_us"] if measured else factor)
                    for kind in KINDS}
    print("\n## The coach's time: the chance of winning, on the unix port and as a Pico estimate")
    if factors:
        print("F = %.0f, the larger of %s (issue 28's emulated RP2040 over this run's unix port, %s's "
              "firmware, the first player's programme)" % (factor, ", ".join(
                  "%s %.0f" % (preset, ratio) for preset, ratio in factors), BEFORE))
    else:
        print("F = 100 (the project's budget figure: a quick run, or no git history to calibrate with)")
    if measured:
        print("The longest ticks: F_step %.0f, F_start %.0f, F_save %.0f, F_other %.0f (the emulated "
              "RP2040's longest tick of each kind over this run's unix port, %s's native firmware, "
              "classic)" % (tuple(tick_factors[kind] for kind in KINDS) + (MEASURED,)))
    else:
        print("The longest ticks: F for each kind (a quick run, or no git history to calibrate with)")
    print("| box | build | player 1 ticks | player 1 unix ms | player 2 ticks | player 2 unix ms | "
          "longest step, unix ms | longest start, unix ms | longest save, unix ms | "
          "longest other tick, unix ms | a save, its ticks added up, unix ms | mean tick, unix ms | "
          "Pico: player 1 ready (s) | "
          "Pico: player 2 ready (s) | Pico: longest step (ms) | Pico: longest start (ms) | "
          "Pico: longest save (ms) | Pico: longest other tick (ms) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for preset, tiles in cases:
        for build in ("before", "bytecode", "native", "measured"):
            found = figures.get((build, preset))
            if found is None:
                continue
            first = thinking(found, 0)
            second = thinking(found, 1)
            longest = [found.get(name, 0) for name in ("step_longest_us", "start_longest_us", "save_longest_us",
                                                       "bounds_longest_us")]
            pico = [pico_longest_ms(found, kind, tick_factors[kind]) for kind in KINDS]
            per_save = found.get("save_us", 0) / max(1, found.get("saves", 0))
            rest = BUSY_REST_MS if build in ("bytecode", "native") else LOOP_MS
            print("| %s (%d tiles) | %s | %d | %.1f | %d | %.1f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | "
                  "%.2f | %.2f | %.0f | %.0f | %.0f | %.0f |" % (
                      preset, tiles, build, first[0], first[1] / 1000, second[0], second[1] / 1000,
                      longest[0] / 1000, longest[1] / 1000, longest[2] / 1000, longest[3] / 1000,
                      per_save / 1000, found["mean_us"] / 1000, pico_ready_s(first[0], first[1], factor, rest),
                      pico_ready_s(second[0], second[1], factor, rest), pico[0], pico[1], pico[2], pico[3]))
    collect = figures.get(("native", CASES[0][0]))
    if collect:
        print("The keeper's collections (a tick each, after each piece of its work): %d in the classic "
              "match, the longest %.2f ms of the unix port; no factor scales the collector's C code: "
              "on the emulated RP2040 the longest such tick took %.1f ms." % (
                  collect.get("collect_slices", 0), collect.get("collect_longest_us", 0) / 1000,
                  PICO_COLLECT_US / 1000))
    print("Goals (issue 28): ready within %.0f s of the previous turn's end, no tick over %.0f ms on a "
          "Pico. The longest tick of each kind (coach_kernel's docstring): a step of the programme, "
          "the start of a turn's programme, a slice of the keeper's work (saves, the statistics' merge), "
          "any other (the App's own: a turn's end, the match's start and end, a frame's module imported)." % (GOAL_READY_S, GOAL_TICK_MS))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run of 9 tiles, no calibration: a smoke run")
    run(parser.parse_args(argv).quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
