"""A cable cut in the middle of a flash (the board loses power there) leaves a board that
boots the old or the new firmware, whole, and a second flash then completes."""


import pytest

from board_sim.virtual_board import VirtualBoard
from board_sim.virtual_board.cable import Cable
from tools.flashing.build import FIRMWARE, FlashError
from tools.flashing.device import Board
from tools.flashing.flash import flash

pytestmark = pytest.mark.micropython

CUT_FRACTIONS = (0.1, 0.35, 0.6, 0.85, 0.98)


def quiet(_message):
    pass


def make_version(firmware, version):
    """Change the firmware copy in two modules, so a flash sends more than one file."""
    (firmware / "version.py").write_text('"""Test copy."""\n\nVERSION = "%s"\n' % version)
    tiles = (FIRMWARE / "game" / "tiles.py").read_text()
    (firmware / "game" / "tiles.py").write_text(tiles + '\n_FLASHED_AS = "%s"\n' % version)


def booted_version(url):
    """The version the board's self-test reports after a soft reset (boot.py picks the tree)."""
    board = Board(url)
    try:
        output = board.soft_reset_and_run("import selftest\nselftest.main()")
    finally:
        board.close()
    last = output.strip().splitlines()[-1]
    assert last.startswith("shutbox selftest ok "), output
    return last.split()[-1]


def test_cut_during_the_first_flash_then_a_flash_completes(tmp_path, firmware):
    make_version(firmware, "first")
    with VirtualBoard(tmp_path / "board") as board:
        with Cable(board, cut_at=20000) as cable, pytest.raises(FlashError):
            flash(cable.url, firmware_dir=firmware, log=quiet)
        assert cable.cut
        report = flash(board.url, firmware_dir=firmware, log=quiet)
        assert report.selftest == "shutbox selftest ok first"


def test_cut_at_any_point_boots_old_or_new_and_reflash_completes(tmp_path, firmware):
    with VirtualBoard(tmp_path / "board") as board:
        for warm_up in ("v0", "v1"):  # both trees filled: each flash now sends two files
            make_version(firmware, warm_up)
            flash(board.url, firmware_dir=firmware, log=quiet)
        make_version(firmware, "v2")
        with Cable(board) as whole_cable:
            flash(whole_cable.url, firmware_dir=firmware, log=quiet)
        flash_bytes = whole_cable.host_bytes
        old = "v2"
        interrupted = 0
        for index, fraction in enumerate(CUT_FRACTIONS):
            new = "cut%d" % index
            make_version(firmware, new)
            with Cable(board, cut_at=int(flash_bytes * fraction)) as cable:
                try:
                    flash(cable.url, firmware_dir=firmware, log=quiet)
                except FlashError:
                    interrupted += 1
            assert booted_version(board.url) in (old, new), fraction
            report = flash(board.url, firmware_dir=firmware, log=quiet)
            assert report.selftest == "shutbox selftest ok %s" % new
            old = new
        assert interrupted >= len(CUT_FRACTIONS) - 1  # the last cut may fall after the flash
