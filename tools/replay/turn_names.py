"""game.turn's codes in words, for replaying a game log: how a turn ended and what each event
meant, and the public names of the codes game.turn keeps private. The box shows messages of its
own, so none of this is on the board.
"""

from game.turn import (
    _E_ALREADY_OPEN,
    _E_ALREADY_SHUT,
    _E_COMMITTED,
    _E_DICE_COUNT,
    _E_ILLEGAL_TILE,
    _E_MOVE_DUE,
    _E_NOTHING_TO_COMMIT,
    _E_ONE_DIE,
    _E_ROLL_FIRST,
    _E_TURN_OVER,
    _END_NO_MOVE,
    _END_NONE,
    _END_UNLUCKY_7,
    _MOVE_LEGAL,
    _TAKEN_BACK,
    COMMITTED,
    ENDED,
    FREE_THROW,
    MOVE_COMPLETE,
    PENDING,
    ROLLED,
)

# The codes game.turn keeps private (no firmware module outside it tests for them: on the board
# a private const's name costs no heap), by their public names for the host's tools and tests.
END_NONE = _END_NONE
END_NO_MOVE = _END_NO_MOVE
END_UNLUCKY_7 = _END_UNLUCKY_7
MOVE_LEGAL = _MOVE_LEGAL
TAKEN_BACK = _TAKEN_BACK
E_TURN_OVER = _E_TURN_OVER
E_ROLL_FIRST = _E_ROLL_FIRST
E_ILLEGAL_TILE = _E_ILLEGAL_TILE
E_ALREADY_SHUT = _E_ALREADY_SHUT
E_ALREADY_OPEN = _E_ALREADY_OPEN
E_COMMITTED = _E_COMMITTED
E_MOVE_DUE = _E_MOVE_DUE
E_DICE_COUNT = _E_DICE_COUNT
E_ONE_DIE = _E_ONE_DIE
E_NOTHING_TO_COMMIT = _E_NOTHING_TO_COMMIT

END_NAMES = ("playing", "box shut", "no move", "unlucky 7", "first roll lost")  # by END_* code
RESULT_NAMES = {
    ROLLED: "rolled",
    FREE_THROW: "free throw",
    ENDED: "turn ended",
    PENDING: "pending",
    MOVE_LEGAL: "move legal",
    MOVE_COMPLETE: "move complete",
    TAKEN_BACK: "taken back",
    COMMITTED: "committed",
    E_TURN_OVER: "the turn is over",
    E_ROLL_FIRST: "roll before shutting a tile",
    E_ILLEGAL_TILE: "that tile is not part of a legal move",
    E_ALREADY_SHUT: "that tile is already shut",
    E_ALREADY_OPEN: "that tile is already open",
    E_COMMITTED: "that tile was shut by an earlier move",
    E_MOVE_DUE: "finish the move before rolling",
    E_DICE_COUNT: "wrong number of dice",
    E_ONE_DIE: "one die is not allowed now",
    E_NOTHING_TO_COMMIT: "no legal move to commit",
}
