"""What the buttons do in the menu (app.menu's Menu.step): select moves down the rows (on Game
first the game's rules card, a page at a time), ok changes the row's value, starts (Start, or a
long ok), goes on with the match left (Resume) or opens the input check; and the work a quiet
tick of the menu does ahead of a match (its modules, the coach's first chance). Loaded with
app.menu (at boot, and a tick after it when the menu opens again: app.menu_again), let go with
it (app.memory's "menu"): app.menu alone took a Pico's tick past 20 ms to import (issue 45).
"""

import sys

from hal.buttons import LONG_PRESS, SHORT_PRESS
from micropython import const

from app.keeper import under_way
from app.memory import since
from app.menu import player_range

_SOUND_CLICK = const(0)  # app.core's sound (as there)
_ROW_GAME = const(0)  # app.menu's rows (as there)
_ROW_PLAYERS = const(1)
_ROW_HINTS = const(2)
_ROW_START = const(3)
_ROW_CHECK = const(4)
_ROWS = const(5)
_ROW_RESUME = const(_ROWS)


def step(menu, app, select, ok, now_ms):
    """The buttons in the menu (select: next row, ok: change the value under the cursor,
    which on Start starts; a long ok: start), with a click; True when the game starts: the
    tick after Start, which imports app.phases (what starts it: a long import of its own).
    A quiet tick (no frame to import, draw or send, no save) imports game.match before,
    which the match's start needs (a Pico took 21.2 ms for the tick that imported it and
    started the match), and app.phases, which Start's tick imports. (What it imports never
    changes the box's ticks.) While the input check is shown it takes the buttons, until ok
    held leaves it (it is let go)."""
    if menu.starting:  # the match's work ahead of its start, a tick each (app.phases)
        return sys.modules["app.phases"].ready(app)
    if menu.check is not None:
        if menu.check.step(now_ms):
            menu.check = None
            since((), ("app.input_check", "app.screen_check"))  # let go
            app.dirty = True
        return False
    if select == SHORT_PRESS:
        if menu.row == _ROW_GAME and app.screen is not None and (menu.card < 0 or menu.card_next):
            menu.card = menu.card_next if menu.card >= 0 else 0  # the card, page by page
        else:
            menu.close_card()
            menu.row += 1
            if menu.row == _ROW_CHECK and menu.left is not None:
                menu.row = _ROW_RESUME
            elif menu.row >= _ROWS:
                menu.row = 0
            if menu.row == _ROW_HINTS and not menu.hints_available:
                menu.row = _ROW_START
        app.play(_SOUND_CLICK)
        app.dirty = True
    if ok == SHORT_PRESS:
        app.play(_SOUND_CLICK)
        app.dirty = True
        row = menu.row
        if row == _ROW_GAME:
            menu.entry = (menu.entry + 1) % len(menu.entries)
            menu._clamp_players()
            if menu.card >= 0:  # the next game's card, from its start
                menu.card = 0
                menu.card_next = 0
        elif row == _ROW_PLAYERS:
            fewest, most = player_range(menu.rules())
            menu.players = fewest if menu.players >= most else menu.players + 1
        elif row == _ROW_HINTS:
            menu.hints_on = not menu.hints_on
        elif row == _ROW_START or row == _ROW_RESUME:
            start(menu, app)
        else:  # the input check, from the next tick (an import and a frame in one tick may
            menu.close_card()  # take a Pico past its 20 ms)
            menu.check = __import__("app.input_check", None, None, ("start",)).start(app)
            app.dirty = False
        return False
    if ok == LONG_PRESS:
        start(menu, app)
    elif not app.dirty and not (app.screen is not None and (app.screen.frames == 0 or app.screen.unsent)) and not (
            app.keeper is not None and under_way(app.keeper)):  # a quiet tick
        if "game.match" not in sys.modules:  # game.rounds, its own import, a tick before it
            __import__("game.rounds" if "game.rounds" not in sys.modules else "game.match")
        elif "app.phases" not in sys.modules:  # Start's (its tick on 24 tiles took a Pico 20.8 ms with it)
            __import__("app.phases")
        elif app.hints is not None and "app.hints_ahead" not in sys.modules:
            __import__("app.hints_ahead")  # a tick of its own: ahead() may import one more
        elif app.hints is not None:  # a slice of the game's policy or the first seat's chance
            sys.modules["app.hints_ahead"].ahead(app.hints, menu)
    return False

def start(menu, app):
    """Start: the match starts once app.phases' ready says so, from the next tick (app.phases
    imported now unless a quiet tick has, the menu's frame not drawn again: the match's is)."""
    __import__("app.phases")
    menu.starting = True
    app.dirty = False
