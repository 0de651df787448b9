"""Saving the match in progress as a compact JSON-ready dict (rules, standings, chips, whose turn
and where in it, the random source), so that a box which loses power carries on exactly where it
was; game.snapshot_load restores it. A save loads this module alone (game.snapshot_rules names
the rules at a match's first save, game.rule_names too when the match is not classic)."""

# When the app saves (one AtomicFile write each, `saves_after(result)` says when): after every
# accepted roll (ROLLED, FREE_THROW), every committed move (COMMITTED; a roll commits the pending
# move itself) and every tile that joins the pending move beyond the tiles saved pending (so a
# take-back and the same tile shut again cost nothing). When a roll or a move ends the turn
# (ENDED, or COMMITTED with the box shut), call `match.end_turn(row)` first and save once. A turn
# therefore costs at most 2 * tiles + 1 writes (plus one per free throw, and one per other tile
# shut after a take-back): 19 for 9. Saving after every roll means pulling the plug never
# re-rolls dice the player did not like. The pending move (tiles shut since the roll, not yet
# committed) is saved too, as the tiles accepted in it (game.snapshot_load says how it comes back).

from game import hexlify, json  # (a look-up: game's docstring says why)
from game.snapshot_format import FORMAT, MAX_PLAYERS, TURN_FIELDS
from game.turn import SAVES_AFTER

# Each match, round, source and the stakes' Ledger declare what is kept of them in `SAVED`:
# (key in the snapshot, attribute, kind, size), the size an attribute of the object (a number,
# or a list whose length it is) or, failing that, of its rules. The kinds:
#   one number: "n" 0 or more, "b" a flag (a bool, kept 0/1), "s" a seat -1..size-1,
#     "i" an index 0..size-1, "u" 0..size;
#   a list as long as the one held: "N" numbers 0 or more (at most size when there is one),
#     "B" flags 0/1 (a bytearray), "S" scores (numbers, or null for none yet);
#   players: "P" up to size of them (0..size-1), "O" the same, at least one;
#   "g" the generator's state [high, low]; "x" a bag's pieces in hexadecimal, in drawing order;
#   "t" a Turn (below), null when there is none; "T" a list of Turns, null where a row has none;
#   "o" an object with its own SAVED, left out when there is none (the Ledger without stakes);
#   "d" an object its owner builds anew with deal() (the round), from what comes before it.
# A Turn is one list (game.snapshot_format.TURN_FIELDS, then its four dice).
#
# Every save of a match imports this module in a tick of its own (app.keeper_jobs), and each
# name a module holds is looked up among the interned ones as it loads (some 0.1 ms of a Pico's
# each; the import with 53 took an emulated RP2040 14 ms of a tick over 20, issue 45): the
# rules' names are game.snapshot_rules' (a match's first save), the kinds a value keeps as it is
# are told apart by their place in _KINDS (one name, not seven).
_KINDS = "odtTgxb"  # _save_steps' kinds: "o" or "d" (at 0, 1), "t" 2, "T" 3, "g" 4, "x" 5, "b" 6


def saves_after(result):
    """Should the app save after a Turn event with this result (see the comment above)?"""
    return result in SAVES_AFTER


def _turn_values(turn):
    if turn is None:
        return None
    values = [int(getattr(turn, name)) for name, _high in TURN_FIELDS]
    values.extend(turn.dice)
    return values


def _save_steps(owner, state):
    """`state` with what owner.SAVED declares, in steps: a generator that stops after each
    value kept (those of an object kept inside it too)."""
    for key, name, kind, _size in owner.SAVED:
        value = getattr(owner, name)
        at = _KINDS.find(kind)
        if at < 0:  # a number, or a list kept as it is
            state[key] = list(value) if kind in "NBSPO" else value
        elif at < 2:  # "o", "d": an object with its own SAVED (none: left out)
            if value is not None:
                part = state[key] = {}
                yield from _save_steps(value, part)
        elif at == 2:
            state[key] = _turn_values(value)
        elif at == 3:
            turns = state[key] = []
            for turn in value:
                turns.append(_turn_values(turn))
        elif at == 4:
            state[key] = [value.high, value.low]
        elif at == 5:
            state[key] = hexlify(bytes(value)).decode()
        else:
            state[key] = int(value)
        yield


def snapshot(match, source, tally=None):
    """The match, its random source and (optionally) its game.gamelog.MatchTally as a JSON-ready dict."""
    state = {}
    for _step in snapshot_steps(match, source, tally, state):
        pass
    return state


def snapshot_steps(match, source, tally, state, rules=None):
    """snapshot() in steps, a generator filling `state`: it stops after each value kept, so a
    save can be spread over several ticks of the App's loop (app.keeper_save: a match that
    changes meanwhile is encoded again from the start). `rules`: game.snapshot_rules'
    rules_named(match.rules), made already (app.keeper keeps it for the match's saves)."""
    if match.players > MAX_PLAYERS:
        raise ValueError("a snapshot holds up to %d players, not %d" % (MAX_PLAYERS, match.players))
    if rules is None:
        from game.snapshot_rules import rules_named

        rules = rules_named(match.rules)
    state["v"] = FORMAT
    state["rules"] = rules
    state["players"] = match.players
    part = state["source"] = {}
    for _step in _save_steps(source, part):
        pass
    if tally is not None:
        counts = state["tally"] = []
        for name in tally.FIELDS:
            counts.append(getattr(tally, name))
    yield
    yield from _save_steps(match, state)


def encode(match, source, tally=None):
    """The snapshot as compact JSON bytes, ready for hal.storage_save's save()."""
    return dumps(snapshot(match, source, tally))


def dumps(state):
    """A snapshot (snapshot_steps' state) as compact JSON bytes."""
    return json.dumps(state, separators=(",", ":")).encode()
