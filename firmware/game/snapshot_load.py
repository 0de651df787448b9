"""Restoring a snapshot (game.snapshot's format): every field checked, SnapshotError naming the
first one found wrong. Needed only when the box boots with a saved match, so it is a module of
its own, let go after boot (main.py).

Format 1, as the firmware before format 2 saved it, is read too (its turns lack the pending
move: none is restored), so a firmware update never drops a match in progress."""

from binascii import unhexlify

from micropython import const

from game.config import ConfigError, rules_from_config
from game.dice import MAX_DICE
from game.match import start_match
from game.numbers import whole
from game.prng import Xorshift32
from game.snapshot import _TURN, DIE_MAX, FORMAT, MAX_PLAYERS, SnapshotError
from game.sources import source_for
from game.turn import AWAIT_MOVE, COMMITTED, OVER, is_error

_HALF = const(0xFFFF)
_NO_PENDING = const(1)  # the format whose turns end before "pending", _TURN's last field


def _get(state, key, field):
    if not isinstance(state, dict):
        raise SnapshotError(field, "expected an object holding '%s'" % key)
    if key not in state:
        raise SnapshotError(field, "missing")
    return state[key]


def _int(value, field, low, high=None):
    if not whole(value):
        raise SnapshotError(field, "expected a whole number, got %r" % (value,))
    if not whole(value, low, high):
        raise SnapshotError(field, "%d is outside %d..%s" % (value, low, "" if high is None else high))
    return value


def _list(value, field, size):
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
    """Set `turn` from its saved list: the first `saved_fields` of _TURN, then the dice."""
    values = _list(value, field, saved_fields + MAX_DICE)
    mask = rules.all_tiles()
    for index in range(saved_fields):
        name, high = _TURN[index]
        number = _int(values[index], "%s.%s" % (field, name), 0, mask if high == -1 else high)
        setattr(turn, name, bool(number) if high == 1 else number)
    for index in range(MAX_DICE):
        turn.dice[index] = _int(values[saved_fields + index], field + ".dice", 0, DIE_MAX)
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


def _load_turns(turns, value, field, match, saved_fields):
    """Set each Turn of the list `turns` (None: a row without one) from its saved list."""
    _list(value, field, len(turns))
    for row in range(len(turns)):
        at = "%s[%d]" % (field, row)
        if (value[row] is None) != (turns[row] is None):
            raise SnapshotError(at, "does not match the players of the round")
        if turns[row] is not None:
            _load_turn(turns[row], value[row], at, match.rules, saved_fields)


def _pieces(held, text, field):
    """A bag's saved pieces into `held`, which must hold the same ones."""
    try:
        pieces = unhexlify(text)
    except (TypeError, ValueError):
        raise SnapshotError(field, "expected hexadecimal pieces, got %r" % (text,)) from None
    if sorted(pieces) != sorted(held):
        raise SnapshotError(field, "does not hold this source's pieces")
    for index in range(len(pieces)):
        held[index] = pieces[index]


def _generator(rng, value, field):
    """The saved [high, low] into the generator `rng`."""
    pair = _list(value, field, 2)
    high = _int(pair[0], field, 0)
    low = _int(pair[1], field, 0)
    if not (0 < high | low <= _HALF):
        raise SnapshotError(field, "%r is not a state of the generator" % ([high, low],))
    rng.high = high
    rng.low = low


def _load(owner, state, prefix, match, saved_fields):
    """Set what owner.SAVED declares from `state`, each value checked (game.snapshot's kinds)."""
    for key, name, kind, size_name in owner.SAVED:
        held = getattr(owner, name)
        field = prefix + key
        if kind == "o" and held is None:
            continue
        value = _get(state, key, field)
        size = _size(owner, size_name) if size_name else None
        if kind == "o":
            _load(held, value, field + ".", match, saved_fields)
        elif kind == "d":
            try:
                owner.deal()
            except ValueError as error:
                raise SnapshotError(field, str(error)) from None
            _load(getattr(owner, name), value, field + ".", match, saved_fields)
        elif kind == "t":
            if value is not None or not match.over:  # a match over keeps no turn
                _load_turn(held, value, field, match.rules, saved_fields)
        elif kind == "T":
            _load_turns(held, value, field, match, saved_fields)
        elif kind == "g":
            _generator(held, value, field)
        elif kind == "x":
            _pieces(held, value, field)
        elif kind in "NBSPO":
            setattr(owner, name, _players(value, field, kind, size) if kind in "PO"
                    else _numbers(value, field, kind, held, size))
        else:
            high = None if kind == "n" else 1 if kind == "b" else size if kind == "u" else size - 1
            number = _int(value, field, -1 if kind == "s" else 0, high)
            setattr(owner, name, bool(number) if kind == "b" else number)


def _numbers(value, field, kind, held, high):
    """A list as long as the one `held`: flags ("B"), scores or null ("S"), numbers ("N")."""
    _list(value, field, len(held))
    for index in range(len(value)):
        if value[index] is not None or kind != "S":
            _int(value[index], "%s[%d]" % (field, index), 0, 1 if kind == "B" else high)
    return bytearray(value) if isinstance(held, bytearray) else value


def _players(value, field, kind, players):
    """Up to `players` players, each 0..players-1 (kind "O": at least one)."""
    if isinstance(value, list) and len(value) <= players:
        if kind == "O" and not value:
            raise SnapshotError(field, "a round needs at least one player")
        for index in range(len(value)):
            _int(value[index], "%s[%d]" % (field, index), 0, players - 1)
        return value
    raise SnapshotError(field, "expected a list of %d, got %r" % (players, value))


def restore(state, tally=None, playable=None):
    """(match, source) from a snapshot dict; SnapshotError naming the field if it cannot be.

    Pass a game.gamelog.MatchTally as `tally` to have it set from the snapshot too, and
    playable(rules) -> why the box cannot play them or None, to refuse (before building
    anything) a match saved on a box wired otherwise.
    """
    version = _get(state, "v", "v")
    if version != FORMAT and version != _NO_PENDING:
        raise SnapshotError("v", "format %r; this firmware reads formats %d and %d" % (version, _NO_PENDING, FORMAT))
    saved_fields = len(_TURN) - 1 if version == _NO_PENDING else len(_TURN)
    names = _get(state, "rules", "rules")
    try:
        rules = rules_from_config(names)
    except ConfigError as error:
        raise SnapshotError("rules", str(error)) from None
    problem = None if playable is None else playable(rules)
    if problem is not None:
        raise SnapshotError("rules", "saved on another box: this one %s" % problem)
    players = _int(_get(state, "players", "players"), "players", 1, MAX_PLAYERS)
    first = _int(_get(state, "first", "first"), "first", 0, players - 1)
    source = source_for(rules, Xorshift32())
    try:
        match = start_match(rules, players, first)
    except ValueError as error:
        raise SnapshotError("players", str(error)) from None
    _load(source, _get(state, "source", "source"), "source.", match, saved_fields)
    _load(match, state, "", match, saved_fields)
    saved = match.current
    match.restored()
    if not match.over and not match.simultaneous and (saved < 0 or saved != match.current):
        raise SnapshotError("current", "it is player %d's turn, not %d's" % (match.current, saved))
    if tally is not None and "tally" in state:
        values = _list(state["tally"], "tally", len(tally.as_list()))
        for index in range(len(values)):
            _int(values[index], "tally[%d]" % index, -1)  # a best score is -1 until there is one
        tally.load(values)
    return match, source
