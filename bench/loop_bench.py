"""python -m bench.loop_bench [--quick]: the box's own loop, tick by tick (bench/loop_kernel.py).

The firmware laid out as tools/flash.py flashes it for a Pico (its modules in pack.bin, compiled
by mpy-cross), config.json with hints on and 2 players, booted by boot.py and main.boot() on
MicroPython's unix port, then main.run's loop (the watchdog fed, its 5 ms sleep) over board_sim's
bus-level devices in the same VM, /data on LittleFS on a block device counting its erases, until
a hand has played one whole match. Its own garbage collections fall in the ticks where they
fall (the kernel collects between ticks only when the heap runs low: counted apart).

A Pico's tick is estimated as its unix CPU time (the stand-ins' time taken out) times FACTOR,
stated, not calibrated here (CONTRIBUTING's "Time rules": a Pico runs this code some 100-150
times slower than the unix port; on an emulated RP2040 single ticks up to twice the 105-125 of
whole turns), plus the time its bus transfers take at their clock (I2C at 400 kHz, 9 clocks a
byte: an OLED band, its 6 commands and 256 bytes of pixels, about 6.2 ms; an expander's read;
the LED strip's bits),
which no factor scales, plus, with flash timing on, FLASH_ERASE_MS for each 4 KiB block
LittleFS erased in it. Each box plays with both hands: bench/app_kernel.py's (its waits counted
in loop iterations) and a quick one (the same actions, their waits taken as the box's ms).

    run(quick)                      prints the section of python -m bench
    ticks(preset, hand, flash_ms)   [(cpu_us, bus_us, erases, flags, collection_us)] of every
                                    tick (the tests': flags are loop_kernel's SLICE ... GC)
"""

import argparse
import json
import pathlib
import sys
import tempfile

from bench import boot_bench
from tools.build.micropython_runtimes import RuntimeMissing, run_unix
from tools.flashing.build import ROOT_FILES, build_image, firmware_version
from tools.flashing.pack import manifest, packed_tree
from tools.flashing.tables import split_tables

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
FIRMWARE = ROOT / "firmware"
FACTOR = 120  # a Pico's time over the unix port's, for a tick's CPU (stated, not calibrated)
# A collection's time on an emulated RP2040 at the menu (docs/performance.md: 5.2 ms, 70 KB
# live): a collection's own factor is this over the run's collection at the menu.
PICO_MENU_COLLECT_US = 5200
FLASH_ERASE_MS = 45  # a 4 KiB sector's erase on a Pico's flash (W25Q16JV: 45 ms typical)
BUDGET_MS = 20.0
HEAP = "512k"  # the unix port's: the firmware, and board_sim in the same VM
BLOCKS = 208  # /data's LittleFS, 832 KiB (a Pico W's is 848 KiB, a Pico's 1408, the firmware's files on it)
SEED = 7
REPEATS = 3  # each match played this many times, each tick's least CPU kept (ticks())
# (box, preset, tiles, the flaps' wiring): board_sim.box's choice, the-300 on two MCP23017
BOXES = (("classic", "classic", 9, None), ("ten", "ten", 10, None),
         ("full-house", "full-house", 12, None), ("the-300", "the-300", 24, "mcp23017"))
KINDS = ("step", "start", "save", "collection", "other")

SLICE, COLLECT, BAND, EXPANDER, LANDED, FLAP, STEP, START, BOUNDS, GC = (1 << bit for bit in range(10))


def _overrides(preset, tiles, wiring):
    """board.json's overrides for a box of `tiles` flaps wired as board_sim.box wires them."""
    from board_sim.box import BoxOptions, pinmap_for

    pinmap = pinmap_for(BoxOptions(preset=preset, tiles=tiles, flap_wiring=wiring))
    return {key: pinmap[key] for key in ("flaps", "leds", "rows") if key in pinmap}


def _lay_out(target, preset, overrides, firmware, board="pico"):
    """The board's files in target as tools/flash.py flashes a Pico (as boot_bench's lay_out),
    with the coach's kernel as native code (here x64, the unix port's: a Pico's is armv6m), a
    board.json naming `board` with `overrides`, config.json: `preset`, 2 players, hints on."""
    board_json = json.dumps({"board": board, "overrides": overrides}).encode()
    image = build_image(boot_bench.BYTECODE, board_json, firmware, arch="x64")
    files = {name: image.pop(name) for name in ROOT_FILES if name in image}
    tables = split_tables(image, boot_bench.BYTECODE, str(target) + "/")
    tree = boot_bench.TREE
    files.update(("%s/%s" % (tree, path), data) for path, data in packed_tree(image).items())
    files["%s/manifest.json" % tree] = manifest(firmware_version(firmware), board_json, tables)
    files["active"] = (tree + "\n").encode()
    files.update((path[1:], data) for path, data in tables.items())
    files["%s/config.json" % tree] = json.dumps({"rules": {"preset": preset}, "players": 2,
                                                 "hints": True}).encode()
    for relative, data in files.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _script(root, image, hand, flash_ms, factor, advances):
    calls = ["import loop_kernel",
             "loop_kernel.prepare(%r, %r, %d, %d)" % (str(root), str(image), BLOCKS, SEED),
             "loop_kernel.boot()",
             "loop_kernel.run(%r, %d, %d, %d, %r)" % (hand, flash_ms, factor, PICO_MENU_COLLECT_US if factor else 0,
                                                      advances and str(advances))]
    return "\n".join(calls) + "\n"


