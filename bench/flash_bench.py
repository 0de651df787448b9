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
    print("flash: firmware .mpy total %d bytes (%d files sent on a fresh board)"
          % (full.compiled_bytes, len(full.sent)))
    for name, report in (("full flash", full), ("one-file change", one_file),
                         ("no-change re-flash", unchanged)):
        print("flash: %-18s %5.2f s  %7d bytes sent to the board  %2d files sent"
              % (name, report.seconds, report.bytes_sent, len(report.sent)))
    print("flash: no-change re-flash takes %.0f%% of a full flash"
          % (100 * unchanged.seconds / full.seconds))


if __name__ == "__main__":
    main()
