"""The keeper's saves of the match on LittleFS in the two schemes side by side, each on a flash of
its own: before issue 45's slots (a `.new` made, written, closed, read back, renamed over the
file: three LittleFS commits a save) and now (hal.storage's two slots, the older written over
in place: one commit, the close); a match of 400 bytes (within LittleFS's inline size) and of
1,400 (bench/save_kernel.py's SIZES). Over all the saves: the blocks erased (each 45 ms of a
Pico's) and the block reads; each step of a save (open, write, close, read-back, rename), its
longest time on the unix port, the most bytes and block reads LittleFS made in it, and the
blocks it erased (bench/save_kernel.py: MicroPython's own LittleFS, formatted as a Pico's flash,
on the virtual board's block device, board_sim/virtual_board/lfs_image.py). The counts do not
depend on the machine, and they are the comparison: a single step's time on the unix port
moves from run to run.

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
    """({(scheme, match bytes, step): (longest µs, most bytes read, most block reads, blocks
    erased)}, {(scheme, match bytes): (saves, erases, block reads, bytes read, steps)}) from the
    unix port."""
    with tempfile.NamedTemporaryFile(suffix=".img") as image:
        image.write(b"\xff" * (_BLOCKS * 4096))  # an erased flash
        image.flush()
        status, out, err = run_unix("import save_kernel\nsave_kernel.run(%d, %r, %d)\n" % (saves, image.name, _BLOCKS),
                                    (FIRMWARE, BENCH, VIRTUAL_BOARD))
    if status:
        raise SystemExit("save_kernel failed:\n%s" % (out + err)[-2000:])
    steps = {}
    totals = {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == "save":
            steps[words[1], int(words[2]), words[3]] = tuple(int(word) for word in words[4:8])
        elif words and words[0] == "saves":
            totals[words[1], int(words[2])] = tuple(int(word) for word in words[3:8])
    return steps, totals


def run(quick=False):
    saves = 20 if quick else 200
    print("\n## The keeper's saves on LittleFS (the match saved %d times, before issue 45's slots and"
          " now; MicroPython's LittleFS as a Pico formats it, on the virtual board's block device, on"
          " the unix port)" % saves)
    try:
        steps, totals = figures(saves)
    except RuntimeMissing as missing:
        print("(skipped: %s)" % missing)
        return
    print("| scheme | match bytes | saves | commits a save | blocks erased | erases a save | block reads |"
          " bytes read | steps |")
    print("|---|---|---|---|---|---|---|---|---|")
    for scheme, match_bytes in sorted(totals, key=lambda key: (key[1], key[0])):
        commits = 3 if scheme == "one-file" else 1
        count, erases, reads, read_bytes, steps_run = totals[scheme, match_bytes]
        print("| %s | %d | %d | %d | %d | %.2f | %d | %d | %d |" % (
            scheme, match_bytes, count, commits, erases, erases / count, reads, read_bytes, steps_run))
    print("(commits a save: LittleFS's of the match's file, the `.new` made, closed and renamed;"
          " a slot, already there, closed. %d bytes: within LittleFS's inline size, the file's data"
          " kept in its folder's metadata; %d: a block of its own, written afresh each save)"
          % (min(key[1] for key in totals), max(key[1] for key in totals)))
    largest = max(key[1] for key in totals)
    print("\n| step | scheme | longest, unix ms | most bytes read | most block reads | blocks erased |")
    print("|---|---|---|---|---|---|")
    for step in ("open", "write", "close", "read-back", "rename"):
        for scheme in ("one-file", "slots"):
            if (scheme, largest, step) in steps:  # (the slots rename nothing)
                longest, most_bytes, most_reads, erased = steps[scheme, largest, step]
                print("| %s | %s | %.2f | %d | %d | %d |" % (step, scheme, longest / 1000, most_bytes, most_reads, erased))
    print("(each step of the saves of a %d-byte match)" % largest)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.save_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="20 saves, not 200")
    run(parser.parse_args(argv).quick)


if __name__ == "__main__":
    main()
