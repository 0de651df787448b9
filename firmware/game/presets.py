"""The named presets of VARIANTS.md: each a classic game with the axes its name changes."""

from game import rules as R

# name -> (one-line description, axes that differ from classic). Order is the menu's order.
PRESETS = (
    ("classic", "1-9, 2d6, one die once 7-9 are shut, any combination, golf", {}),
    ("two-dice-only", "always two dice: with only tile 1 left the turn ends", {"one_die": R.ONE_DIE_NEVER}),
    ("one-die-last-tile", "one die only when tile 1 alone is open", {"one_die": R.ONE_DIE_LAST_TILE}),
    ("low-sum-one-die", "one die when the open tiles sum to 6 or less", {"one_die": R.ONE_DIE_LOW_SUM}),
    ("ten", "tiles 1-10 with 2d6", {"tiles": 10}),
    ("full-house", "tiles 1-12 with 2d6", {"tiles": 12}),
    ("2012", "tiles 1-12 with one 20-sided die", {"tiles": 12, "dice": 1, "faces": 20, "one_die": R.ONE_DIE_NEVER}),
    ("the-300", "two boxes, tiles 1-24, four dice", {"tiles": 24, "dice": 4}),
    ("thai", "always two dice; shut exactly one tile: a die or the total", {"move": R.MOVE_THAI, "one_die": R.ONE_DIE_NEVER}),
    ("exact-match", "shut the total's tile, or both dice's tiles", {"move": R.MOVE_EXACT}),
    ("single-die", "shut the total's tile, or one or both dice's tiles (second die mandatory)", {"move": R.MOVE_SINGLE_DIE}),
    ("young-players", "each player's own row; shut the total or one or both dice; first to shut all wins",
     {"move": R.MOVE_YOUNG, "one_die": R.ONE_DIE_NEVER, "match": R.MATCH_RACE, "rows": 2}),
    ("2-to-go", "tile 2 must be among the first roll's tiles; a first 4 loses", {"must_first": 2}),
    ("3-to-go", "tile 3 must be among the first roll's tiles; a first 2 loses", {"must_first": 3}),
    ("3-down-extreme", "tiles 1-3 start down", {"start": R.START_3_DOWN}),
    ("lucky-7", "only tile 7 is up: the first to roll a 7 wins", {"start": R.START_LUCKY_7}),
    ("unlucky-7", "a rolled 7 ends the turn at once", {"unlucky_7": True}),
    ("against-all-odds", "only the odd tiles start up", {"start": R.START_ODD}),
    ("even-stevens", "only the even tiles start up", {"start": R.START_EVEN}),
    ("missionary", "score the number of tiles left open", {"scoring": R.SCORE_MISSIONARY}),
    ("digital", "score the open tiles read as one number (1,2,5 scores 125)", {"scoring": R.SCORE_DIGITAL}),
    ("canoga", "chips: ante to the kitty, losers pay the score difference, a shut box doubles",
     {"stakes": R.STAKES_CANOGA}),
    ("tournament", "rounds until someone reaches 100; lowest total wins", {"match": R.MATCH_TOURNAMENT}),
    ("max-penalty", "rounds; a player reaching 45 drops out; last one standing wins",
     {"match": R.MATCH_MAX_PENALTY}),
    ("fixed-rounds", "a fixed number of rounds (5), penalties summed", {"match": R.MATCH_FIXED_ROUNDS, "rounds": 5}),
    ("long-game", "two players: the second uncovers the box as left; doubles throw again",
     {"match": R.MATCH_LONG_GAME, "double_rethrow": True}),
)

PRESET_NAMES = tuple(entry[0] for entry in PRESETS)


def preset_axes(name):
    """The axes a preset changes from classic; ValueError naming the choices if unknown."""
    for preset_name, _description, axes in PRESETS:
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


def describe(name):
    """The one-line description of a preset."""
    for preset_name, description, _axes in PRESETS:
        if preset_name == name:
            return description
    raise ValueError("unknown preset '%s'" % name)
