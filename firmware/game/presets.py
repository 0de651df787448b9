"""The named presets of VARIANTS.md: each a classic game with the axes its name changes."""

from micropython import const

from game.rule_set import AXES, Rules

# game.rules' values (copies: game.rules is not loaded for them, see there)
_START_3_DOWN = const(1)
_START_ODD = const(2)
_START_EVEN = const(3)
_START_LUCKY_7 = const(4)
_ONE_DIE_NEVER = const(0)
_ONE_DIE_LAST_TILE = const(2)
_ONE_DIE_LOW_SUM = const(3)
_MOVE_THAI = const(1)
_MOVE_EXACT = const(2)
_MOVE_SINGLE_DIE = const(3)
_MOVE_YOUNG = const(4)
_SCORE_MISSIONARY = const(1)
_SCORE_DIGITAL = const(2)
_MATCH_FIXED_ROUNDS = const(1)
_MATCH_TOURNAMENT = const(2)
_MATCH_MAX_PENALTY = const(3)
_MATCH_LONG_GAME = const(4)
_MATCH_RACE = const(5)
_STAKES_CANOGA = const(2)

# The names, in the menu's order, as one string constant: a name of ten characters or fewer
# written as a constant of its own would be interned, and kept for good, by every boot. The
# one-line descriptions are the host's (tools/build/list_presets.py), which no firmware code reads.
PRESET_NAMES = tuple(
    "classic two-dice-only one-die-last-tile low-sum-one-die ten full-house 2012 the-300 thai"
    " exact-match single-die young-players 2-to-go 3-to-go 3-down-extreme lucky-7 unlucky-7"
    " against-all-odds even-stevens missionary digital canoga tournament max-penalty"
    " fixed-rounds long-game".split())

# (name, the axes that differ from classic), for each name above.
PRESETS = tuple(zip(PRESET_NAMES, (  # noqa: B905 (MicroPython's zip takes no strict=)
    {},  # classic
    {"one_die": _ONE_DIE_NEVER},  # two-dice-only
    {"one_die": _ONE_DIE_LAST_TILE},  # one-die-last-tile
    {"one_die": _ONE_DIE_LOW_SUM},  # low-sum-one-die
    {"tiles": 10},  # ten
    {"tiles": 12},  # full-house
    {"tiles": 12, "dice": 1, "faces": 20, "one_die": _ONE_DIE_NEVER},  # 2012
    {"tiles": 24, "dice": 4},  # the-300
    {"move": _MOVE_THAI, "one_die": _ONE_DIE_NEVER},  # thai
    {"move": _MOVE_EXACT},  # exact-match
    {"move": _MOVE_SINGLE_DIE},  # single-die
    {"move": _MOVE_YOUNG, "one_die": _ONE_DIE_NEVER, "match": _MATCH_RACE, "rows": 2},  # young-players
    {"must_first": 2},  # 2-to-go
    {"must_first": 3},  # 3-to-go
    {"start": _START_3_DOWN},  # 3-down-extreme
    {"start": _START_LUCKY_7},  # lucky-7
    {"unlucky_7": True},  # unlucky-7
    {"start": _START_ODD},  # against-all-odds
    {"start": _START_EVEN},  # even-stevens
    {"scoring": _SCORE_MISSIONARY},  # missionary
    {"scoring": _SCORE_DIGITAL},  # digital
    {"stakes": _STAKES_CANOGA},  # canoga
    {"match": _MATCH_TOURNAMENT},  # tournament
    {"match": _MATCH_MAX_PENALTY},  # max-penalty
    {"match": _MATCH_FIXED_ROUNDS, "rounds": 5},  # fixed-rounds
    {"match": _MATCH_LONG_GAME, "double_rethrow": True},  # long-game
)))


def preset_axes(name):
    """The axes a preset changes from classic; ValueError naming the choices if unknown."""
    for preset_name, axes in PRESETS:
        if preset_name == name:
            return axes
    raise ValueError("unknown preset '%s'; choose one of: %s" % (name, ", ".join(PRESET_NAMES)))


def preset(name):
    """The Rules of a named preset."""
    return Rules(**preset_axes(name))


def changed(rules, **changes):
    """A new Rules with some axes changed."""
    values = {}
    for axis in AXES:
        values[axis] = getattr(rules, axis)
    values.update(changes)
    return Rules(**values)
