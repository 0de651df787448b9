"""The named presets of VARIANTS.md: each a classic game with the axes its name changes; and
the games a box offers (`listing`: each preset it can play, the settings' house rules first),
listed at boot (app.settings' game_entries) and again back in the menu (app.menu_again)."""

from micropython import const

from game.rule_set import AXES, Rules

_ROWS_TAKE_TURNS = const(0)  # game.rules' (copies: see there)
_SOURCE_MANUAL = const(1)
_HOUSE = const("house rules")  # app.menu's HOUSE (a copy)


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

# The axes each preset changes from classic, in PRESET_NAMES' order: a run of (axis, value)
# pairs a preset, each run ended by _END (an axis by its place in game.rule_set's AXES; the value
# of an axis whose classic value is a bool, _BOOLS, is that bool). Bytes, not a dict a preset:
# no 26 dicts in the heap while this module is loaded (boot, the menu opened again: issue 45),
# and fewer names to look up as it loads (30, not 39).
_TILES = const(0)  # places in AXES (test_presets checks each preset's axes)
_DICE = const(1)
_FACES = const(2)
_START = const(3)
_ONE_DIE = const(4)
_MOVE = const(5)
_MUST_FIRST = const(7)
_UNLUCKY_7 = const(8)
_SCORING = const(9)
_DOUBLE_RETHROW = const(10)
_MATCH = const(11)
_ROUNDS = const(12)
_STAKES = const(16)
_ROWS = const(23)
_END = const(255)
_BOOLS = const((_UNLUCKY_7, _DOUBLE_RETHROW))  # the axes set whose classic value is a bool (False)
_CHANGES = bytes((
    _END,  # classic
    _ONE_DIE, _ONE_DIE_NEVER, _END,  # two-dice-only
    _ONE_DIE, _ONE_DIE_LAST_TILE, _END,  # one-die-last-tile
    _ONE_DIE, _ONE_DIE_LOW_SUM, _END,  # low-sum-one-die
    _TILES, 10, _END,  # ten
    _TILES, 12, _END,  # full-house
    _TILES, 12, _DICE, 1, _FACES, 20, _ONE_DIE, _ONE_DIE_NEVER, _END,  # 2012
    _TILES, 24, _DICE, 4, _END,  # the-300
    _MOVE, _MOVE_THAI, _ONE_DIE, _ONE_DIE_NEVER, _END,  # thai
    _MOVE, _MOVE_EXACT, _END,  # exact-match
    _MOVE, _MOVE_SINGLE_DIE, _END,  # single-die
    _MOVE, _MOVE_YOUNG, _ONE_DIE, _ONE_DIE_NEVER, _MATCH, _MATCH_RACE, _ROWS, 2, _END,  # young-players
    _MUST_FIRST, 2, _END,  # 2-to-go
    _MUST_FIRST, 3, _END,  # 3-to-go
    _START, _START_3_DOWN, _END,  # 3-down-extreme
    _START, _START_LUCKY_7, _END,  # lucky-7
    _UNLUCKY_7, 1, _END,  # unlucky-7
    _START, _START_ODD, _END,  # against-all-odds
    _START, _START_EVEN, _END,  # even-stevens
    _SCORING, _SCORE_MISSIONARY, _END,  # missionary
    _SCORING, _SCORE_DIGITAL, _END,  # digital
    _STAKES, _STAKES_CANOGA, _END,  # canoga
    _MATCH, _MATCH_TOURNAMENT, _END,  # tournament
    _MATCH, _MATCH_MAX_PENALTY, _END,  # max-penalty
    _MATCH, _MATCH_FIXED_ROUNDS, _ROUNDS, 5, _END,  # fixed-rounds
    _MATCH, _MATCH_LONG_GAME, _DOUBLE_RETHROW, 1, _END,  # long-game
))


def preset_axes(name):
    """The axes a preset changes from classic, a new dict; ValueError naming the choices if
    unknown."""
    at = 0
    for preset_name in PRESET_NAMES:
        if preset_name == name:
            return _axes_at(at)[0]
        while _CHANGES[at] != _END:  # (no axis nor value is _END)
            at += 1
        at += 1
    raise ValueError("unknown preset '%s'; choose one of: %s" % (name, ", ".join(PRESET_NAMES)))


def _axes_at(at):
    """(the axes of _CHANGES' run at `at`, a new dict; where the next run starts)."""
    axes = {}
    while _CHANGES[at] != _END:
        value = _CHANGES[at + 1]
        axes[AXES[_CHANGES[at]]] = value == 1 if _CHANGES[at] in _BOOLS else value
        at += 2
    return axes, at + 1


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


def why_unplayable(rules, tiles, rows):
    """Why a box with `rows` rows of `tiles` flaps cannot play these rules, or None."""
    if rules.tiles > tiles:
        return "needs %d tiles, the box has %d" % (rules.tiles, tiles)
    if rules.rows > rows:
        return "needs %d rows of flaps, the box has %d" % (rules.rows, rows)
    if rules.rows_mode != _ROWS_TAKE_TURNS:
        return "everyone throwing at once is not played by this box yet"
    if rules.source == _SOURCE_MANUAL:
        return "dice entered by hand are not played by this box yet"
    return None


def listing(house, name, tiles, rows, found):
    """The games offered on a box of `rows` rows of `tiles` flaps, into `found`, [entries,
    chosen, faults] (app.settings' game_entries): entries, (name, Rules) of the house rules
    (`house`, their Rules, or None) then of each preset the box can play; chosen, the entry of
    the house rules if any, else of the preset named `name`; faults, why that game is not
    offered. A generator that yields after each game (app.menu_again lists them over a Pico's
    quiet ticks, a few a tick)."""
    if house is not None:
        name = _HOUSE
    entries = found[0]
    at = 0  # (the presets' runs of _CHANGES, in turn)
    for index in range(-1 if house is not None else 0, len(PRESET_NAMES)):
        if index < 0:
            entry = (_HOUSE, house)
        else:
            axes, at = _axes_at(at)
            entry = (PRESET_NAMES[index], Rules(**axes))
        problem = why_unplayable(entry[1], tiles, rows)
        if problem is None:
            if entry[0] == name:
                found[1] = len(entries)
            entries.append(entry)
        elif entry[0] == name:
            found[2].append("%s: %s; not offered" % (name, problem))
        yield
