"""A rule set's optimal-play table found in game/tables/policies.bin (tools/coach/gen_policy.py
writes it, with policies.py, its index): the rule set's key, its index entry, and the file
opened where its table starts. game.strategy.load imports this module for one look and it lets
itself go (sys.modules and the game package forget it), with the index, so none of it stays in
the heap in play.
"""

from micropython import const

from game import forget

_OBJ_SHUT = const(0)  # game.strategy's objectives (copies: game.strategy imports this module)
_OBJ_SCORE = const(1)
_MATCH_LONG_GAME = const(4)  # game.rules' (a copy: see there)
_MATCH_RACE = const(5)
_MOVE_THAI = const(1)
_SOURCE_DICE = const(0)
_SOURCE_MANUAL = const(1)

_POLICIES = "policies.bin"
_HERE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."


def objective_of(rules):
    """What a rule set plays for: shutting (thai's jackpot, the race, the long game) or the
    lowest score (every game where the lowest score wins)."""
    if rules.move == _MOVE_THAI or rules.match == _MATCH_RACE or rules.match == _MATCH_LONG_GAME:
        return _OBJ_SHUT
    return _OBJ_SCORE


def policy_key(rules):
    """The play-relevant axes of a rule set as a string (equal keys share a table), or None
    when no table can exist (dominoes, cards, more than 12 tiles or 2 dice)."""
    if rules.source != _SOURCE_DICE and rules.source != _SOURCE_MANUAL:
        return None
    if rules.tiles > 12 or rules.dice > 2:
        return None
    objective = objective_of(rules)
    key = "t%d d%d f%d o%d m%d s%d u%d r%d" % (
        rules.tiles, rules.dice, rules.faces, rules.one_die, rules.move,
        1 if rules.second_die_optional else 0, 1 if rules.unlucky_7 else 0,
        1 if rules.double_rethrow else 0)
    if rules.must_first:
        key += " first%d start%d" % (rules.must_first, rules.start_mask())
    if objective == _OBJ_SCORE:
        return key + " score%d" % rules.scoring
    return key + " shut"


def read_policy(rules):
    """(index entry, the open policies.bin, where the table starts in it) of the table generated
    for a rule set (the entry as policies.py documents it), or None when there is none;
    ValueError when its file is missing or cut short. Lets this module go: call it once per
    import."""
    forget("game.policy_file")
    key = policy_key(rules)
    if key is None:
        return None
    from game.tables import policies

    entry = None
    for candidate in policies.TABLES:
        if candidate[0] == key:
            entry = candidate
            break
    forget("game.tables.policies")
    if entry is None:
        return None
    size = sum(entry[5])
    try:
        try:  # where tools/flash.py put it, shared by the board's firmware trees (let go)
            from game.tables.files import _POLICIES as path  # pyright: ignore[reportMissingImports]
            forget("game.tables.files")
        except ImportError:  # the simulator, mip, a copy of the sources: game/tables/
            path = _HERE + "/tables/" + _POLICIES
        table = open(path, "rb")
    except OSError:
        table = None
    start = 0 if table is None else _table_start(table, entry[1])
    held = 0 if table is None or start == 0 else table.seek(0, 2) - start
    if held < size:
        if table is not None:
            table.close()
        raise ValueError("%s: table %d holds %d of %d bytes: flash the firmware again"
                         % (_POLICIES, entry[1], held if held > 0 else 0, size))
    return entry, table, start


def _table_start(table, number):
    """Where table `number` starts in the open policies.bin (0: its header is cut short)."""
    table.seek(1 + 3 * number)
    where = table.read(3)
    if len(where) != 3:
        return 0
    return where[0] | (where[1] << 8) | (where[2] << 16)
