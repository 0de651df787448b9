"""docs/flashing.md's "The room a flash takes" says what a flash takes of a Pico W's LittleFS:
its figures are the ones a flash of this firmware onto the virtual board's Pico W (a LittleFS
image of the real 848 KiB, counted as statvfs counts it) gives, the first copy and the second."""

import pathlib
import re
import shutil

import pytest

from board_sim.virtual_board import VirtualBoard
from tools.flashing.build import FIRMWARE
from tools.flashing.device import free_bytes_at
from tools.flashing.flash import flash

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLASHING = ROOT / "docs" / "flashing.md"
KIB = 1024


def stated(pattern):
    found = re.findall(pattern, FLASHING.read_text())
    assert len(found) == 1, "docs/flashing.md: %r stated %d times" % (pattern, len(found))
    return found[0]


def table():
    """{row's first words: (used KiB, free KiB)} of the page's table of a Pico W's room."""
    rows = re.findall(r"^\| ([^|]+?) \| (\d+) KiB \| (\d+) KiB \|$", FLASHING.read_text(), re.M)
    return {what: (int(used), int(free)) for what, used, free in rows}


def test_the_pages_table_adds_up_to_a_pico_ws_filesystem():
    rows = table()
    assert len(rows) == 4, rows
    assert {used + free for used, free in rows.values()} == {848}
    empty, first, started, second = rows.values()
    assert first[0] - empty[0] == int(stated(r"a first flash takes \*\*(\d+) KiB\*\*"))
    assert second[0] - started[0] == int(stated(r"another \*\*(\d+) KiB\*\*"))


@pytest.mark.micropython
def test_a_first_and_a_second_flash_take_what_the_page_says(tmp_path):
    firmware = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    with VirtualBoard(tmp_path / "board", board="pico_w", fs_image="pico_w") as board:
        empty = free_bytes_at(board.url)
        first = flash(board.url, "pico_w", firmware_dir=firmware, log=lambda _message: None)
        version = firmware / "version.py"  # a one-file change: a second tree beside the first
        version.write_text(version.read_text().replace('VERSION = "', 'VERSION = "second-'))
        before_second = free_bytes_at(board.url)  # the box has started: /data/ is made
        second = flash(board.url, "pico_w", firmware_dir=firmware, log=lambda _message: None)
    assert first.free_bytes is not None and second.free_bytes is not None
    rows = list(table().values())
    assert empty // KIB == rows[0][1]
    assert first.free_bytes // KIB == rows[1][1]
    assert (empty - first.free_bytes) // KIB == int(stated(r"a first flash takes \*\*(\d+) KiB\*\*"))
    assert (before_second - second.free_bytes) // KIB == int(stated(r"another \*\*(\d+) KiB\*\*"))
