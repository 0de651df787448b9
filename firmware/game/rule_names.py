"""The rules' named values as configuration files, snapshots and tools name them (game.config
reads them, game.snapshot writes those of a match that is not classic)."""

from game.rule_set import AXES

START_NAMES = ("all-up", "3-down", "odd-up", "even-up", "lucky-7")
ONE_DIE_NAMES = ("never", "high-tiles-shut", "only-tile-1", "sum-6-or-less")
MOVE_NAMES = ("any-combination", "thai", "exact-match", "single-die", "young-players")
SCORE_NAMES = ("golf", "missionary", "digital")
MATCH_NAMES = ("single-round", "fixed-rounds", "tournament", "max-penalty", "long-game", "race")
STAKES_NAMES = ("none", "pool", "canoga")
TIES_NAMES = ("split", "full")
SOURCE_NAMES = ("electronic-dice", "manual-dice", "dominoes", "cards")
ROWS_NAMES = ("take-turns", "simultaneous")

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
