"""The match in progress as a compact JSON-ready dict, so that a box which loses power carries on
exactly where it was: rules, standings, chips, whose turn and where in it, the random source.

When the app saves (one AtomicFile write each, `saves_after(result)` says when):
    after every accepted roll (ROLLED, FREE_THROW), every committed move (COMMITTED; a roll
    commits the pending move itself) and every tile that joins the pending move beyond the
    tiles saved pending (so a take-back and the same tile shut again cost nothing). When a
    roll or a move ends the turn (ENDED, or COMMITTED with the box shut), call
    `match.end_turn(row)` first and save once. A turn therefore costs at most 2 * tiles + 1
    writes (plus one per free throw, and one per other tile shut after a take-back): 19 for 9.
Saving after every roll means pulling the plug never re-rolls dice the player did not like.

The pending move (tiles shut since the roll, not yet committed) is saved too, as the tiles
accepted in it: after a cut the same flaps mean the same move, and a flap shut by mistake
stays the refused one. After a restore the app compares the switches with
`expected_open_mask(match, row)` less the pending tiles: a pending tile whose flap is up was
taken back, other tiles shut on the box but expected up are fed again to `turn.tile_shut()`,
and a tile up on the box but expected shut must be shut again (shown on the LEDs). Use
`source.rng` as the generator from then on.
A restored turn that is OVER still needs `match.end_turn(row)` (harmless when already done).
"""

import json
from binascii import hexlify, unhexlify

from micropython import const

from game.bag import Bag
from game.config import ConfigError, rules_from_config
from game.dice import MAX_DICE, HandDice
from game.long_game import LongGame
from game.match import start_match
from game.prng import Xorshift32
from game.race import Race
from game.round import Round
from game.rows import SimultaneousRound
from game.rules import MATCH_LONG_GAME, MATCH_RACE, MATCH_SINGLE, SOURCE_MANUAL, Rules
from game.sources import source_for
from game.turn import AWAIT_MOVE, COMMITTED, END_NAMES, ENDED, FREE_THROW, OVER, ROLLED, is_error

FORMAT = const(2)  # 2: a turn keeps its pending move
MAX_PLAYERS = const(8)
MAX_BYTES = const(3072)  # encode()'s longest, 8 players on 24 tiles, is 2391 (a test measures)
_HALF = const(0xFFFF)
_DIE_MAX = const(20)
_SAVE_AFTER = (ROLLED, FREE_THROW, ENDED, COMMITTED)

# What a field holds. One number: _COUNT 0 or more, _FLAG 0/1 (a bool), _SEAT -1..size-1,
# _INDEX 0..size-1, _UPTO 0..size. A list: _COUNTS (size numbers, 0 or more), _FLAGS (size
# 0/1, a bytearray), _SCORES (size numbers or nulls), _PLAYERS (up to size players).
_COUNT = const(0)
_FLAG = const(1)
_SEAT = const(2)
_INDEX = const(3)
_UPTO = const(4)
_COUNTS = const(5)
_FLAGS = const(6)
_SCORES = const(7)
_PLAYERS = const(8)

# (key in the snapshot, attribute, what it holds, its size: "p" players, "r" rows, "s" seats
# of the round, "o" players of the round, "m" the box's mask), per object saved.
_STANDINGS = (("totals", "totals", _COUNTS, "p"), ("dropped", "dropped", _FLAGS, "p"),
              ("rounds", "rounds_played", _COUNT, ""), ("wins", "round_wins", _COUNTS, "p"),
              ("over", "over", _FLAG, ""), ("winners", "final_winners", _PLAYERS, "p"),
              ("current", "current", _SEAT, "p"), ("row", "row", _SEAT, "r"))
_LEDGER = (("pot", "pot", _COUNT, ""), ("chips", "chips", _COUNTS, "p"),
           ("anted", "anted", _COUNTS, "p"))
_LONG_GAME = (("up", "up_mask", _UPTO, "m"),)
_RACE = (("place", "place", _INDEX, "p"), ("waiting", "waiting", _FLAGS, "p"))
_ROUND_MATCH = (("order", "order", _PLAYERS, "p"), ("seats", "seats", _PLAYERS, "p"),
                ("scores", "scores", _SCORES, "p"), ("lost", "lost", _FLAGS, "p"),
                ("last", "last_scores", _SCORES, "p"), ("last_winners", "last_winners", _PLAYERS, "p"))
