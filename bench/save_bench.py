"""The keeper's saves on LittleFS, the match's file beside the menu's and the statistics' (as
before /data/play/) and alone in its folder (app.keeper_save's match_file), side by side in one
run: each step of a save (open, write, close, read-back, rename), its longest time on the unix
port and the most bytes LittleFS read from the flash in it (bench/save_kernel.py: MicroPython's
own LittleFS, formatted as a Pico's flash, on the virtual board's block device, board_sim/
virtual_board/lfs_image.py). The bytes read do not depend on the machine, and they are the comparison: a single step's time on the unix port moves from run to
run (on a Pico, reading the bytes is most of a step's time: the emulated RP2040's figures are
in docs/performance.md).

    python -m bench.save_bench [--quick]
"""

import argparse
import pathlib
import tempfile

from tools.build.micropython_runtimes import RuntimeMissing, run_unix

BENCH = pathlib.Path(__file__).resolve().parent
FIRMWARE = BENCH.parent / "firmware"
VIRTUAL_BOARD = BENCH.parent / "board_sim" / "virtual_board"  # its block device (lfs_image)
_BLOCKS = 128  # the flash: 512 KiB of 4 KiB blocks


def figures(saves):
    """{(folder, step): (longest µs, most bytes read)} from the unix port."""
    with tempfile.NamedTemporaryFile(suffix=".img") as image:
        image.write(b"\xff" * (_BLOCKS * 4096))  # an erased flash
        image.flush()
        status, out, err = run_unix("import save_kernel\nsave_kernel.run(%d, %r, %d)\n" % (saves, image.name, _BLOCKS),
                                    (FIRMWARE, BENCH, VIRTUAL_BOARD))
    if status:
        raise SystemExit("save_kernel failed:\n%s" % (out + err)[-2000:])
    found = {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == "save":
            found[words[1], words[2]] = (int(words[3]), int(words[4]))
    return found


def run(quick=False):
    saves = 20 if quick else 200
    print("\n## The keeper's saves on LittleFS (the match saved %d times; MicroPython's LittleFS as a"
          " Pico formats it, on the virtual board's block device, on the unix port)" % saves)
    try:
        found = figures(saves)
    except RuntimeMissing as missing:
        print("(skipped: %s)" % missing)
        return
    print("| step | match beside the other files: longest, unix ms | alone in its folder, unix ms |"
          " bytes read, beside | bytes read, alone | bytes, beside/alone |")
    print("|---|---|---|---|---|---|")
    for step in ("open", "write", "close", "read-back", "rename"):
        shared_us, shared_read = found["shared", step]
        own_us, own_read = found["own", step]
        print("| %s | %.2f | %.2f | %d | %d | %.1fx |" % (
            step, shared_us / 1000, own_us / 1000, shared_read, own_read, shared_read / max(own_read, 1)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.save_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="20 saves, not 200")
    run(parser.parse_args(argv).quick)


if __name__ == "__main__":
    main()
