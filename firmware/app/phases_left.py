"""The match left and taken up again: whether to leave it (leave_question, a long select: ok goes
back to the menu, app.menu_back's to_menu, the match left kept for the menu's Resume row), the match left
taken up from that row (taken_up), and the first tick of a match resumed at boot (resumed).
Loaded for the moment (App.tick, app.phases' new_match), then let go with app.phases
(app.memory's "phase"): a turn holds none of it.
"""

from hal import time  # (a look-up: hal's docstring says why)
from micropython import const

from app.memory import let_go
from app.presentation import render, show_dice, show_hints

_SETUP = const(1)  # app.core's phases (as there)
_PLAY = const(2)
_NO_PRESS = const(0)  # hal.buttons' presses (as there)
_SHORT_PRESS = const(1)
_LONG_PRESS = const(2)
_LEAVE_MS = const(4000)  # a long select in a match: ok within this long goes to the menu


def taken_up(app, now_ms):
    """The match left for the menu goes on (its Resume row; app.phases' new_match has taken it
    up as it stood: the game and players it was played by) with the turn as it was (its dice and
    lit tiles when under way)."""
    app.enter_setup(now_ms, False)
    turn = app.turn
    if turn.rolls or turn.moves_made:
        app.phase = _PLAY
        show_dice(app, turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
    resumed(app, now_ms)


def resumed(app, now_ms):
    """The first tick of a match resumed at boot (app.startup): its clocks start now, and a turn
    under way gets its hints (their table loads from here on, not while boot holds its modules)."""
    app.result_since = now_ms
    app.page_since = now_ms
    if app.ending is not None:  # resumed as its last turn ended: the standings' clock
        app.ending.page_since = now_ms
    phase = app.phase
    if app.hints_on and (phase == _SETUP or phase == _PLAY):
        app.hints.turn_starts(app.match)  # what the turn plays for, as before the cut
    if phase == _PLAY:
        show_hints(app)


def leave_question(app, now_ms, select, ok):
    """A long select in a match (or while asked) asks whether to leave it (app.screen_leave
    draws the question): ok goes to the menu (app.menu_back's to_menu: the match left stays saved), select
    or _LEAVE_MS stays. True while the question stays up (the tick is done: no roll behind it,
    its frame drawn) or once ok left the match (the tick is done: the menu opens from the
    next); False once select or the time answered (the tick's buttons are then taken). ok's
    tick imports app.menu_back, the next leaves (app.menu_back's to_menu): both in one tick took 19.6 ms of
    an emulated Pico's on 24 tiles (issue 45)."""
    if app.leaving_since is None:  # ok last tick: to the menu
        from app.menu_back import to_menu

        to_menu(app)
        let_go("phase")  # (this module too, its names emptied: none is looked up after)
        return True  # (the menu opens from the next tick: app.menu_again)
    if select == _LONG_PRESS:
        app.leaving = True  # the match stays as it is until ok says to leave it
        app.leaving_since = now_ms
        app.dirty = True
        select = _NO_PRESS
    if ok == _SHORT_PRESS:  # to the menu, from the next tick
        __import__("app.menu_back")
        app.leaving_since = None
        return True
    if select == _SHORT_PRESS or time.ticks_diff(now_ms, app.leaving_since) >= _LEAVE_MS:
        app.leaving = False
        app.dirty = True
    else:
        app.roller.update(now_ms, False)
        render(app, now_ms)
        return True
    if not app.leaving:  # (select or the time: the match goes on, which holds none of this)
        let_go("phase")
    return False
