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
from game.prng import Xorshift32
from game.rules import (
    MATCH_LONG_GAME,
    MATCH_RACE,
    MATCH_SINGLE,
    SOURCE_CARDS,
    SOURCE_DOMINOES,
    SOURCE_MANUAL,
)
from game.snapshot import (
    _AT_ONCE,
    _LEDGER,
    _LEG,
    _LONG_GAME,
    _RACE,
    _ROUND,
    _ROUND_MATCH,
    _STANDINGS,
    _TURN,
    COUNT,
    COUNTS,
    DIE_MAX,
    FLAG,
    FLAGS,
    FORMAT,
    MAX_PLAYERS,
    PLAYERS,
    SCORES,
    SEAT,
    UPTO,
    SnapshotError,
)
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
    if not isinstance(value, int) or value is True or value is False:
        raise SnapshotError(field, "expected a whole number, got %r" % (value,))
    if value < low or (high is not None and value > high):
        raise SnapshotError(field, "%d is outside %d..%s" % (value, low, "" if high is None else high))
    return value


def _list(value, field, size):
    if not isinstance(value, list) or len(value) != size:
        raise SnapshotError(field, "expected a list of %d, got %r" % (size, value))
    return value


def _check(value, field, kind, size):
    """`value` as the attribute it restores, if it is what `kind` and `size` allow."""
    if kind < COUNTS:
        high = None if kind == COUNT else 1 if kind == FLAG else size if kind == UPTO else size - 1
        number = _int(value, field, -1 if kind == SEAT else 0, high)
        return bool(number) if kind == FLAG else number
    high = 1 if kind == FLAGS else None
    if kind == PLAYERS:
        high = size - 1
        if isinstance(value, list) and len(value) < size:
            size = len(value)  # any number of them, up to every player
    _list(value, field, size)
    for index in range(len(value)):
        if value[index] is not None or kind != SCORES:
            _int(value[index], "%s[%d]" % (field, index), 0, high)
    return bytearray(value) if kind == FLAGS else value


def _load(owner, fields, state, prefix, sizes):
    for key, name, kind, size in fields:
        field = prefix + key
        setattr(owner, name, _check(_get(state, key, field), field, kind, sizes.get(size)))


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


def _restore_source(rules, state):
    if rules.source == SOURCE_MANUAL:
        source = source_for(rules, None)  # hand-entered dice: no generator
        hand = _list(_get(state, "hand", "source.hand"), "source.hand", MAX_DICE)
        for index in range(MAX_DICE):
            source.values[index] = _int(hand[index], "source.hand", 0, rules.faces)
        return source
    pair = _list(_get(state, "rng", "source.rng"), "source.rng", 2)
    high = _int(pair[0], "source.rng", 0)
    low = _int(pair[1], "source.rng", 0)
    if not (0 < high | low <= _HALF):
        raise SnapshotError("source.rng", "%r is not a state of the generator" % ([high, low],))
    rng = Xorshift32()
    rng.high = high
    rng.low = low
    source = source_for(rules, rng)
    if rules.source == SOURCE_DOMINOES or rules.source == SOURCE_CARDS:  # a game.bag.Bag
        text = _get(state, "bag", "source.bag")
        try:
            pieces = unhexlify(text)
        except (TypeError, ValueError):
            raise SnapshotError("source.bag", "expected hexadecimal pieces, got %r" % (text,)) from None
        if sorted(pieces) != sorted(source.pieces):  # pyright: ignore[reportAttributeAccessIssue]
            raise SnapshotError("source.bag", "does not hold this source's pieces")
        for index in range(len(pieces)):
            source.pieces[index] = pieces[index]  # pyright: ignore[reportAttributeAccessIssue]
        source.remaining = _int(_get(state, "left", "source.left"), "source.left", 0, len(pieces))  # pyright: ignore[reportAttributeAccessIssue]
    return source


