"""Lifetime statistics read back from /data/stats (game.stats' to_dict()), every field checked:
compiled apart from game.stats, so neither parse tree is on the heap with the other."""

from micropython import const

from game.numbers import whole
from game.stats import COUNTERS, CUSTOM, ENTRY_FIELDS, FORMAT, PLAYER_COUNTS, Stats

_COUNT_MAX = const(0x3FFFFFFF)  # game.gamelog's (a copy: a name imported costs a stored name)


class StatsError(ValueError):
    """Statistics that cannot be read; `field` names the first part found wrong."""

    def __init__(self, field, problem):
        super().__init__("stats %s: %s" % (field, problem))
        self.field = field


def _count(value, field, low=0):
    if not whole(value, low, _COUNT_MAX):
        raise StatsError(field, "expected a whole number %d..%d, got %r" % (low, _COUNT_MAX, value))
    return value


def _counts(value, field, length, bests_from):
    """A list of `length` counters; those from index `bests_from` on may be -1 (no best yet)."""
    if not isinstance(value, list) or len(value) != length:
        raise StatsError(field, "expected a list of %d numbers, got %r" % (length, value))
    for index in range(length):
        _count(value[index], "%s[%d]" % (field, index), -1 if index >= bests_from else 0)
    return value


def stats_from_dict(saved, read=None):
    """Stats from `to_dict()`; StatsError naming the field if they cannot be read. Entries of
    presets this firmware does not know (a newer firmware's games, a renamed preset) are kept
    as they were, unread, in `unknown`, and saved again with the rest. `read`: the names of the
    only entries to read (a match's merge needs its own preset's: game.presets not loaded), the
    others kept as unknown ones are."""
    if not isinstance(saved, dict):
        raise StatsError("stats", "expected an object, got %r" % (saved,))
    if saved.get("v") != FORMAT:
        raise StatsError("v", "format %r; this firmware reads format %d" % (saved.get("v"), FORMAT))
    stats = Stats()
    stats.last_serial = _count(saved.get("last"), "last")
    stats.games_by_players = _counts(saved.get("players"), "players", PLAYER_COUNTS, PLAYER_COUNTS)
    presets = saved.get("presets")
    if not isinstance(presets, dict):
        raise StatsError("presets", "expected an object, got %r" % (presets,))
    if read is None:
        from game.presets import PRESET_NAMES

        read = PRESET_NAMES
    for name in presets:
        if name in read or name == CUSTOM:
            stats.by_preset[name] = _counts(presets[name], "presets.%s" % name, len(ENTRY_FIELDS),
                                             COUNTERS)
        else:
            stats.unknown[name] = presets[name]
    return stats
