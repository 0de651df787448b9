"""The menu: which game, how many players, hints on or off, then start.

Rows are Game, Players, Hints and Start; `next_row()` moves down (wrapping) and
`next_value()` changes the row's value (on Start it starts). Only games this box can play
are offered (enough tiles and rows of flaps), and the player count stays within what the
chosen game allows.
"""

from game.rules import (
    MATCH_LONG_GAME,
    MATCH_MAX_PENALTY,
    MATCH_RACE,
    ROWS_TAKE_TURNS,
    SOURCE_MANUAL,
)
from micropython import const

ROW_GAME = const(0)
ROW_PLAYERS = const(1)
ROW_HINTS = const(2)
ROW_START = const(3)
ROWS = const(4)
MAX_PLAYERS = const(8)
HOUSE = "house rules"  # the entry of the settings file's own rules, when they change a preset


def player_range(rules):
    """(fewest, most) players the rules' match format takes."""
    if rules.match == MATCH_LONG_GAME:
        return 2, 2
    if rules.match == MATCH_RACE:
        return 1, rules.rows
    return (2 if rules.match == MATCH_MAX_PENALTY else 1), MAX_PLAYERS


def why_unplayable(rules, tiles, rows):
    """Why a box with `rows` rows of `tiles` flaps cannot play these rules, or None."""
    if rules.tiles > tiles:
        return "needs %d tiles, the box has %d" % (rules.tiles, tiles)
    if rules.rows > rows:
        return "needs %d rows of flaps, the box has %d" % (rules.rows, rows)
    if rules.rows_mode != ROWS_TAKE_TURNS:
        return "everyone throwing at once is not played by this box yet"
    if rules.source == SOURCE_MANUAL:
        return "dice entered by hand are not played by this box yet"
    return None


class Menu:
    """entries: (name, Rules) the box can play; the cursor starts on Game."""

    def __init__(self, entries, entry=0, players=2, hints_available=False, hints_on=False):
        self.entries = entries
        self.entry = entry if 0 <= entry < len(entries) else 0
        self.hints_available = hints_available
        self.hints_on = hints_on and hints_available
        self.row = ROW_GAME
        self.players = players
        self._clamp_players()

    def restore(self, name, players, hints_on):
        """Start on the choices saved last time (a game this box no longer offers is skipped)."""
        for index in range(len(self.entries)):
            if self.entries[index][0] == name:
                self.entry = index
        if isinstance(players, int):
            self.players = players
        self.hints_on = hints_on is True and self.hints_available
        self._clamp_players()

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

    def next_row(self):
        self.row = (self.row + 1) % ROWS
        if self.row == ROW_HINTS and not self.hints_available:
            self.row = ROW_START

    def next_value(self):
        """Change the value under the cursor; returns True when that starts the game."""
        row = self.row
        if row == ROW_GAME:
            self.entry = (self.entry + 1) % len(self.entries)
            self._clamp_players()
        elif row == ROW_PLAYERS:
            fewest, most = player_range(self.rules())
            self.players = fewest if self.players >= most else self.players + 1
        elif row == ROW_HINTS:
            self.hints_on = not self.hints_on
        else:
            return True
        return False

    def value(self):
        """The number the LEDs show for the cursor's row (no display)."""
        if self.row == ROW_GAME:
            return self.entry
        if self.row == ROW_PLAYERS:
            return self.players
        if self.row == ROW_HINTS:
            return 1 if self.hints_on else 0
        return 0
