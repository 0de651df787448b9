"""The firmware's own main.py on the simulated board: the App hangs in the middle of a turn,
the hardware watchdog (machine.WDT, fed by main.py's loop) resets the board, and main.py boots
again from the same flash and flaps and resumes the turn where its last save left it."""

import runpy
import shutil
import sys

import pytest

from board_sim.board import WDT_RESET, MachineReset, SimBoard
from board_sim.box import FIRMWARE, BoxOptions, pinmap_for
from board_sim.install import install, uninstall

POLL_MS = 100


class Stop(BaseException):  # noqa: N818 (not an error: the test has seen what it needs)
    """Ends a boot of main.py (whose loop never returns) once the test has looked."""


def every(board, ms, callback):
    """Run callback() every ms of simulated time, from the firmware's own loop (a Timer)."""
    from machine import Timer

    Timer(-1, period=ms, callback=lambda _timer: callback())
    return board


def boot_main(board, driver, apps):
    """Power the board on: main.py runs until the board resets or the driver stops it; the
    App it builds is appended to apps (main.py keeps it in a local variable)."""
    install(board)
    import app.core
    import app.keeper

    app_class = app.core.App
    build, tick, directory = app_class.__init__, app_class.tick, app.keeper.DIRECTORY
    try:
        app.keeper.DIRECTORY = str(board_flash_data())  # the board's /data/, on the host

        def build_and_note(self, *arguments, **options):
            build(self, *arguments, **options)
            apps.append(self)

        app_class.__init__ = build_and_note
        every(board, POLL_MS, driver)
        runpy.run_path("main.py", run_name="__main__")  # as the board runs it
    finally:
        app_class.__init__, app_class.tick, app.keeper.DIRECTORY = build, tick, directory
        sys.modules.pop("main", None)
        uninstall()


def board_flash_data():
    import os

    return os.path.join(os.getcwd(), "data")


def turn_state(view):
    turn = view.turn
    return (view.player, turn.open_mask, turn.rolls, turn.total, bytes(turn.dice[:turn.dice_count]),
            list(view.match.totals))


@pytest.fixture
def board_files(tmp_path, monkeypatch):
    """The firmware as a board's flash holds it, as the current directory."""
    root = tmp_path / "flash"
    shutil.copytree(FIRMWARE, root)
    (root / "data").mkdir()  # powered on before: its first power-on would open the input check
    monkeypatch.chdir(root)
    monkeypatch.syspath_prepend(str(root))
    for name in [name for name in sys.modules if name == "main"]:
        del sys.modules[name]
    return root


def test_a_hang_mid_turn_is_reset_by_the_watchdog_and_the_turn_resumes(board_files):
    board = SimBoard.from_pinmap(pinmap_for(BoxOptions()), seed=7)
    seen = {}
    apps = []

    def play_then_hang():
        from app.core import MENU, PLAY, SETUP
        from app.view import View
        from game.turn import AWAIT_MOVE, AWAIT_ROLL

        app = apps[-1]
        view = View(app)
        if board.now_ms > 120000:
            raise Stop("no second roll in two minutes: phase %d" % view.phase)
        if view.phase == MENU and not seen.get("started"):
            seen["started"] = True
            board.press("ok", 1000)
        elif (view.phase == SETUP and view.waits_for_ok()
              and board.now_ms - seen.get("ok to play", -2000) >= 1500):
            seen["ok to play"] = board.now_ms  # every turn, the first too, waits for ok
            board.press("ok")
        elif view.phase == PLAY and view.roller.state == 0 and not (view.must_open or view.must_shut):
            turn = view.turn
            from app.keeper import under_way

            saving = under_way(app.keeper)  # a save takes a slice a tick
            if turn.state == AWAIT_MOVE and turn.moves_made >= 1 and saving:
                pass  # the second roll has landed: wait for its save
            elif turn.state == AWAIT_MOVE and turn.moves_made >= 1 and "hung" not in seen:
                seen["hung"] = turn_state(view)  # the second roll has landed and is saved: now hang

                def hang(_app, _now_ms):
                    import time

                    while True:
                        time.sleep_ms(50)

                type(app).tick = hang
            elif turn.state == AWAIT_MOVE:
                board.flip_flap(view.legal.bit_length())  # shut the highest lit tile
            elif turn.state == AWAIT_ROLL and board.now_ms - seen.get("pressed", -1000) >= 1000:
                seen["pressed"] = board.now_ms
                board.press("ok")

    with pytest.raises(MachineReset):
        boot_main(board, play_then_hang, apps)
    assert "hung" in seen and board.reset_cause == WDT_RESET and len(board.wdt_resets) == 1
    hung_at = board.wdt_resets[0]

    def look_then_stop():
        from app.view import View

        if board.now_ms - hung_at >= 600:
            view = View(apps[-1])
            seen["resumed"] = turn_state(view)
            seen["phase"] = view.phase
            seen["faults"] = list(view.faults)
            raise Stop()

    with pytest.raises(Stop):
        boot_main(board, look_then_stop, apps)
    from app.core import PLAY

    assert len(apps) == 2 and seen["resumed"] == seen["hung"] and seen["phase"] == PLAY and seen["faults"] == []
    assert list((board_files / "data" / "play").glob("match.[01]"))  # (hal.storage's slots)
