"""The terminal front end: keys become box events, a game played there replays to the same log,
and `python -m board_sim` starts, draws and reacts to a key in a real terminal (tmux)."""

import json
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.terminal import (
    MIN_HEIGHT,
    MIN_WIDTH,
    PANEL_WIDTH,
    Terminal,
    colour_index,
    key_event,
    letter_for,
    side_panel,
    tile_label,
    too_small,
    unscaled,
)
from board_sim.script import run_script
from board_sim.script_log import BoxLog
from board_sim.script_player import BoxPlayer

ROOT = pathlib.Path(__file__).resolve().parent.parent
GIVE_UP_S = 120  # a bound on waiting for the terminal (a busy machine may take long), not a timing


@pytest.mark.parametrize("key, event", [
    ("1", (0, "flip", (1,))), ("9", (0, "flip", (9,))), ("a", (0, "flip", (10,))),
    ("C", (0, "flip", (12,))), ("d", (0, "flip", (13,))), ("o", (0, "flip", (24,))),
    ("s", (0, "shake", 1200)), ("t", (0, "tap",)), ("z", (0, "press", "select", False)),
    ("X", (0, "press", "ok", True)), ("\n", (0, "press", "ok", False)),
])
def test_keys_on_a_24_tile_box_are_on_every_keyboard_layout(key, event):
    """Digits and letters, no shifted symbols (issue 29: Shift+3 is not # everywhere)."""
    assert key_event(key, 0, 24) == event


def test_every_tiles_key_is_unshifted_on_any_layout_and_no_other_keys():
    from board_sim.frontend.terminal import TILE_KEYS

    assert len(TILE_KEYS) == 24 and TILE_KEYS.isalnum() and TILE_KEYS == TILE_KEYS.lower()
    for key in TILE_KEYS:
        assert key_event(key, 0, 24)[1] == "flip"
    for key in "0-=!#+ ":
        assert key_event(key, 0, 24) in (None, (0, "shake", 250))


def test_tile_keys_beyond_the_box_and_other_rows():
    assert key_event("a", 0, 9) is None
    assert key_event("3", 1, 9) == (0, "flip", (12,))


class Screen80x24:
    """What Terminal.draw writes on, read back as lines."""

    def __init__(self):
        self.lines = [" " * 80 for _ in range(24)]

    def erase(self):
        pass

    def getmaxyx(self):
        return 24, 80

    def addstr(self, y, x, text, attributes=0):
        assert x + len(text) <= 80 and (y, x + len(text)) != (23, 80)  # curses raises there
        line = self.lines[y]
        self.lines[y] = line[:x] + text + line[x + len(text):]

    def refresh(self):
        pass


@pytest.mark.parametrize("tiles", [9, 24])
def test_the_keys_are_shown_under_the_tiles(tiles):
    box = SimBox(BoxOptions(seed=1, tiles=tiles, flap_wiring="74hc165" if tiles > 9 else None))
    try:
        screen = Screen80x24()
        Terminal(box).draw(screen)
    finally:
        box.close()
    keys = screen.lines[21].split()
    assert keys == [key_event_key(tile) for tile in range(1, tiles + 1)]
    if tiles == 9:  # each key right under its tile's number
        assert [screen.lines[19].index(str(tile)) for tile in range(1, 10)] == [
            screen.lines[21].index(str(tile)) for tile in range(1, 10)]
    assert "the key under a tile flips it" in screen.lines[22]
    assert all(len(line.rstrip()) < 80 for line in screen.lines[22:])


def key_event_key(tile):
    """The key the terminal flips a tile of the first row with."""
    from board_sim.frontend.terminal import TILE_KEYS

    key = TILE_KEYS[tile - 1]
    assert key_event(key, 0, 24) == (0, "flip", (tile,))
    return key


def test_led_colours_are_told_apart_without_colour_and_with_256():
    assert letter_for(unscaled((0, 48, 0), 64)) == "G"
    assert letter_for(unscaled((64, 0, 0), 64)) == "R"
    assert colour_index((255, 0, 0), 256) == 196
    assert colour_index((24, 24, 24), 256) != 16  # dim white stays visible


