"""Restoring what a match, its round, random source and stakes declare in `SAVED` (the kinds
listed in game.snapshot) and their turns, each value checked, a turn's pending move shut again
tile by tile as the flaps were (game.snapshot_load's, for a match restored at boot), and the
checks both use: SnapshotError names the first field found wrong."""

from micropython import const

from game import unhexlify  # (a look-up: game's docstring says why)
from game.numbers import whole
from game.snapshot_format import DIE_MAX, TURN_FIELDS
from game.turn import AWAIT_MOVE, COMMITTED, MAX_DICE, OVER, is_error

_HALF = const(0xFFFF)


class SnapshotError(ValueError):
    """A snapshot that cannot be restored; `field` names the first part found wrong."""

    def __init__(self, field, problem):
        super().__init__("snapshot %s: %s" % (field, problem))
        self.field = field


def field_value(state, key, field):
    if not isinstance(state, dict):
        raise SnapshotError(field, "expected an object holding '%s'" % key)
    if key not in state:
        raise SnapshotError(field, "missing")
    return state[key]


def checked_int(value, field, low, high=None):
    if not whole(value):
        raise SnapshotError(field, "expected a whole number, got %r" % (value,))
    if not whole(value, low, high):
        raise SnapshotError(field, "%d is outside %d..%s" % (value, low, "" if high is None else high))
    return value


def checked_list(value, field, size):
    if not isinstance(value, list) or len(value) != size:
        raise SnapshotError(field, "expected a list of %d, got %r" % (size, value))
    return value


def _size(owner, name):
    """The size a SAVED field names: an attribute of `owner` or of its rules, a list's length."""
    size = getattr(owner, name, None)
    if size is None:
        size = getattr(owner.rules, name)
    return size if isinstance(size, int) else len(size)


def _load_turn(turn, value, field, rules, saved_fields):
    """Set `turn` from its saved list: the first `saved_fields` of TURN_FIELDS, then the dice."""
    values = checked_list(value, field, saved_fields + MAX_DICE)
    mask = rules.all_tiles()
    for index in range(saved_fields):
        name, high = TURN_FIELDS[index]
        number = checked_int(values[index], "%s.%s" % (field, name), 0, mask if high == -1 else high)
        setattr(turn, name, bool(number) if high == 1 else number)
    for index in range(MAX_DICE):
        turn.dice[index] = checked_int(values[saved_fields + index], field + ".dice", 0, DIE_MAX)
    pending = turn.pending
    turn.pending = 0
    if turn.state != OVER and not turn.open_mask:
        raise SnapshotError(field, "a turn with no tile left to shut is not over")
    if turn.state == AWAIT_MOVE and not turn.legal_moves():
        raise SnapshotError(field, "a move is due but none fits the dice")
    tile = 1
    while pending:  # shut again one by one, as the flaps were: each must fit the dice
        if pending & 1:
            result = turn.tile_shut(tile)
            if is_error(result) or result == COMMITTED:
                raise SnapshotError(field + ".pending", "tile %d does not fit the move" % tile)
        pending >>= 1
        tile += 1


def load_saved(owner, state, prefix, match, saved_fields):
    """Set what owner.SAVED declares from `state`, each value checked (game.snapshot's kinds)."""
    for key, name, kind, size_name in owner.SAVED:
        held = getattr(owner, name)
        field = prefix + key
        if kind == "o" and held is None:
            continue
        value = field_value(state, key, field)
        size = _size(owner, size_name) if size_name else None
        if kind == "o":
            load_saved(held, value, field + ".", match, saved_fields)
        elif kind == "d":
            try:
                owner.deal()
            except ValueError as error:
                raise SnapshotError(field, str(error)) from None
            load_saved(getattr(owner, name), value, field + ".", match, saved_fields)
        elif kind == "t":
            if value is not None or not match.over:  # a match over keeps no turn
                _load_turn(held, value, field, match.rules, saved_fields)
        elif kind == "T":  # a Turn for each row (None: a row without one)
            checked_list(value, field, len(held))
            for row in range(len(held)):
                at = "%s[%d]" % (field, row)
                if (value[row] is None) != (held[row] is None):
                    raise SnapshotError(at, "does not match the players of the round")
                if held[row] is not None:
                    _load_turn(held[row], value[row], at, match.rules, saved_fields)
        elif kind == "g":  # the generator's [high, low]
            pair = checked_list(value, field, 2)
            high = checked_int(pair[0], field, 0)
            low = checked_int(pair[1], field, 0)
            if not (0 < high | low <= _HALF):
                raise SnapshotError(field, "%r is not a state of the generator" % ([high, low],))
            held.high = high
            held.low = low
        elif kind == "x":  # a bag's pieces, in hexadecimal: the same ones it holds
            try:
                pieces = unhexlify(value)
            except (TypeError, ValueError):
                raise SnapshotError(field, "expected hexadecimal pieces, got %r" % (value,)) from None
            if sorted(pieces) != sorted(held):
                raise SnapshotError(field, "does not hold this source's pieces")
            for index in range(len(pieces)):
                held[index] = pieces[index]
        elif kind in "NBSPO":
            setattr(owner, name, _players(value, field, kind, size) if kind in "PO"
                    else _numbers(value, field, kind, held, size))
        else:
            high = None if kind == "n" else 1 if kind == "b" else size if kind == "u" else size - 1
            number = checked_int(value, field, -1 if kind == "s" else 0, high)
            setattr(owner, name, bool(number) if kind == "b" else number)


def _numbers(value, field, kind, held, high):
    """A list as long as the one `held`: flags ("B"), scores or null ("S"), numbers ("N")."""
    checked_list(value, field, len(held))
    for index in range(len(value)):
        if value[index] is not None or kind != "S":
            checked_int(value[index], "%s[%d]" % (field, index), 0, 1 if kind == "B" else high)
    return bytearray(value) if isinstance(held, bytearray) else value


def _players(value, field, kind, players):
    """Up to `players` players, each 0..players-1 (kind "O": at least one)."""
    if isinstance(value, list) and len(value) <= players:
        if kind == "O" and not value:
            raise SnapshotError(field, "a round needs at least one player")
        for index in range(len(value)):
            checked_int(value[index], "%s[%d]" % (field, index), 0, players - 1)
        return value
    raise SnapshotError(field, "expected a list of %d, got %r" % (players, value))
