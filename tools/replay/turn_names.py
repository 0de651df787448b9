"""game.turn's codes in words, for replaying a game log: how a turn ended and what each event
meant. The box shows messages of its own, so none of this is on the board.
"""

from game.turn import (
    COMMITTED,
    E_ALREADY_OPEN,
    E_ALREADY_SHUT,
    E_COMMITTED,
    E_DICE_COUNT,
    E_ILLEGAL_TILE,
    E_MOVE_DUE,
    E_NOTHING_TO_COMMIT,
    E_ONE_DIE,
    E_ROLL_FIRST,
    E_TURN_OVER,
    ENDED,
    FREE_THROW,
    MOVE_COMPLETE,
    MOVE_LEGAL,
    PENDING,
    ROLLED,
    TAKEN_BACK,
)

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