def _restore_round(match, saved, sizes, turn_fields):
    rules = match.rules
    if match.simultaneous:
        sizes["s"] = rules.rows
        from game.rows import SimultaneousRound

        round_now = SimultaneousRound(rules, rules.rows, match.order, match.table, rules.match != MATCH_SINGLE)
        turns = _list(_get(saved, "turns", "round.turns"), "round.turns", rules.rows)
        for row in range(rules.rows):
            field = "round.turns[%d]" % row
            if (turns[row] is None) != (round_now.turns[row] is None):
                raise SnapshotError(field, "does not match the players of the round")
            if turns[row] is not None:
                _load_turn(round_now.turns[row], turns[row], field, rules, turn_fields)
        _load(round_now, _AT_ONCE, saved, "round.", sizes)
        _load(round_now, _ROUND, saved, "round.", sizes)
        match.round = round_now
        return match.current
    sizes["s"] = len(match.seats)
    if not match.seats:
        raise SnapshotError("seats", "a round needs at least one player")
    from game.round import Round

    round_now = Round(rules, len(match.seats), table=match.table)
    _load(round_now, _LEG, saved, "round.", sizes)
    _load_turn(round_now.turn, _get(saved, "turn", "round.turn"), "round.turn", rules, turn_fields)
    _load(round_now, _ROUND, saved, "round.", sizes)
    match.round = round_now
    match.turn = round_now.turn
    return match.seats[round_now.current]


def restore(state, tally=None, playable=None):
    """(match, source) from a snapshot dict; SnapshotError naming the field if it cannot be.

    Pass a stats.MatchTally as `tally` to have it set from the snapshot too, and
    playable(rules) -> why the box cannot play them or None, to refuse (before building
    anything) a match saved on a box wired otherwise.
    """
    version = _get(state, "v", "v")
    if version != FORMAT and version != _NO_PENDING:
        raise SnapshotError("v", "format %r; this firmware reads formats %d and %d" % (version, _NO_PENDING, FORMAT))
    turn_fields = len(_TURN) - 1 if version == _NO_PENDING else len(_TURN)
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
    source = _restore_source(rules, _get(state, "source", "source"))
    try:
        match = start_match(rules, players, first)
    except ValueError as error:
        raise SnapshotError("players", str(error)) from None
    sizes = {"p": players, "r": rules.rows, "m": rules.all_tiles()}
    _load(match, _STANDINGS, state, "", sizes)
    if match.ledger is not None:
        _load(match.ledger, _LEDGER, _get(state, "ledger", "ledger"), "ledger.", sizes)
    if rules.match == MATCH_LONG_GAME:
        _load(match, _LONG_GAME, state, "", sizes)
        if not match.over:
            _load_turn(match.turn, _get(state, "turn", "turn"), "turn", rules, turn_fields)
        playing = match.current
    elif rules.match == MATCH_RACE:
        turns = _list(_get(state, "turns", "turns"), "turns", players)
        for player in range(players):
            _load_turn(match.turns[player], turns[player], "turns[%d]" % player, rules, turn_fields)  # pyright: ignore[reportAttributeAccessIssue]
        _load(match, _RACE, state, "", sizes)
        playing = match.order[match.place]  # pyright: ignore[reportAttributeAccessIssue]
        match.turn = match.turns[playing]  # pyright: ignore[reportAttributeAccessIssue]
    else:
        match.first = first  # pyright: ignore[reportAttributeAccessIssue]
        _load(match, _ROUND_MATCH, state, "", sizes)
        if not match.order:  # pyright: ignore[reportAttributeAccessIssue]
            raise SnapshotError("order", "a round needs at least one player")
        sizes["o"] = len(match.order)  # pyright: ignore[reportAttributeAccessIssue]
        playing = _restore_round(match, _get(state, "round", "round"), sizes, turn_fields)
        if match.simultaneous and not match.over:
            match.turn = None  # pyright: ignore[reportAttributeAccessIssue]
    if match.over:
        match._finish(match.final_winners)  # as the match left itself: nobody plays now
    elif not match.simultaneous and (match.current < 0 or match.current != playing):
        raise SnapshotError("current", "it is player %d's turn, not %d's" % (playing, match.current))
    if tally is not None and "tally" in state:
        values = _list(state["tally"], "tally", len(tally.as_list()))
        for index in range(len(values)):
            _int(values[index], "tally[%d]" % index, -1)  # a best score is -1 until there is one
        tally.load(values)
    return match, source

