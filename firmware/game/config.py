"""Rules from a configuration object (parsed JSON): a preset plus any axes changed by name.

Every mistake is refused with a message that names the key, the value and what is allowed;
combinations that make no sense are refused with a message naming the conflict. A file with
several problems hears of all of them at once.
"""

from micropython import const

from game.numbers import whole
from game.presets import PRESET_NAMES, preset_axes
from game.rule_names import (
    MATCH_NAMES,
    MOVE_NAMES,
    ONE_DIE_NAMES,
    SOURCE_NAMES,
    START_NAMES,
    VALUE_NAMES,
)
from game.rule_set import AXES, Rules
from game.tiles import bit, tiles_of

# game.rules' values (copies: game.rules is not loaded for them, see there)
_MATCH_LONG_GAME = const(4)
_MATCH_RACE = const(5)
_MOVE_ANY = const(0)
_MOVE_SINGLE_DIE = const(3)
_MOVE_THAI = const(1)
_MOVE_YOUNG = const(4)
_ONE_DIE_NEVER = const(0)
_ROWS_SIMULTANEOUS = const(1)
_SOURCE_CARDS = const(3)
_SOURCE_DICE = const(0)
_SOURCE_DOMINOES = const(2)
_SOURCE_MANUAL = const(1)
_STAKES_NONE = const(0)

BOX_SIZES = (9, 10, 12, 24)


class ConfigError(ValueError):
    """A configuration that cannot be played, with a message for the person who wrote it."""


def _value(name, raw):
    names = VALUE_NAMES.get(name)
    default = getattr(Rules, name)
    if names:
        if raw in names:
            return names.index(raw)
        raise ConfigError("%s: '%s' is not one of %s" % (name, raw, ", ".join(names)))
    if isinstance(default, bool):
        if raw is True or raw is False:
            return raw
        raise ConfigError("%s: expected true or false, got %s" % (name, as_json(raw)))
    if not whole(raw):
        raise ConfigError("%s: expected a whole number, got %s" % (name, as_json(raw)))
    low, high = {  # the numeric axes: (lowest, highest)
        "tiles": (9, 24),
        "dice": (1, 4),
        "faces": (6, 20),
        "must_first": (0, 3),
        "rounds": (1, 99),
        "target": (1, 999),
        "max_penalty": (1, 999),
        "chips": (0, 9999),
        "ante": (0, 999),
        "rows": (1, 4),
    }[name]
    if not whole(raw, low, high):
        raise ConfigError("%s: %d is outside %d..%d" % (name, raw, low, high))
    return raw


def rules_from_config(config):
    """Rules for a dict like {"preset": "classic", "tiles": 12, "move": "thai"}.

    Every problem is found in one pass: ConfigError's message lists them all, "; " between."""
    if not isinstance(config, dict):
        raise ConfigError("the rules must be an object of axis names, got %s" % as_json(config))
    found = []
    preset_name = config.get("preset", PRESET_NAMES[0])  # classic
    if preset_name not in PRESET_NAMES:
        found.append("preset: unknown '%s' (choose one of: %s)" % (preset_name, ", ".join(PRESET_NAMES)))
        preset_name = PRESET_NAMES[0]
    values = dict(preset_axes(preset_name))
    for key in config:
        if key == "preset":
            continue
        if key not in AXES:
            known = ", ".join(("preset",) + AXES)
            found.append("unknown key '%s' (the keys are: %s)" % (key, known))
            continue
        try:
            values[key] = _value(key, config[key])
        except ConfigError as error:
            found.append(str(error))
    rules = Rules(**values)
    found.extend(conflicts(rules, config))  # with a refused value, against the preset's own
    if found:
        raise ConfigError("; ".join(found))
    return rules


