"""Restoring a match game.snapshot saved: every field checked, SnapshotError naming the first
one found wrong; and where the flaps should then be. Needed only when the box boots with a saved
match (main.py lets it go after boot)."""

# Format 1, as the firmware before format 2 saved it, is read too (its turns lack the pending
# move: none is restored), so a firmware update never drops a match in progress.
#
# The pending move comes back as the tiles accepted in it: after a cut the same flaps mean the
# same move, and a flap shut by mistake stays the refused one. After a restore the app compares
# the switches with `expected_open_mask(match, row)` less the pending tiles: a pending tile whose
# flap is up was taken back, other tiles shut on the box but expected up are fed again to
# `turn.tile_shut()`, and a tile up on the box but expected shut must be shut again (shown on the
# LEDs). Use `source.rng` as the generator from then on. A restored turn that is OVER still
# needs `match.end_turn(row)` (harmless when already done).

from micropython import const

from game.config import ConfigError, rules_from_config
from game.match import source_for, start_match
from game.prng import Xorshift32
from game.snapshot_fields import (  # a module of its own: from source each compiles apart
    SnapshotError,
    checked_int,
    checked_list,
    field_value,
    load_saved,
)
from game.snapshot_format import FORMAT, MAX_PLAYERS, TURN_FIELDS

_MATCH_RACE = const(5)  # game.rules' (a copy: see there)

_NO_PENDING = const(1)  # the format whose turns end before "pending", TURN_FIELDS' last field


def restore(state, tally=None, playable=None):
    """(match, source) from a snapshot dict; SnapshotError naming the field if it cannot be.

    Pass a game.gamelog.MatchTally as `tally` to have it set from the snapshot too, and
    playable(rules) -> why the box cannot play them or None, to refuse (before building
    anything) a match saved on a box wired otherwise.
    """
    version = field_value(state, "v", "v")
    if version != FORMAT and version != _NO_PENDING:
        raise SnapshotError("v", "format %r; this firmware reads formats %d and %d" % (version, _NO_PENDING, FORMAT))
    saved_fields = len(TURN_FIELDS) - 1 if version == _NO_PENDING else len(TURN_FIELDS)
    names = field_value(state, "rules", "rules")
    try:
        rules = rules_from_config(names)
    except ConfigError as error:
        raise SnapshotError("rules", str(error)) from None
    problem = None if playable is None else playable(rules)
    if problem is not None:
        raise SnapshotError("rules", "saved on another box: this one %s" % problem)
    players = checked_int(field_value(state, "players", "players"), "players", 1, MAX_PLAYERS)
    first = checked_int(field_value(state, "first", "first"), "first", 0, players - 1)
    source = source_for(rules, Xorshift32())
    try:
        match = start_match(rules, players, first)
    except ValueError as error:
        raise SnapshotError("players", str(error)) from None
    load_saved(source, field_value(state, "source", "source"), "source.", match, saved_fields)
    load_saved(match, state, "", match, saved_fields)
    saved = match.current
    if match.over:  # the match as it left itself: nobody playing, or current, row and turn
        match._finish(match.final_winners)  # as its format has them
    else:
        match._show_current()
    if not match.over and not match.simultaneous and (saved < 0 or saved != match.current):
        raise SnapshotError("current", "it is player %d's turn, not %d's" % (match.current, saved))
    if tally is not None and "tally" in state:
        values = checked_list(state["tally"], "tally", len(tally.FIELDS))
        for index in range(len(values)):
            checked_int(values[index], "tally[%d]" % index, -1)  # a best score is -1 until there is one
        for index in range(len(values)):
            setattr(tally, tally.FIELDS[index], values[index])
    return match, source


def expected_open_mask(match, row):
    """The tiles that should be up on flap row `row` after the committed moves, or None when
    the match does not track that row now (nobody plays it, or the match is over)."""
    if match.over:
        return None
    if match.rules.match == _MATCH_RACE:  # every player's row keeps its own tiles
        return match.turns[row].open_mask if 0 <= row < match.players else None
    turn = match.turn_on(row)
    if turn is None:
        return None
    if match.uncovering():  # the uncoverer's "open" tiles are down
        return match.rules.all_tiles() & ~turn.open_mask
    return turn.open_mask
