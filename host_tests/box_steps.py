"""What the box tests do to a SimBox as a player would, and the moments they wait for: start the
menu's game, roll forced dice with ok or by shaking, read the OLED, play on until a condition
holds (a turn waiting for a roll or a move, nothing to put right); and how the OLED's
standings and match pages read."""

import re
import sys

from board_sim.frontend.oled import text_lines
from board_sim.script_player import BoxPlayer

START_MS = 1200  # a long ok starts the match from the menu
ROLL_MS = 1200  # ok pressed: the dice land within this


def slow_coach(monkeypatch):
    """The coach as on a slower box, so that a roll comes before its chance is ready: the
    programme a slice a tick (none alike: game.win_chance's step), the loop resting 5 ms after
    every tick (app.core's rest_ms: not 1 while the coach has work)."""
    import importlib

    monkeypatch.setattr(importlib.import_module("game.win_chance").WinChance, "_kind", lambda win: -1)
    monkeypatch.setattr(importlib.import_module("app.core").App, "rest_ms", lambda app: 5)


def counted(monkeypatch, owner, method):
    """A list that gets an item at each call of owner's `method` (which still runs): the OLED's
    sends, the LEDs' writes a tick made."""
    calls = []
    original = getattr(owner, method)

    def counted_call():
        calls.append(1)
        original()

    monkeypatch.setattr(owner, method, counted_call)
    return calls


def not_loaded(monkeypatch, names):
    """`names` out of sys.modules and their packages, as a board's boot leaves them (the
    session's other tests import some; each put back after the test)."""
    for name in names:
        package, _dot, leaf = name.rpartition(".")
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(sys.modules[package], leaf, raising=False)


def start(box):
    """From power-on to the first turn: a long ok in the menu, then, with every flap right,
    ok to play (every turn waits for it); returns the App's phase."""
    from app.core import SETUP

    box.run(200)
    box.board.press("ok", 1000)
    box.run(START_MS)
    view = box.view
    if view.phase == SETUP and not (view.must_open or view.must_shut) and view.waits_for_ok():
        box.board.press("ok")
        box.run(300)
    return view.phase


def to_players_row(box):
    """In the menu, select past the Game row's rules card to the Players row."""
    for _ in range(8):
        box.board.press("select")
        box.run(300)
        if box.view.menu.row == 1:
            return
    raise AssertionError("the menu never reached the Players row")


def leave_match(box):
    """A long select, then ok to confirm: from a match to the menu."""
    box.board.press("select", 1000)
    box.run(1200)
    box.board.press("ok")
    box.run(300)


def roll(box, *dice):
    """These dice, rolled with ok: they land (the App's total is theirs)."""
    box.dice.force(dice)
    box.board.press("ok")
    box.run(ROLL_MS)
    assert box.view.total == sum(dice), "the dice %s did not land" % (dice,)


def roll_by_shaking(box):
    box.board.shake(900)
    box.run(1600)


def oled(box):
    """The OLED's text, a string a line, once the frame in flight has reached the glass: the box
    sends a frame a band of 16 rows a tick (app.screens), so it runs a few ticks (at most 10)
    while a frame is drawn but not all sent."""
    screen = box.app.screen
    for _ in range(10):
        if screen is None or not (screen.unsent or box.app.dirty):
            break
        box.tick()
    return text_lines(box.board.display_pixels())


def awaiting(app, state):
    """The turn waits in `state` (game.turn's AWAIT_ROLL, AWAIT_MOVE), the dice at rest, no
    flap to put right."""
    from app.core import PLAY
    from app.roller import IDLE

    return (app.phase == PLAY and app.turn.state == state and app.roller.state == IDLE
            and not app.must_open and not app.must_shut)


def play_until(player, condition, max_steps=400):
    """A BoxPlayer's steps until condition() holds; AssertionError if the match ends first or
    it never does."""
    for _ in range(max_steps):
        if condition():
            return player
        assert player.step(), "the match ended first"
    raise AssertionError("never got there in %d steps" % max_steps)


def until_roll_awaited(box, max_steps=200):
    """A BoxPlayer of the box, played on until the turn waits for a roll -> the player."""
    from game.turn import AWAIT_ROLL

    return play_until(BoxPlayer(box), lambda: awaiting(box.view, AWAIT_ROLL), max_steps)


def standings_read(lines, first_row=1, last_row=7):
    """The players' lines of a standings or match page: {player: (mark, total, +score,
    chips, out)}; the lines below a player's that start no other are read with it (a number
    run on over lines joined whole)."""
    shown = {}
    text = ""
    for line in lines[first_row:last_row] + [" P0"]:  # a line after the last: ends its player
        if re.match(r"[ *>]P\d( |$)| Kitty ", line):
            if text:
                words = text[3:].split()
                fields = {word[0]: int(word[1:]) for word in words[1:] if word[0] in "+$"}
                shown[int(text[2])] = (text[0], words[0], fields.get("+"), fields.get("$"),
                                       "out" in words)
            text = "" if line.startswith(" Kitty ") else line.rstrip()  # (canoga's, after them)
        elif text and line.strip():
            run_on = text[-1].isdigit() and line[0].isdigit() and len(text) > 3
            text += ("" if run_on else " ") + line.strip()
    return shown


def names_the_winners(title):
    """Is this line a standings' title (app.finish: who won)?"""
    return re.fullmatch(r"P\d (wins!|shut the box!)|Tie:( P\d)+|\d-way tie!", title) is not None


def saves_settled(box, max_ms=2000):
    """Run the box until the save it has under way (app.keeper: a slice a tick) is on the flash."""
    box.finish_saves(max_ms)
