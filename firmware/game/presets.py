"""The named presets of VARIANTS.md: each a classic game with the axes its name changes."""

from game import rules as R

# name -> the axes that differ from classic. Order is the menu's order; the one-line
# descriptions are the host's (tools/list_presets.py), which no firmware code reads.
PRESETS = (
    ("classic", {}),
    ("two-dice-only", {"one_die": R.ONE_DIE_NEVER}),
    ("one-die-last-tile", {"one_die": R.ONE_DIE_LAST_TILE}),
    ("low-sum-one-die", {"one_die": R.ONE_DIE_LOW_SUM}),
    ("ten", {"tiles": 10}),
    ("full-house", {"tiles": 12}),
    ("2012", {"tiles": 12, "dice": 1, "faces": 20, "one_die": R.ONE_DIE_NEVER}),
    ("the-300", {"tiles": 24, "dice": 4}),
    ("thai", {"move": R.MOVE_THAI, "one_die": R.ONE_DIE_NEVER}),
    ("exact-match", {"move": R.MOVE_EXACT}),
    ("single-die", {"move": R.MOVE_SINGLE_DIE}),
    ("young-players", {"move": R.MOVE_YOUNG, "one_die": R.ONE_DIE_NEVER, "match": R.MATCH_RACE, "rows": 2}),
    ("2-to-go", {"must_first": 2}),
    ("3-to-go", {"must_first": 3}),
    ("3-down-extreme", {"start": R.START_3_DOWN}),
    ("lucky-7", {"start": R.START_LUCKY_7}),
    ("unlucky-7", {"unlucky_7": True}),
    ("against-all-odds", {"start": R.START_ODD}),
    ("even-stevens", {"start": R.START_EVEN}),
    ("missionary", {"scoring": R.SCORE_MISSIONARY}),
    ("digital", {"scoring": R.SCORE_DIGITAL}),
    ("canoga", {"stakes": R.STAKES_CANOGA}),
    ("tournament", {"match": R.MATCH_TOURNAMENT}),
    ("max-penalty", {"match": R.MATCH_MAX_PENALTY}),
    ("fixed-rounds", {"match": R.MATCH_FIXED_ROUNDS, "rounds": 5}),
    ("long-game", {"match": R.MATCH_LONG_GAME, "double_rethrow": True}),
)

PRESET_NAMES = tuple(entry[0] for entry in PRESETS)


def preset_axes(name):
    """The axes a preset changes from classic; ValueError naming the choices if unknown."""
    for preset_name, axes in PRESETS:
        if preset_name == name:
            return axes
    raise ValueError("unknown preset '%s'; choose one of: %s" % (name, ", ".join(PRESET_NAMES)))


def preset(name):
    """The Rules of a named preset."""
    return R.Rules(**preset_axes(name))


def changed(rules, **changes):
    """A new Rules with some axes changed."""
    values = {}
    for axis in R.AXES:
        values[axis] = getattr(rules, axis)
    values.update(changes)
    return R.Rules(**values)

