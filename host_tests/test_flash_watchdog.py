"""Flashing a playing box is safe from its watchdog (the virtual board's is rp2's: a soft reset
leaves it running, nothing stops it but a hard reset): the flasher restarts the board into its
maintenance start, where nothing arms it, and after the flash the box plays again with its
watchdog on; a box that hangs in play is still reset. Tested with main.py's 8 s watchdog and a
2 s one (a firmware copy with its _WATCHDOG_MS changed)."""

import re
import time

import pytest

from board_sim.virtual_board import VirtualBoard
from tools.flashing.device import Board
from tools.flashing.flash import flash
from tools.flashing.pack import PACK
from tools.flashing.start import MAINTENANCE

pytestmark = pytest.mark.micropython

# Only a bound on waiting for what the board does next (it boots in well under a second when
# the machine is idle): a test that meets its condition earlier goes on at once.
_GIVE_UP_S = 120
_POLL_S = 0.05


def quiet(_message):
    pass


def until(condition, what):
    """Wait until condition() holds; fail naming `what` after _GIVE_UP_S."""
    give_up = time.monotonic() + _GIVE_UP_S
    while not condition():
        if time.monotonic() > give_up:
            pytest.fail("the virtual board never got there: %s" % what)
        time.sleep(_POLL_S)


def with_watchdog(firmware, timeout_ms, version):
    main = firmware / "main.py"
    source, count = re.subn(r"_WATCHDOG_MS = const\(\d+\)", "_WATCHDOG_MS = const(%d)" % timeout_ms,
                            main.read_text())
    assert count == 1
    main.write_text(source)
    (firmware / "version.py").write_text('"""A test copy."""\n\nVERSION = "%s"\n' % version)
    return firmware


def playing(board, main_starts, timeout_ms):
    """main.py has started since `main_starts` and armed its watchdog."""
    return board.main_starts > main_starts and board.watchdog_ms == timeout_ms


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
        flash(board.url, firmware_dir=with_watchdog(firmware, 2000, "1.0.0"), log=quiet)
        until(lambda: playing(board, 0, 2000), "the box plays after its flash")
        started = board.main_starts
        Board(board.url).close()  # Ctrl-C: main.py's loop stops, nothing feeds the watchdog
        until(lambda: board.watchdog_resets == 1, "the watchdog resets the hung box")
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
