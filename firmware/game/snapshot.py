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
from binascii import hexlify

from micropython import const

from game.dice import MAX_DICE
from game.rules import (
    MATCH_LONG_GAME,
    MATCH_RACE,
    SOURCE_CARDS,
    SOURCE_DOMINOES,
    SOURCE_MANUAL,
    Rules,
)
from game.turn import COMMITTED, END_NAMES, ENDED, FREE_THROW, OVER, ROLLED

FORMAT = const(2)  # 2: a turn keeps its pending move (format 1, without it, is read too)
MAX_PLAYERS = const(8)
MAX_BYTES = const(3072)  # encode()'s longest, 8 players on 24 tiles, is 2391 (a test measures)
DIE_MAX = const(20)
_SAVE_AFTER = (ROLLED, FREE_THROW, ENDED, COMMITTED)

# What a field holds. One number: COUNT 0 or more, FLAG 0/1 (a bool), SEAT -1..size-1,
# INDEX 0..size-1, UPTO 0..size. A list: COUNTS (size numbers, 0 or more), FLAGS (size
# 0/1, a bytearray), SCORES (size numbers or nulls), PLAYERS (up to size players).
COUNT = const(0)
FLAG = const(1)
SEAT = const(2)
INDEX = const(3)
UPTO = const(4)
COUNTS = const(5)
FLAGS = const(6)
SCORES = const(7)
PLAYERS = const(8)

# (key in the snapshot, attribute, what it holds, its size: "p" players, "r" rows, "s" seats
# of the round, "o" players of the round, "m" the box's mask), per object saved.
_STANDINGS = (("totals", "totals", COUNTS, "p"), ("dropped", "dropped", FLAGS, "p"),
              ("rounds", "rounds_played", COUNT, ""), ("wins", "round_wins", COUNTS, "p"),
              ("over", "over", FLAG, ""), ("winners", "final_winners", PLAYERS, "p"),
              ("current", "current", SEAT, "p"), ("row", "row", SEAT, "r"))
_LEDGER = (("pot", "pot", COUNT, ""), ("chips", "chips", COUNTS, "p"),
           ("anted", "anted", COUNTS, "p"))
_LONG_GAME = (("up", "up_mask", UPTO, "m"),)
_RACE = (("place", "place", INDEX, "p"), ("waiting", "waiting", FLAGS, "p"))
_ROUND_MATCH = (("order", "order", PLAYERS, "p"), ("seats", "seats", PLAYERS, "p"),
                ("scores", "scores", SCORES, "p"), ("lost", "lost", FLAGS, "p"),
                ("last", "last_scores", SCORES, "p"), ("last_winners", "last_winners", PLAYERS, "p"))
_ROUND = (("scores", "scores", SCORES, "s"), ("lost", "lost", FLAGS, "s"),
          ("shut_by", "shut_by", SEAT, "s"), ("over", "over", FLAG, ""))
_LEG = (("current", "current", INDEX, "s"), ("played", "turns_played", UPTO, "s"))
_AT_ONCE = (("finished", "finished", UPTO, "o"),)
# A Turn's state as one list: these attributes, with their highest values (1: a flag, kept as a
# bool; -1: a mask of the box's tiles; None: no limit), then its four dice.
_TURN = (("state", OVER), ("ended", len(END_NAMES) - 1), ("open_mask", -1), ("start_mask", -1),
         ("rolls", None), ("moves_made", None), ("one_die", 1), ("dice_count", MAX_DICE),
         ("total", MAX_DICE * DIE_MAX), ("die_mask", -1), ("dice_distinct", 1), ("required", -1),
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
        state[key] = int(value) if kind == FLAG else list(value) if kind >= COUNTS else value
    return state


def _turn_values(turn):
    if turn is None:
        return None
    values = [int(getattr(turn, name)) for name, _high in _TURN]
    values.extend(turn.dice)
    return values


def _source_state(rules, source):
    if rules.source == SOURCE_MANUAL:
        return {"hand": list(source.values)}
    rng = [source.rng.high, source.rng.low]
    if rules.source == SOURCE_DOMINOES or rules.source == SOURCE_CARDS:  # a game.bag.Bag
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
        "source": _source_state(rules, source),
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
    if match.simultaneous:
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


def restore(state, tally=None, playable=None):
    """(match, source) from a snapshot dict; SnapshotError naming the field if it cannot be.

    Pass a stats.MatchTally as `tally` to have it set from the snapshot too, and
    playable(rules) -> why the box cannot play them or None, to refuse (before building
    anything) a match saved on a box wired otherwise.
    """
    from game.snapshot_load import restore as restore_state

    return restore_state(state, tally, playable)
