"""Restoring a snapshot's turns (game.snapshot's Turn lists), each value checked, the pending
move shut again tile by tile as the flaps were (game.snapshot_load's)."""

from game.dice import MAX_DICE
from game.snapshot import _TURN, DIE_MAX
from game.snapshot_checks import SnapshotError, checked_int, checked_list
from game.turn import AWAIT_MOVE, COMMITTED, OVER, is_error


def load_turn(turn, value, field, rules, saved_fields):
    """Set `turn` from its saved list: the first `saved_fields` of _TURN, then the dice."""
    values = checked_list(value, field, saved_fields + MAX_DICE)
    mask = rules.all_tiles()
    for index in range(saved_fields):
        name, high = _TURN[index]
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


def load_turns(turns, value, field, match, saved_fields):
    """Set each Turn of the list `turns` (None: a row without one) from its saved list."""
    checked_list(value, field, len(turns))
    for row in range(len(turns)):
        at = "%s[%d]" % (field, row)
        if (value[row] is None) != (turns[row] is None):
            raise SnapshotError(at, "does not match the players of the round")
        if turns[row] is not None:
            load_turn(turns[row], value[row], at, match.rules, saved_fields)
