"""The menu opened again after a match (select at its end, or a match left: app.menu_back's
to_menu leaves the App in its MENU phase with no menu), over the quiet ticks that follow
(`step`, app.core's): this module's import, then app.menu's, app.menu_buttons' and
game.presets', a tick each, then the games a few a tick, the last building the menu on the
choices the App played by. All at once, on the emulated Pico, it took one tick of 138 ms
(issue 45). The games are listed as boot listed them (game.presets' listing: the settings'
house rules first, app.house, then each preset the box can play). Loaded for the moment, let
go with game.presets once the menu is open.
"""

import sys

from micropython import const

from app.memory import since

_GAMES_A_SLICE = const(8)  # games' rules a slice (some 0.5 ms of a Pico's each)
# What the opening imports, a tick each (test_menu_again checks that each is a module alone):
# the menu's, then what lists the games (let go after).
OPENING = ("app.menu", "app.menu_buttons", "game.presets")

_opening = None  # the opening under way (`_open`'s generator), or None: this module just imported


def step(app):
    """The opening's next slice (app.core's, in a tick with no other long work: the first,
    this module's import); the last builds the menu and lets this module go."""
    global _opening
    if _opening is None:
        _opening = _open(app)
        return
    try:
        next(_opening)
    except StopIteration:  # its end (this module emptied: harmless), or a full heap ended a
        _opening = None  # slice (app.recover): the opening starts again at the next call


def _open(app):
    """The opening, a slice a yield: the imports (OPENING), the games a few at a time, then the
    menu, which lets this module and what listed the games go."""
    listed_by = (__name__, "game.presets") if "game.presets" not in sys.modules else (__name__,)
    for name in OPENING:
        if name not in sys.modules:
            __import__(name)
            yield
    from game.presets import listing

    flaps = app.devices.flaps
    found = [[], 0, []]
    count = 0
    for _ in listing(app.house, None, flaps.tiles, flaps.row_count, found):
        count += 1
        if count % _GAMES_A_SLICE == 0:
            yield
    from app.menu import Menu

    menu = Menu(found[0], 0, app.players, app.hints is not None, app.hints_on)
    menu.restore(app.game[0], app.players, app.hints_on)
    menu.left = getattr(app, "left", None)
    app.menu = menu
    app.dirty = True
    since((), listed_by)  # (last: this module's names are emptied with it)