def test_a_game_played_at_the_keys_replays_to_the_same_log():
    box = SimBox(BoxOptions(seed=7))
    record = ["set seed 7"]
    try:
        terminal = Terminal(box, record)
        log = BoxLog(box)
        log.check()
        for key, ms in (("X", 700), ("", 1300), ("x", 400), ("s", 2200), ("9", 150), ("x", 1400),
                        ("8", 0), ("q", 0)):
            if key:
                terminal.handle(key)
            box.run(ms, log.check)
        box.run(500, log.check)
        live = log.lines
    finally:
        box.close()
    assert terminal.quit
    assert record[1] == "press ok long" and record[2].startswith("wait ")
    replayed = [line for line in run_script("\n".join(record)) if '"in"' not in line]
    assert replayed == live
    assert any(json.loads(line).get("dice") for line in live)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_terminal_front_end_starts_draws_and_reacts_to_a_key(tmp_path):
    session = "shutbox-frontend-test"
    command = "LANG=C.UTF-8 %s -m board_sim --seed 3 --players 1 --data %s" % (sys.executable, tmp_path)
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c",
                    str(ROOT), command], check=True)

    def pane():
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True).stdout

    def wait_for(text, seconds=GIVE_UP_S):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = pane()
            if text in shown:
                return shown
            time.sleep(0.2)
        raise AssertionError("%r never appeared:\n%s" % (text, pane()))

    try:
        shown = wait_for(" menu")
        lines = shown.splitlines()
        assert lines[1].startswith("+" + "-" * 64 + "+")
        assert any(ch not in "\u2800 " for ch in lines[2][1:65])  # the OLED's braille is lit
        assert "1    2    3" in shown
        subprocess.run(["tmux", "send-keys", "-t", session, "X"], check=True)
        wait_for(" setup")  # the first turn: ok to play
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
        deadline = time.monotonic() + GIVE_UP_S
        while time.monotonic() < deadline and session in subprocess.run(
                ["tmux", "ls"], capture_output=True, text=True).stdout:
            time.sleep(0.2)
        assert session not in subprocess.run(["tmux", "ls"], capture_output=True, text=True).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_shut_tiles_of_a_24_flap_row_look_unlike_open_ones():
    for number in (1, 9, 10, 24):
        assert tile_label(number, True, 2) != tile_label(number, False, 2)
        assert tile_label(number, False, 2).strip() == str(number)
        assert tile_label(number, True, 2, unicode=False) != tile_label(number, False, 2)
    assert tile_label(3, True, 4) == "_3__" and tile_label(3, False, 4) == " 3  "
    assert tile_label(1, True, 2) == tile_label(24, True, 2) == "\u2584\u2584"  # covered alike


def test_a_terminal_too_small_is_told_so():
    lines = too_small(60, 20)
    assert all(len(line) < 60 for line in lines)
    assert "%dx%d" % (MIN_WIDTH, MIN_HEIGHT) in " ".join(lines) and "60x20" in " ".join(lines)

    class Small:
        def __init__(self):
            self.text = []

        def erase(self):
            pass

        def getmaxyx(self):
            return 20, 60

        def addstr(self, y, x, text, attributes=0):
            self.text.append(text)

        def refresh(self):
            pass

    box = SimBox(BoxOptions(seed=1))
    try:
        small = Small()
        Terminal(box).draw(small)
    finally:
        box.close()
    assert small.text == lines


def test_the_side_panel_shows_what_each_long_game_player_has_left():
    box = SimBox(BoxOptions(seed=4, preset="long-game"))
    try:
        box.board.press("ok", 1000)
        box.run(1500)
        assert side_panel(box.view)[2:5] == ["left to play", "P1 shut 45", "P2 open 0"]
    finally:
        box.close()


def test_the_side_panel_shows_this_rounds_scores_before_the_round_ends():
    box = SimBox(BoxOptions(seed=3, preset="tournament", players=3))
    try:
        player = BoxPlayer(box)
        view = box.view
        while not (view.match is not None and view.result_player == 0):
            assert player.step()
        panel = side_panel(view)
        assert panel[2] == "total +round" and view.match.totals == [0, 0, 0]
        assert panel[3] == "P1 0 +%d" % view.result_score and panel[4] == "P2 0"
        assert all(len(line) <= PANEL_WIDTH for line in panel)
    finally:
        box.close()


def test_a_recording_ends_when_the_player_quit():
    box = SimBox(BoxOptions(seed=7))
    record = ["set seed 7"]
    try:
        terminal = Terminal(box, record)
        terminal.handle("X")
        box.run(3000)
        terminal.handle("q")
    finally:
        box.close()
    assert record[-1].startswith("wait ") and int(record[-1].split()[1]) >= 3000
