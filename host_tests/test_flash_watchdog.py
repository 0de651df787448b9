"""Flashing a playing box is safe from its watchdog (the virtual board's is rp2's: a soft reset
leaves it running, nothing stops it but a hard reset): the flasher restarts the board into its
maintenance start, where nothing arms it, and after the flash the box plays again with its
watchdog on; a box that hangs in play is still reset. Tested with main.py's 8 s watchdog and a
2 s one (a firmware copy with its _WATCHDOG_MS changed)."""

import pytest
from virtual_box import hanging_on_request, playing, quiet, until, with_watchdog

from board_sim.virtual_board import VirtualBoard
from tools.flashing.flash import flash
from tools.flashing.pack import PACK
from tools.flashing.start import MAINTENANCE

pytestmark = pytest.mark.micropython


@pytest.mark.parametrize("timeout_ms", [8000, 2000])
def test_a_playing_box_is_flashed_in_its_maintenance_start_and_plays_again(tmp_path, firmware,
                                                                            timeout_ms):
    with VirtualBoard(tmp_path / "board", board="pico_w", fs_image="pico_w") as board:
        flash(board.url, firmware_dir=with_watchdog(firmware, timeout_ms, "1.0.0"), log=quiet)
        until(lambda: playing(board, 0, timeout_ms), "the box plays after its first flash")
        started = board.main_starts
        report = flash(board.url, firmware_dir=with_watchdog(firmware, timeout_ms, "1.0.1"),
                       log=quiet)
        assert PACK in report.sent  # the long transfer: the whole pack again
        assert report.selftest == "shutbox selftest ok 1.0.1"
        assert board.watchdog_resets == 0
        until(lambda: playing(board, started, timeout_ms), "the box plays after the update")
        assert not (board.fs_dir / MAINTENANCE.strip("/")).exists()


def test_a_box_that_hangs_in_play_is_still_reset_by_its_watchdog(tmp_path, firmware):
    with VirtualBoard(tmp_path / "board") as board:
        flash(board.url, firmware_dir=hanging_on_request(with_watchdog(firmware, 2000, "1.0.0")),
              log=quiet)
        until(lambda: playing(board, 0, 2000), "the box plays after its flash")
        started = board.main_starts
        (board.fs_dir / "hang").touch()  # the App hangs in a tick: nothing feeds the watchdog
        until(lambda: board.watchdog_resets == 1, "the watchdog resets the hung box")
        (board.fs_dir / "hang").unlink()
        until(lambda: playing(board, started, 2000), "the box plays after the watchdog's reset")
        assert board.hard_resets == 2  # the flash's last (a fresh board: no maintenance start
        # needed, nothing ran) and the watchdog's


def test_a_cable_cut_in_the_maintenance_start_boots_the_box_as_usual(tmp_path, firmware):
    with VirtualBoard(tmp_path / "board") as board:
        flash(board.url, firmware_dir=with_watchdog(firmware, 2000, "1.0.0"), log=quiet)
        until(lambda: playing(board, 0, 2000), "the box plays after its flash")
        (board.fs_dir / MAINTENANCE.strip("/")).mkdir()  # as a flash cut short leaves it
        started = board.main_starts
        board.cut_power()
        until(lambda: playing(board, started, 2000), "the box plays after the power-on")
        assert not (board.fs_dir / MAINTENANCE.strip("/")).exists()
