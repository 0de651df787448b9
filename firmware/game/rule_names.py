"""The rules' named values as configuration files, snapshots and tools name them (game.config
reads them, game.snapshot writes those of a match that is not classic)."""

from game.rule_set import AXES

# Each axis's names, by value, as one string constant: a name of ten characters or fewer written
# as a constant of its own would be interned, and kept for good, by every boot that reads a file.
START_NAMES = tuple("all-up 3-down odd-up even-up lucky-7".split())
ONE_DIE_NAMES = tuple("never high-tiles-shut only-tile-1 sum-6-or-less".split())
MOVE_NAMES = tuple("any-combination thai exact-match single-die young-players".split())
SCORE_NAMES = tuple("golf missionary digital".split())
MATCH_NAMES = tuple("single-round fixed-rounds tournament max-penalty long-game race".split())
STAKES_NAMES = tuple("none pool canoga".split())
TIES_NAMES = ("split", "full")
SOURCE_NAMES = tuple("electronic-dice manual-dice dominoes cards".split())
ROWS_NAMES = tuple("take-turns simultaneous".split())

# Axis -> the names of its values, for the named axes (the others are numbers or flags).
VALUE_NAMES = {
    "start": START_NAMES,
    "one_die": ONE_DIE_NAMES,
    "move": MOVE_NAMES,
    "scoring": SCORE_NAMES,
    "match": MATCH_NAMES,
    "stakes": STAKES_NAMES,
    "ties": TIES_NAMES,
    "source": SOURCE_NAMES,
    "rows_mode": ROWS_NAMES,
}


def as_names(rules):
    """Every axis as its configuration-file value (names for named axes)."""
    values = {}
    for axis in AXES:
        value = getattr(rules, axis)
        names = VALUE_NAMES.get(axis)
        values[axis] = names[value] if names else value
    return values