def _simulator(target, stand_ins=("machine", "neopixel", "sim_time"), kernels=("loop_kernel",)):
    """board_sim's package (its devices, the board) and the stand-ins a board's port lacks
    (machine, neopixel, and the board's clock as sim_time; a Pico W's network), with the
    kernels, compiled into target: the port's own framebuf and micropython are C, as on a
    board, not board_sim's."""
    source_root = ROOT / "board_sim"
    for source in sorted(source_root.rglob("*.py")):
        relative = source.relative_to(source_root)
        if relative.parts[0] in ("frontend", "virtual_board", "bridge", "browser"):
            continue
        if relative.parts[0] == "upy":
            if relative.stem not in stand_ins:
                continue
            out, name = target / relative.name, relative.stem
        else:
            out = target / "board_sim" / relative
            name = ".".join(("board_sim",) + relative.with_suffix("").parts).replace(".__init__", "")
        out.parent.mkdir(parents=True, exist_ok=True)
        boot_bench._compile(name, source, out.with_suffix(".mpy"))
    for kernel in kernels:
        boot_bench._compile(kernel, BENCH / (kernel + ".py"), target / (kernel + ".mpy"))


def _run(work, hand, flash_ms, factor, advances=None):
    image = work / "flash.img"
    image.write_bytes(b"\xff" * (BLOCKS * 4096))
    status, out, err = run_unix(_script(work / "board", image, hand, flash_ms, factor, advances),
                                (work / "sim",), heap=HEAP, timeout=1200)
    if status:
        raise RuntimeError("loop_kernel failed:\n%s" % (out + err)[-3000:])
    found = []
    named = {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == "tick":
            found.append(tuple(int(word) for word in words[1:7]))
        elif words and words[0] == "loop":
            named[words[1]] = int(words[2])
    return found, named


def ticks(preset, hand="loops", flash_ms=0, tiles=None, wiring=None, repeats=1, factor=FACTOR,
          firmware=FIRMWARE):
    """(every tick's (cpu_us, bus_us, erases, flags), the kernel's {name: value}) of one match.
    With repeats > 1 the match is played again with the box's clock moved on after each tick
    as in the first run (loop_kernel.run's advances), so the same ticks come again, and each
    tick's CPU is its least over the runs: the machine's other work only ever adds time (on a
    busy machine a tick preempted took 60 times its usual time). factor 0: the box's clock
    moves by the buses' time, the erases' and the loop's sleeps alone (no CPU, no collection's
    time), the same every run (the tests')."""
    with tempfile.TemporaryDirectory(prefix="shutbox-loop-") as work:
        work = pathlib.Path(work)
        board = work / "board"
        _lay_out(board, preset, _overrides(preset, tiles, wiring), firmware)
        _simulator(work / "sim")
        found, named = _run(work, hand, flash_ms, factor)
        if repeats > 1:
            advances = work / "advances"
            advances.write_text("".join("%d\n" % tick[5] for tick in found))
            least = [list(tick) for tick in found]
            for _again in range(repeats - 1):
                again, more = _run(work, hand, flash_ms, factor, advances)
                if [tick[1:4] for tick in again] != [tick[1:4] for tick in found]:
                    raise RuntimeError("loop_kernel: a run again did not tick as the first did")
                for tick, other in zip(least, again, strict=True):
                    tick[0] = min(tick[0], other[0])
                    tick[4] = min(tick[4], other[4])
                named["menu_collect_us"] = min(named["menu_collect_us"], more["menu_collect_us"])
            found = [tuple(tick) for tick in least]
    named["gc_factor"] = PICO_MENU_COLLECT_US / max(1, named["menu_collect_us"])
    return [tick[:5] for tick in found], named


def kind(flags):
    if flags & (COLLECT | GC):
        return "collection"
    if flags & SLICE:
        return "save"
    if flags & START:
        return "start"
    if flags & STEP:
        return "step"
    return "other"


def pico_ms(tick, flash_ms, gc_factor):
    """A tick's time on a Pico, estimated: its CPU times FACTOR, its collection times the
    collector's factor, its bus time, flash_ms a 4 KiB erase."""
    cpu, bus, erases, _flags, collected = tick
    return (cpu * FACTOR + collected * gc_factor + bus + erases * flash_ms * 1000) / 1000


def summary(found, flash_ms, gc_factor):
    """{kind: longest ms}, ticks over the budget, those of them erasing, mean ms, ticks."""
    longest = dict.fromkeys(KINDS, 0.0)
    over = erasing = 0
    total = 0.0
    for tick in found:
        ms = pico_ms(tick, flash_ms, gc_factor)
        total += ms
        which = kind(tick[3])
        longest[which] = max(longest[which], ms)
        if ms > BUDGET_MS:
            over += 1
            erasing += tick[2] > 0
    return longest, over, erasing, total / max(1, len(found)), len(found)


def kernel_breakdown(found):
    """The longest unix CPU (ms) of each kind, and the longest bus time (ms) of any tick."""
    cpu = dict.fromkeys(KINDS, 0.0)
    for tick in found:
        which = kind(tick[3])
        cpu[which] = max(cpu[which], (tick[0] + tick[4]) / 1000)
    return cpu, max((tick[1] for tick in found), default=0) / 1000


def run(quick=False, firmware=FIRMWARE):
    print("\n## The box's own loop (bench/loop_kernel.py): main.py's boot and main.run's loop on the unix port")
    print("(the firmware as flashed for a Pico, 2 players, hints on; board_sim's bus-level devices in the same VM;"
          " /data on LittleFS counting erases; one whole match a row. \"Pico est.\": a tick's unix CPU x %d (a"
          " stated factor, not calibrated here; the stand-ins' own time taken out), its keeper's collection x a"
          " factor of its own (a Pico's %.1f ms at the menu over this run's), then its bus time at 400 kHz I2C and"
          " the LED strip's bits, unscaled, and %d ms a 4 KiB erase when flash timing is on; each tick's least"
          " CPU over %d runs of the same ticks. The unix CPU columns are the breakdown: the kernel's figures,"
          " before any factor)" % (FACTOR, PICO_MENU_COLLECT_US / 1000, FLASH_ERASE_MS, 1 if quick else REPEATS))
    print("| box | hand | flash timing | " + " | ".join("Pico est. longest %s (ms)" % which for which in KINDS)
          + " | ticks over %.0f ms (erasing) | Pico est. mean tick (ms) | ticks | erases | most erases a tick | "
          "save slices beside a band | erases beside a band, a flap answered or the dice landing | " % BUDGET_MS + " | ".join("unix CPU longest %s (ms)" % which for which in KINDS) + " | longest bus time (ms) |")
    print("|---" * (11 + 2 * len(KINDS)) + "|")
    boxes = BOXES[:1] if quick else BOXES
    for name, preset, tiles, wiring in boxes:
        for hand in ("loops",) if quick else ("loops", "quick"):
            for flash_ms in (0, FLASH_ERASE_MS):
                if quick and flash_ms:
                    continue
                try:
                    found, named = ticks(preset, hand, flash_ms, tiles, wiring, 1 if quick else REPEATS,
                                         firmware=firmware)
                except RuntimeMissing as missing:
                    print("(skipped: %s)" % missing)
                    return
                longest, over, erasing, mean, count = summary(found, flash_ms, named["gc_factor"])
                cpu, bus = kernel_breakdown(found)
                beside = sum(1 for tick in found if tick[3] & SLICE and tick[3] & BAND)
                felt = sum(1 for tick in found if tick[2] and tick[3] & (BAND | FLAP | LANDED))
                print("| %s | %s | %s | %s | %d (%d) | %.2f | %d | %d | %d | %d | %d | %s | %.1f |" % (
                    name, "app_kernel's (loop iterations)" if hand == "loops" else "quick (the box's ms)",
                    "on" if flash_ms else "off", " | ".join("%.1f" % longest[which] for which in KINDS),
                    over, erasing, mean, count, named.get("erases", 0), max(tick[2] for tick in found), beside, felt,
                    " | ".join("%.3f" % cpu[which] for which in KINDS), bus))
    print("Kinds: a slice of the keeper's work (save), its collection or any other collection of the heap"
          " (collection), a slice of the coach's programme (step) or its start (start), any other tick (other)."
          " Hands: bench/app_kernel.py's, its waits counted in loop iterations of 5 ms; a quick one, the same"
          " actions with their waits taken as the box's ms. Goals (issue 45): no tick over %.0f ms but one that"
          " erases a block (then at most 65 ms), at most one erase a tick." % BUDGET_MS)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="classic alone, one hand, flash timing off")
    parser.add_argument("--firmware", type=pathlib.Path, default=FIRMWARE,
                        help="another firmware/ to measure (an earlier commit's: git archive)")
    args = parser.parse_args(argv)
    run(args.quick, args.firmware)
    return 0


if __name__ == "__main__":
    sys.exit(main())
