"""Flash figures on the virtual board, each board's real LittleFS (an image of its size): what a
flashed copy of the firmware takes on each board's filesystem and the headroom left beside two
copies (a flash stages the new copy beside the running one); the time of a full flash, a
one-file change and a no-change re-flash, each with its self-test.

    python -m bench.flash_bench [--quick] [--firmware DIR]   (DIR: another firmware tree, to
                                                               compare before and after)
"""

import argparse
import pathlib
import shutil
import tempfile

from board_sim.virtual_board import FS_IMAGES, VirtualBoard
from tools.flashing.build import FIRMWARE
from tools.flashing.device import free_bytes_at
from tools.flashing.flash import DATA_RESERVE_BYTES, flash
from tools.flashing.pack import PACK

KIB = 1024


def _quiet(_message):
    pass


def _flashes(board, firmware, unchanged_too):
    """(free before, full flash, no-change re-flash or None, one-file change) on a fresh board:
    the one-file change stages a second copy beside the first."""
    before = free_bytes_at(board.url)
    full = flash(board.url, board.board, firmware_dir=firmware, log=_quiet)
    unchanged = flash(board.url, board.board, firmware_dir=firmware, log=_quiet) if unchanged_too else None
    version_file = firmware / "version.py"
    version_file.write_text(version_file.read_text().replace('VERSION = "', 'VERSION = "bench-'))
    one_file = flash(board.url, board.board, firmware_dir=firmware, log=_quiet)
    return before, full, unchanged, one_file


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python bench/flash_bench.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the Pico W's filesystem only")
    parser.add_argument("--firmware", default=str(FIRMWARE), help="the firmware tree to flash")
    args = parser.parse_args(argv)
    boards = ("pico_w",) if args.quick else ("pico", "pico_w", "esp32_devkit")
    filesystems = []
    with tempfile.TemporaryDirectory() as work:
        firmware = pathlib.Path(work) / "firmware"
        shutil.copytree(args.firmware, firmware, ignore=shutil.ignore_patterns("__pycache__"))
        for name in boards:
            with VirtualBoard(pathlib.Path(work) / name, board=name, fs_image=name) as board:
                flashes = _flashes(board, firmware, unchanged_too=name == "pico_w")
            if name == "pico_w":
                _before, full, unchanged, one_file = flashes
            filesystems.append((name, FS_IMAGES[name][0], flashes[0], flashes[1].free_bytes,
                                flashes[3].free_bytes))
    print("\n## Flash: the firmware on each board's filesystem (LittleFS images of their real size)")
    print("| board | LittleFS | free when empty | one flashed copy takes | free with one copy | "
          "free with two copies | left beside two copies, less the %d KiB reserve |"
          % (DATA_RESERVE_BYTES // KIB))
    print("|---|---|---|---|---|---|---|")
    for name, size, before, one, two in filesystems:
        print("| %s | %d KiB | %d KiB | %d KiB | %d KiB | %d KiB | %d KiB |" % (
            name, size // KIB, before // KIB, (before - one) // KIB, one // KIB, two // KIB,
            (two - DATA_RESERVE_BYTES) // KIB))
    print("(a copy: the tree (main.py, packfs.mpy, the JSON files and %s, the modules' pack) in 4 "
          "KiB blocks as statvfs counts them, plus boot.py, /active and the generated tables "
          "(/table_*.bin), which both copies share; two copies: a one-file change flashed beside "
          "the first)" % PACK)
    print("\n## Flashing the virtual Pico W (tools/flash.py over mpremote's transport, real MicroPython)")
    print("| flash | seconds | bytes over the cable | files sent | files copied on the board | vs a full flash |")
    print("|---|---|---|---|---|---|")
    for name, report in (("full, fresh board", full), ("one file changed", one_file),
                         ("nothing changed", unchanged)):
        print("| %s | %.2f | %d | %d | %d | %.0f%% |" % (
            name, report.seconds, report.bytes_sent, len(report.sent), len(report.copied),
            100 * report.seconds / full.seconds))
    print("(flashed firmware: %d bytes of .mpy in %d modules, packed in one file, %s, which a "
          "changed module sends again whole; files sent: %s)"
          % (full.compiled_bytes, full.compiled_files, PACK,
             "; ".join("%s: %s" % (name, ", ".join(report.sent) or "none")
                       for name, report in (("full", full), ("one file changed", one_file),
                                            ("nothing changed", unchanged)))))


if __name__ == "__main__":
    main()
