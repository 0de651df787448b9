"""Saving the match in progress as a compact JSON-ready dict (rules, standings, chips, whose turn
and where in it, the random source), so that a box which loses power carries on exactly where it
was; game.snapshot_load restores it. A save loads this module alone (the rules' names too when
the match is not classic)."""

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
from game.rule_set import AXES, Rules
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


def saves_after(result):
    """Should the app save after a Turn event with this result (see the comment above)?"""
    return result in SAVES_AFTER


def _turn_values(turn):
    if turn is None:
        return None
    values = [int(getattr(turn, name)) for name, _high in TURN_FIELDS]
    values.extend(turn.dice)
    return values


def _save(owner, state):
    """`state` with what owner.SAVED declares."""
    for _step in _save_steps(owner, state):
        pass
    return state


def _save_steps(owner, state):
    """_save in steps, a generator that stops after each value kept (those of an object kept
    inside it too)."""
    for key, name, kind, _size in owner.SAVED:
        value = getattr(owner, name)
        if kind == "o" or kind == "d":
            if value is not None:
                part = state[key] = {}
                yield from _save_steps(value, part)
        elif kind == "t":
            state[key] = _turn_values(value)
        elif kind == "T":
            state[key] = [_turn_values(turn) for turn in value]
        elif kind == "g":
            state[key] = [value.high, value.low]
        elif kind == "x":
            state[key] = hexlify(bytes(value)).decode()
        elif kind == "b":
            state[key] = int(value)
        else:
            state[key] = list(value) if kind in "NBSPO" else value
        yield


def snapshot(match, source, tally=None):
    """The match, its random source and (optionally) its game.gamelog.MatchTally as a JSON-ready dict."""
    state = {}
    for _step in snapshot_steps(match, source, tally, state):
        pass
    return state


def rules_named(rules):
    """The axes of `rules` that differ from classic, as a configuration file names them (a
    snapshot's "rules"): game.rule_names is imported only when one of them has names."""
    named = {}
    for axis in AXES:
        value = getattr(rules, axis)
        if value != getattr(Rules, axis):
            named[axis] = value
    if named:  # only then the names: a classic match's save loads none of them
        from game.rule_names import VALUE_NAMES

        for axis in named:
            names = VALUE_NAMES.get(axis)
            if names:
                named[axis] = names[named[axis]]
    return named


def snapshot_steps(match, source, tally, state, rules=None):
    """snapshot() in steps, a generator filling `state`: it stops after each value kept, so a
    save can be spread over several ticks of the App's loop (app.keeper_save: a match that
    changes meanwhile is encoded again from the start). `rules`: rules_named(match.rules), made
    already (app.keeper keeps it for the match's saves)."""
    if match.players > MAX_PLAYERS:
        raise ValueError("a snapshot holds up to %d players, not %d" % (MAX_PLAYERS, match.players))
    if rules is None:
        rules = rules_named(match.rules)
    state["v"] = FORMAT
    state["rules"] = rules
    state["players"] = match.players
    state["source"] = _save(source, {})
    if tally is not None:
        state["tally"] = [getattr(tally, name) for name in tally.FIELDS]
    yield
    yield from _save_steps(match, state)


def encode(match, source, tally=None):
    """The snapshot as compact JSON bytes, ready for hal.storage_save's save()."""
    return dumps(snapshot(match, source, tally))


def dumps(state):
    """A snapshot (snapshot_steps' state) as compact JSON bytes."""
    return json.dumps(state, separators=(",", ":")).encode()
