"""Lifetime statistics per preset: games, rounds, turns, boxes shut (and the rate), the best
(lowest) turn score and winning match total; and games by number of players, for the whole box.

A box in play holds none of this: the match in progress is counted by a game.gamelog.MatchTally,
merged here once the match is over (app.keeper_stats loads /data/stats, merges, saves and lets
this module go); the tally's serial number makes a merge repeated after a power cut count once.
Counters stop at game.gamelog's _COUNT_MAX (add, lower), so adding never allocates. game.stats_load reads the
saved figures back (a module of its own: from source each is compiled whole); the entries of
presets this firmware does not know (a newer firmware's) are kept as they were, unread.
"""

from micropython import const

_COUNT_MAX = const(0x3FFFFFFF)  # game.gamelog's (a copy: a name imported costs a stored name)
_MATCH_LONG_GAME = const(4)  # game.rules' (a copy: see there)
_MATCH_RACE = const(5)

FORMAT = const(1)
MAX_BYTES = const(2560)  # to_dict() as JSON with every counter at its limit: 2311 for 26 presets
CUSTOM = "custom"  # rules that are no preset exactly
PLAYER_COUNTS = const(8)  # games by players 1..8; more players count as 8
ENTRY_FIELDS = ("games", "rounds", "turns", "shut", "best_score", "best_total")
_GAMES = const(0)
_ROUNDS = const(1)
_TURNS = const(2)
_SHUT = const(3)
_BEST_SCORE = const(4)
_BEST_TOTAL = const(5)
COUNTERS = const(4)  # the fields before the bests; a best is -1 until there is one


def preset_name(rules):
    """The name of the preset these rules are exactly, or CUSTOM (the presets are imported
    here, not with the module: a box in play holds none of them)."""
    from game.presets import PRESET_NAMES, preset

    for name in PRESET_NAMES:
        if preset(name) == rules:
            return name
    return CUSTOM


def add(count, more):
    """count + more, stopping at _COUNT_MAX."""
    total = count + more
    return total if total < _COUNT_MAX else _COUNT_MAX


def lower(best, value):
    """The new best (lowest) of `best` (-1: none yet) and `value`."""
    if 0 <= value <= _COUNT_MAX and (best < 0 or value < best):
        return value
    return best


class Stats:
    """Every preset's lifetime figures; `to_dict()` / game.stats_load's `stats_from_dict()` for the flash."""

    def __init__(self):
        self.by_preset = {}  # preset name -> ENTRY_FIELDS values
        self.unknown = {}  # name -> entry, as read, of presets this firmware does not know
        self.games_by_players = [0] * PLAYER_COUNTS
        self.last_serial = 0

    def add_match(self, match, tally, name=None):
        """Merge a finished match and its tally; False (nothing changed) if it is not over or
        was merged already. `name`: the preset (by default found from the match's rules)."""
        if not match.over or tally.serial <= self.last_serial:
            return False
        if name is None:
            name = preset_name(match.rules)
        entry = self.by_preset.get(name)
        if entry is None:
            entry = [0, 0, 0, 0, -1, -1]
            self.by_preset[name] = entry
        entry[_GAMES] = add(entry[_GAMES], 1)
        entry[_ROUNDS] = add(entry[_ROUNDS], match.rounds_played)
        entry[_TURNS] = add(entry[_TURNS], tally.turns)
        entry[_SHUT] = add(entry[_SHUT], tally.shut)
        if tally.best_score >= 0:
            entry[_BEST_SCORE] = lower(entry[_BEST_SCORE], tally.best_score)
        if match.rules.match not in (_MATCH_RACE, _MATCH_LONG_GAME):  # their winners have 0 left
            for player in match.winners():
                entry[_BEST_TOTAL] = lower(entry[_BEST_TOTAL], match.totals[player])
        seats = match.players if match.players < PLAYER_COUNTS else PLAYER_COUNTS
        self.games_by_players[seats - 1] = add(self.games_by_players[seats - 1], 1)
        self.last_serial = tally.serial
        return True

    def summary(self, name):
        """One preset's figures by name, with `shut_rate` (boxes shut per turn, 0.0 to 1.0)."""
        entry = self.by_preset.get(name) or [0, 0, 0, 0, -1, -1]
        figures = {}
        for index in range(len(ENTRY_FIELDS)):
            figures[ENTRY_FIELDS[index]] = entry[index]
        figures["shut_rate"] = entry[_SHUT] / entry[_TURNS] if entry[_TURNS] else 0.0
        return figures

    def unknown_note(self):
        """What the box says of the statistics it keeps but cannot read (the games counted under
        presets this firmware does not know: an entry's first figure, when it is a count), or
        None."""
        if not self.unknown:
            return None
        games = 0
        for entry in self.unknown.values():
            if isinstance(entry, list) and entry and isinstance(entry[0], int) and entry[0] > 0:
                games = add(games, entry[0])
        return "%d games of games this firmware does not know" % games

    def to_dict(self):
        """A compact JSON-ready dict (at most MAX_BYTES as JSON, with no unknown entries)."""
        presets = {name: list(entry) for name, entry in self.by_preset.items()}
        for name in self.unknown:  # kept as they were
            presets[name] = self.unknown[name]
        return {
            "v": FORMAT,
            "last": self.last_serial,
            "players": list(self.games_by_players),
            "presets": presets,
        }

