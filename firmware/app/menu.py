"""The menu: which game, how many players, hints on or off, then start.

Rows are Game, Players, Hints, Start and Check inputs, with Resume in Check inputs' place while
a match left for the menu is kept (the input check then opens with select held at power-on);
select moves down (wrapping) and ok changes the row's value (on Start it starts, on Resume the
match left goes on: app.menu_buttons, app.phases; on Check inputs it opens the input check,
app.input_check, loaded while it is shown: `check`). On the Game row select first shows the game's rules
card (app.screen_card, from game.preset_cards, loaded while it is shown), a page at a time, then
moves on (a box without a screen moves on at once); ok on a card shows the next game's. Only games this box can play
are offered (enough tiles and rows of flaps), and the player count stays within what the
chosen game allows.

Loaded only while the menu is shown (and at boot), with app.menu_buttons: leaving it, the App
keeps the choices it plays by (`Menu.leave`) and lets both go; going back to it, app.menu_again
lists the games again from the settings' rules, as boot did, and opens it.
"""

import sys

from micropython import const

from app.lights import LEGAL, OFF, PLAYER_COLOURS, WRONG, blink_on
from app.memory import let_go, since

_MATCH_LONG_GAME = const(4)  # game.rules' (a copy: see there)
_MATCH_MAX_PENALTY = const(3)
_MATCH_RACE = const(5)

_ROW_GAME = const(0)  # the menu's rows (app.menu_buttons moves the cursor through them)
_ROW_PLAYERS = const(1)
_ROW_HINTS = const(2)
_ROW_START = const(3)
_ROW_CHECK = const(4)  # (and in its place, while a match left for the menu is kept: Resume, 5)
_MAX_PLAYERS = const(8)
HOUSE = "house rules"  # the entry of the settings file's own rules, when they change a preset
# A rules card's modules, imported a tick each before it is drawn (app.screen_menu: a preset's
# card the first two; the house rules' card, which words them, all), let go as it closes.
CARD_MODULES = ("game.preset_cards", "app.screen_card", "game.house_card", "game.rule_names")
_MENU_BANKS = const((0x0040FF, 0x8000FF, 0xFF5000))  # the LEDs' colour of presets 1-9, 10-18, 19-27


def player_range(rules):
    """(fewest, most) players the rules' match format takes."""
    if rules.match == _MATCH_LONG_GAME:
        return 2, 2
    if rules.match == _MATCH_RACE:
        return 1, rules.rows
    return (2 if rules.match == _MATCH_MAX_PENALTY else 1), _MAX_PLAYERS


class Menu:
    """entries: (name, Rules) the box can play; the cursor starts on Game."""

    def __init__(self, entries, entry=0, players=2, hints_available=False, hints_on=False):
        self.entries = entries
        self.entry = entry if 0 <= entry < len(entries) else 0
        self.hints_available = hints_available
        self.hints_on = hints_on and hints_available
        self.row = _ROW_GAME
        self.players = players
        self.card = -1  # the first line of the rules card's page shown, -1: no card
        self.card_next = 0  # the first line of its next page, 0: the last page is shown
        self.card_loaded = 0  # how many of the card's modules are imported (app.screen_menu)
        self.starting = False  # Start chosen: the match starts once ready, from the next tick (step)
        self.check = None  # the input check while it is shown (app.input_check's start: the
        #                    menu's row, or boot's, app.startup)
        self.left = None  # a match left for the menu, to resume (app.phases' App.left), or None
        self.ahead = 0  # the players the first seat's chance was begun for here (app.hints_ahead's ahead)
        self._clamp_players()

    def restore(self, name, players, hints_on):
        """Start on the choices saved last time (a game this box does not offer is skipped, the
        players brought within the game's); what was replaced, as messages (boot says them)."""
        replaced = []
        found = False
        for index in range(len(self.entries)):
            if self.entries[index][0] == name:
                self.entry = index
                found = True
        if not found:
            replaced.append("menu: the last game, %r, is not offered on this box; starting on %s"
                            % (name, self.name()))
        if isinstance(players, int):
            self.players = players
        self.hints_on = hints_on is True and self.hints_available
        self._clamp_players()
        if self.players != players:
            replaced.append("menu: %r players saved last; %s is played by %d" % (players, self.name(), self.players))
        return replaced

    def name(self):
        return self.entries[self.entry][0]

    def preset_named(self, rules):
        """The name of the preset offered whose rules these are exactly, or None."""
        for name, entry_rules in self.entries:
            if name != HOUSE and entry_rules == rules:
                return name
        return None

    def rules(self):
        return self.entries[self.entry][1]

    def _clamp_players(self):
        fewest, most = player_range(self.rules())
        if self.players < fewest:
            self.players = fewest
        if self.players > most:
            self.players = most

    def step(self, app, select, ok, now_ms):
        """The buttons in the menu: app.menu_buttons' step (imported with this module: at boot,
        and by app.menu_again in the tick after this one), which see; True when the game starts."""
        return sys.modules["app.menu_buttons"].step(self, app, select, ok, now_ms)

    def close_card(self):
        """The rules card goes, and its modules with it."""
        if self.card >= 0:
            self.card = -1
            self.card_next = 0
            self.card_loaded = 0
            since((), CARD_MODULES)

    def leave(self, app):
        """The App plays by the choices made (the game, its rules and preset name, the players,
        hints) and lets the menu go, its module emptied (nothing of it is called after this:
        a stale pointer to it then pins the module alone, not its code)."""
        self.close_card()
        rules = self.rules()
        app.game = (self.name(), rules, self.preset_named(rules))
        app.players = self.players
        app.hints_on = self.hints_on
        app.menu = None
        since((), ("app.hints_ahead",))  # (imported by its quiet ticks)
        let_go("menu")

    def light(self, lights, tiles, now_ms):
        """The menu without a display: row 0 the preset (one tile, colour by bank of 9),
        row 1 the players (that many tiles), row 2 hints (tile 1 green or red), row 3 start;
        the input check its own (the shut flaps)."""
        leds = lights.leds
        if self.check is not None:
            self.check.light(leds)
            return
        leds.fill(OFF)
        row = self.row
        if row == _ROW_GAME:
            leds.set_tile(self.entry % 9 + 1, _MENU_BANKS[self.entry // 9 % len(_MENU_BANKS)])
        elif row == _ROW_PLAYERS:
            for tile in range(1, self.players + 1):
                leds.set_tile(tile, PLAYER_COLOURS[tile - 1])
        elif row == _ROW_HINTS:
            leds.set_tile(1, LEGAL if self.hints_on else WRONG)
        elif row == _ROW_START and blink_on(now_ms):
            for tile in range(1, tiles + 1):
                leds.set_tile(tile, LEGAL)
        leds.show()
