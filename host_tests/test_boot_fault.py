"""A box whose flap switches cannot be read (a bad flaps section in board.json, a bank that does
not answer) says why and stays there: main.py, booted on the simulated board, shows the
message on the OLED (when the display's own config is usable) and prints it on the REPL as
one line, feeding the watchdog so the board does not reset; no traceback, no reboot loop."""

import importlib
import json
import pathlib

import pytest
from test_watchdog_resume import Stop, board_files, boot_main  # noqa: F401 (board_files: a fixture)

from board_sim.board import SimBoard
from board_sim.box import FIRMWARE, BoxOptions, pinmap_for
from board_sim.frontend.oled import text_lines
from tools.flashing.build import compile_module
from tools.flashing.flash import INLINE_BYTES

pytestmark = pytest.mark.usefixtures("board_files")  # the firmware as a board's flash: the cwd
WATCHED_MS = 30000  # well past the 8 s watchdog

EIGHT_FLAPS = {"flaps": [{"type": "gpio", "pins": [6, 7, 8, 9, 10, 11, 12, 13]}]}
ABSENT_EXPANDER = {"flaps": [{"type": "mcp23017", "address": 0x27, "count": 9}]}


def boot_with(overrides):
    """Boot main.py with these board.json overrides for WATCHED_MS: (board, OLED text)."""
    pathlib.Path("board.json").write_text(json.dumps({"board": "pico", "overrides": overrides}))
    board = SimBoard.from_pinmap(pinmap_for(BoxOptions()), seed=3)
    seen = {}

    def look_then_stop():
        if board.now_ms >= WATCHED_MS:
            seen["oled"] = text_lines(board.display_pixels())
            raise Stop()

    with pytest.raises(Stop):
        boot_main(board, look_then_stop, [])
    return board, seen["oled"]


@pytest.mark.parametrize(("overrides", "message"), [
    (EIGHT_FLAPS, "flaps: 8 a row (8 switches, rows: 1); every game needs at least 9 tiles a row"),
    (ABSENT_EXPANDER, "flaps: cannot read the flap switches (OSError: [Errno 5] EIO)"),
], ids=["8-flaps-a-row", "expander-not-answering"])
def test_flaps_that_cannot_be_read_are_shown_on_the_oled_and_the_repl_without_a_reboot(
        capsys, overrides, message):
    board, oled = boot_with(overrides)
    assert board.wdt_resets == [] and board.watchdog_deadline_us is not None  # started and fed
    assert oled[0] == "FAULT"
    assert " ".join(line for line in oled[1:] if line) == message
    out = capsys.readouterr().out
    assert out.splitlines() == ["shutbox cannot start: " + message]
    assert "Traceback" not in out


def test_with_the_displays_own_config_unusable_the_repl_still_says_why(capsys):
    overrides = dict(EIGHT_FLAPS, display={"address": 0x3D})  # nothing answers there
    board, oled = boot_with(overrides)
    assert board.wdt_resets == []
    assert not any(oled)
    assert capsys.readouterr().out.splitlines() == [
        "shutbox cannot start: flaps: 8 a row (8 switches, rows: 1); every game needs at least 9 tiles a row"]


def test_any_other_boot_error_is_raised_as_before(monkeypatch):
    # The module as sys.modules holds it, which boot imports from: another test may have left
    # the app package without its attribute (a fresh package, the module kept).
    settings = importlib.import_module("app.settings")

    def broken():
        raise RuntimeError("a bug at boot")

    monkeypatch.setattr(settings, "load_settings", broken)
    board = SimBoard.from_pinmap(pinmap_for(BoxOptions()), seed=3)
    with pytest.raises(RuntimeError, match="a bug at boot"):
        boot_main(board, lambda: None, [])


def test_the_module_takes_no_flash_block_of_a_pico():
    compiled = compile_module(FIRMWARE / "app" / "boot_fault.py", "app/boot_fault.py", "6.3")
    assert len(compiled) <= INLINE_BYTES["rp2"]  # kept in LittleFS's metadata: a Pico W is full