_ROUND = (("scores", "scores", _SCORES, "s"), ("lost", "lost", _FLAGS, "s"),
          ("shut_by", "shut_by", _SEAT, "s"), ("over", "over", _FLAG, ""))
_LEG = (("current", "current", _INDEX, "s"), ("played", "turns_played", _UPTO, "s"))
_AT_ONCE = (("finished", "finished", _UPTO, "o"),)
# A Turn's state as one list: these attributes, with their highest values (1: a flag, kept as a
# bool; -1: a mask of the box's tiles; None: no limit), then its four dice.
_TURN = (("state", OVER), ("ended", len(END_NAMES) - 1), ("open_mask", -1), ("start_mask", -1),
         ("rolls", None), ("moves_made", None), ("one_die", 1), ("dice_count", MAX_DICE),
         ("total", MAX_DICE * _DIE_MAX), ("die_mask", -1), ("dice_distinct", 1), ("required", -1),
         ("pending", -1))


class SnapshotError(ValueError):
    """A snapshot that cannot be restored; `field` names the first part found wrong."""

    def __init__(self, field, problem):
        super().__init__("snapshot %s: %s" % (field, problem))
        self.field = field


def saves_after(result):
    """Should the app save after a Turn event with this result (see the module docstring)?"""
    return result in _SAVE_AFTER


# -- saving ----------------------------------------------------------------------------------

def _save(owner, fields, state):
    for key, name, kind, _size in fields:
        value = getattr(owner, name)
        state[key] = int(value) if kind == _FLAG else list(value) if kind >= _COUNTS else value
    return state


def _turn_values(turn):
    if turn is None:
        return None
    values = [int(getattr(turn, name)) for name, _high in _TURN]
    values.extend(turn.dice)
    return values


def _source_state(source):
    if isinstance(source, HandDice):
        return {"hand": list(source.values)}
    rng = [source.rng.high, source.rng.low]
    if isinstance(source, Bag):
        return {"rng": rng, "bag": hexlify(bytes(source.pieces)).decode(), "left": source.remaining}
    return {"rng": rng}


def snapshot(match, source, tally=None):
    """The match, its random source and (optionally) its stats.MatchTally as a JSON-ready dict."""
    if match.players > MAX_PLAYERS:
        raise ValueError("a snapshot holds up to %d players, not %d" % (MAX_PLAYERS, match.players))
    rules = match.rules
    classic = Rules().as_names()
    names = rules.as_names()
    state = _save(match, _STANDINGS, {
        "v": FORMAT,
        "rules": {name: names[name] for name in names if names[name] != classic[name]},
        "players": match.players,
        "source": _source_state(source),
    })
    if match.ledger is not None:
        state["ledger"] = _save(match.ledger, _LEDGER, {})
    if tally is not None:
        state["tally"] = tally.as_list()
    if rules.match == MATCH_LONG_GAME:
        state["first"] = match.shutter
        state["turn"] = _turn_values(match.turn)
        return _save(match, _LONG_GAME, state)
    if rules.match == MATCH_RACE:
        state["first"] = match.order[0]
        state["turns"] = [_turn_values(turn) for turn in match.turns]
        return _save(match, _RACE, state)
    state["first"] = match.first
    round_now = match.round
    if isinstance(round_now, SimultaneousRound):
        saved_round = _save(round_now, _AT_ONCE, {"turns": [_turn_values(turn) for turn in round_now.turns]})
    else:
        saved_round = _save(round_now, _LEG, {"turn": _turn_values(round_now.turn)})
    state["round"] = _save(round_now, _ROUND, saved_round)
    return _save(match, _ROUND_MATCH, state)


def encode(match, source, tally=None):
    """The snapshot as compact JSON bytes, ready for AtomicFile.save()."""
    return json.dumps(snapshot(match, source, tally), separators=(",", ":")).encode()


def expected_open_mask(match, row):
    """The tiles that should be up on flap row `row` after the committed moves, or None when
    the match does not track that row now (nobody plays it, or the match is over)."""
    if match.over:
        return None
    if match.rules.match == MATCH_LONG_GAME:
        if row != 0:
            return None
        if match.current == match.shutter:
            return match.turn.open_mask
        return match.all_tiles & ~match.turn.open_mask  # the uncoverer's "open" tiles are down
    if match.rules.match == MATCH_RACE:
        return match.turns[row].open_mask if 0 <= row < match.players else None
    turn = match.turn_on(row)
    return None if turn is None else turn.open_mask


