"""Flash figures on the virtual board: the size of the flashed firmware (.mpy bytes) and the
time of a full flash, a one-file change and a no-change re-flash, each with its self-test."""

import pathlib
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from board_sim.virtual_board import VirtualBoard  # noqa: E402
from tools.flash import flash  # noqa: E402
from tools.flash_build import FIRMWARE  # noqa: E402


def _quiet(_message):
    pass


def main():
    with tempfile.TemporaryDirectory() as work:
        firmware = pathlib.Path(work) / "firmware"
        shutil.copytree(FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
        with VirtualBoard(pathlib.Path(work) / "board", lifetime_s=120) as board:
            full = flash(board.url, firmware_dir=firmware, log=_quiet)
            unchanged = flash(board.url, firmware_dir=firmware, log=_quiet)
            version_file = firmware / "version.py"
            version_file.write_text(version_file.read_text().replace('VERSION = "', 'VERSION = "bench-'))
            one_file = flash(board.url, firmware_dir=firmware, log=_quiet)
    print("\n## Flashing the virtual board (tools/flash.py over mpremote's transport, real MicroPython)")
    print("| flash | seconds | bytes over the cable | files sent | files copied on the board | vs a full flash |")
    print("|---|---|---|---|---|---|")
    for name, report in (("full, fresh board", full), ("one file changed", one_file),
                         ("nothing changed", unchanged)):
        print("| %s | %.2f | %d | %d | %d | %.0f%% |" % (
            name, report.seconds, report.bytes_sent, len(report.sent), len(report.copied),
            100 * report.seconds / full.seconds))
    print("(flashed firmware: %d bytes of .mpy in %d files)" % (full.compiled_bytes, len(full.sent)))

if __name__ == "__main__":
    main()
