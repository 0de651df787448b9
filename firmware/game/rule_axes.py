"""The rule axes in words, for configuration files, menus, snapshots and tools: the names of each
named axis's values (index = value, game.rules' constants) and a rule set as those names. Play
never loads this module: boot's users (game.config) go with main.py's boot-only modules, and
as_names, a save's one use of it, lets it go when called.
"""

import sys

import game
from game.rules import AXES, Rules

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
    """Every axis as its configuration-file value (names for named axes). Lets this module go
    (its functions live on while a caller holds them)."""
    sys.modules.pop("game.rule_axes", None)
    if hasattr(game, "rule_axes"):
        delattr(game, "rule_axes")
    values = {}
    for axis in AXES:
        value = getattr(rules, axis)
        names = VALUE_NAMES.get(axis)
        values[axis] = names[value] if names else value
    return values


def changed(rules, **changes):
    """A new Rules with some axes changed."""
    values = {}
    for axis in AXES:
        values[axis] = getattr(rules, axis)
    values.update(changes)
    return Rules(**values)