# -- restoring -------------------------------------------------------------------------------

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
    if kind < _COUNTS:
        high = None if kind == _COUNT else 1 if kind == _FLAG else size if kind == _UPTO else size - 1
        number = _int(value, field, -1 if kind == _SEAT else 0, high)
        return bool(number) if kind == _FLAG else number
    high = 1 if kind == _FLAGS else None
    if kind == _PLAYERS:
        high = size - 1
        if isinstance(value, list) and len(value) < size:
            size = len(value)  # any number of them, up to every player
    _list(value, field, size)
    for index in range(len(value)):
        if value[index] is not None or kind != _SCORES:
            _int(value[index], "%s[%d]" % (field, index), 0, high)
    return bytearray(value) if kind == _FLAGS else value


def _load(owner, fields, state, prefix, sizes):
    for key, name, kind, size in fields:
        field = prefix + key
        setattr(owner, name, _check(_get(state, key, field), field, kind, sizes.get(size)))


def _load_turn(turn, value, field, rules):
    values = _list(value, field, len(_TURN) + MAX_DICE)
    mask = rules.all_tiles()
    for index in range(len(_TURN)):
        name, high = _TURN[index]
        number = _int(values[index], "%s.%s" % (field, name), 0, mask if high == -1 else high)
        setattr(turn, name, bool(number) if high == 1 else number)
    for index in range(MAX_DICE):
        turn.dice[index] = _int(values[len(_TURN) + index], field + ".dice", 0, _DIE_MAX)
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
        source = HandDice(rules.faces)
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
    if isinstance(source, Bag):
        text = _get(state, "bag", "source.bag")
        try:
            pieces = unhexlify(text)
        except (TypeError, ValueError):
            raise SnapshotError("source.bag", "expected hexadecimal pieces, got %r" % (text,)) from None
        if sorted(pieces) != sorted(source.pieces):
            raise SnapshotError("source.bag", "does not hold this source's pieces")
        for index in range(len(pieces)):
            source.pieces[index] = pieces[index]
        source.remaining = _int(_get(state, "left", "source.left"), "source.left", 0, len(pieces))
    return source


def _restore_round(match, saved, sizes):
    rules = match.rules
    if match.simultaneous:
        sizes["s"] = rules.rows
        round_now = SimultaneousRound(rules, rules.rows, match.order, match.table, rules.match != MATCH_SINGLE)
        turns = _list(_get(saved, "turns", "round.turns"), "round.turns", rules.rows)
        for row in range(rules.rows):
            field = "round.turns[%d]" % row
            if (turns[row] is None) != (round_now.turns[row] is None):
                raise SnapshotError(field, "does not match the players of the round")
            if turns[row] is not None:
                _load_turn(round_now.turns[row], turns[row], field, rules)
        _load(round_now, _AT_ONCE, saved, "round.", sizes)
        _load(round_now, _ROUND, saved, "round.", sizes)
        match.round = round_now
        return match.current
    sizes["s"] = len(match.seats)
    if not match.seats:
        raise SnapshotError("seats", "a round needs at least one player")
    round_now = Round(rules, len(match.seats), table=match.table)
    _load(round_now, _LEG, saved, "round.", sizes)
    _load_turn(round_now.turn, _get(saved, "turn", "round.turn"), "round.turn", rules)
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
    if version != FORMAT:
        raise SnapshotError("v", "format %r; this firmware reads format %d" % (version, FORMAT))
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
    if isinstance(match, LongGame):
        _load(match, _LONG_GAME, state, "", sizes)
        if not match.over:
            _load_turn(match.turn, _get(state, "turn", "turn"), "turn", rules)
        playing = match.current
    elif isinstance(match, Race):
        turns = _list(_get(state, "turns", "turns"), "turns", players)
        for player in range(players):
            _load_turn(match.turns[player], turns[player], "turns[%d]" % player, rules)
        _load(match, _RACE, state, "", sizes)
        playing = match.order[match.place]
        match.turn = match.turns[playing]
    else:
        match.first = first
        _load(match, _ROUND_MATCH, state, "", sizes)
        if not match.order:
            raise SnapshotError("order", "a round needs at least one player")
        sizes["o"] = len(match.order)
        playing = _restore_round(match, _get(state, "round", "round"), sizes)
        if match.simultaneous and not match.over:
            match.turn = None
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