def as_json(value):
    """A value as the file wrote it (true, not True; "x", not 'x')."""
    import json

    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def conflicts(rules, given=None):
    """Messages naming each combination of axes that cannot be played (empty when fine); with
    `given`, the keys the file set, a conflict with a value the file left to its preset says
    what to add."""
    found = []
    move_name = MOVE_NAMES[rules.move]
    if rules.tiles not in BOX_SIZES:
        found.append("tiles: boxes have 9, 10, 12 or 24 tiles, not %d" % rules.tiles)
    if rules.faces not in (6, 20):
        found.append("faces: dice have 6 or 20 faces, not %d" % rules.faces)
    if rules.source in (_SOURCE_DICE, _SOURCE_MANUAL) and rules.max_roll() > 24:
        found.append("dice: %dd%d can roll %d, more than the box's largest total 24"
                     % (rules.dice, rules.faces, rules.max_roll()))
    two_values = rules.source == _SOURCE_DOMINOES or (
        rules.source != _SOURCE_CARDS and rules.dice == 2)
    if rules.move != _MOVE_ANY and not two_values:
        found.append("move '%s' reads two dice, but %s gives %s"
                     % (move_name, SOURCE_NAMES[rules.source],
                        "one card a draw" if rules.source == _SOURCE_CARDS
                        else "1 die" if rules.dice == 1 else "%d dice" % rules.dice))
    if rules.move == _MOVE_THAI and rules.one_die != _ONE_DIE_NEVER:
        found.append("move 'thai' always rolls two dice, so one_die must be 'never', not '%s'"
                     % ONE_DIE_NAMES[rules.one_die])
    if rules.one_die != _ONE_DIE_NEVER and (rules.dice < 2 or rules.source in (_SOURCE_DOMINOES, _SOURCE_CARDS)):
        if given is not None and "one_die" not in given:  # the preset's: say how to change it
            found.append("%s leaves no single die to choose, but the preset's one_die is '%s': "
                         "add \"one_die\": \"never\""
                         % ("source '%s'" % SOURCE_NAMES[rules.source]
                            if rules.source in (_SOURCE_DOMINOES, _SOURCE_CARDS) else "dice %d" % rules.dice,
                            ONE_DIE_NAMES[rules.one_die]))
        else:
            found.append("one_die '%s' needs a roll of two or more dice" % ONE_DIE_NAMES[rules.one_die])
    if rules.must_first:
        if rules.must_first == 1:
            found.append("must_first: 2 (2-to-go) or 3 (3-to-go), or 0 for none; not 1")
        elif not rules.start_mask() & bit(rules.must_first):
            found.append("must_first %d needs tile %d up at the start, but start '%s' puts it down"
                         % (rules.must_first, rules.must_first, START_NAMES[rules.start]))
    if rules.unlucky_7 and rules.start_mask() == bit(7):
        found.append("unlucky_7 ends the turn on every 7, so with start 'lucky-7' tile 7 could never be shut")
    if rules.match == _MATCH_RACE and rules.rows < 2:
        found.append("match 'race' gives each player a row of flaps: rows must be 2 or more")
    if rules.match in (_MATCH_RACE, _MATCH_LONG_GAME) and rules.must_first:
        found.append("must_first %d tests a turn's first roll from the full board, but match '%s' "
                     "carries the board over between turns" % (rules.must_first, MATCH_NAMES[rules.match]))
    if rules.match in (_MATCH_RACE, _MATCH_LONG_GAME):
        # These carry the board over until someone clears it: every tile that can be left
        # (the starting tiles in a race, any tile in the long game) must be clearable alone.
        board = rules.start_mask() if rules.match == _MATCH_RACE else rules.all_tiles()
        stuck = [tile for tile in tiles_of(board) if not _can_shut_alone(rules, tile)]
        if stuck:
            found.append("match '%s' could never end: with move '%s', one_die '%s' and source '%s' "
                         "no roll shuts tile %s when it is the last one left"
                         % (MATCH_NAMES[rules.match], move_name, ONE_DIE_NAMES[rules.one_die],
                            SOURCE_NAMES[rules.source], " or ".join(str(tile) for tile in stuck)))
    if rules.match == _MATCH_LONG_GAME and rules.tiles > 12:
        # A tug of war over the whole board: measured with random play, 13 turns (median) on
        # 9 tiles, 34 on 12, about 3500 on 24.
        found.append("match 'long-game' on %d tiles would take thousands of turns: play it on 9 to 12 tiles"
                     % rules.tiles)
    if rules.match == _MATCH_LONG_GAME and rules.rows_mode == _ROWS_SIMULTANEOUS:
        found.append("match 'long-game' passes one board between two players: rows_mode must be 'take-turns'")
    if rules.rows_mode == _ROWS_SIMULTANEOUS and rules.rows < 2:
        found.append("rows_mode 'simultaneous' needs rows 2 or more")
    if rules.source == _SOURCE_DOMINOES and rules.dice != 2:
        found.append("source 'dominoes' draws two halves: dice must be 2")
    if rules.dominoes_blank and rules.source != _SOURCE_DOMINOES:
        found.append("dominoes_blank only applies to source 'dominoes'")
    if rules.cards_high and rules.source != _SOURCE_CARDS:
        found.append("cards_high only applies to source 'cards'")
    if rules.stakes != _STAKES_NONE and rules.chips < rules.ante:
        found.append("stakes: chips %d cannot pay an ante of %d" % (rules.chips, rules.ante))
    return found


def _can_shut_alone(rules, tile):
    """Can some roll of the rules' source shut `tile` when it is the only tile open?"""
    if rules.unlucky_7 and tile == 7:
        return False  # every total of 7 ends the turn, and no die of a legal set shows 7
    by_die_value = rules.move in (_MOVE_THAI, _MOVE_SINGLE_DIE, _MOVE_YOUNG)
    if rules.source == _SOURCE_CARDS:
        return tile <= 6 or tile >= 11 or (rules.cards_high and tile <= 10)  # one card, one roll
    if rules.source == _SOURCE_DOMINOES:
        if 2 <= tile <= 12 or (tile == 1 and rules.dominoes_blank):
            return True
        return by_die_value and tile <= 6
    if rules.dice <= tile <= rules.dice * rules.faces:
        return True
    return tile <= rules.faces and (by_die_value or rules.one_die_allowed(bit(tile)))
