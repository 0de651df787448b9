"""A turn's review rebuilt from the game log (app.hints' work imports it in a tick of its own and
lets it go once the review is rebuilt): a turn resumed after a power cut or a page reload, or
one whose chance of winning came after a roll, gets its review in the currency the hints now
play for."""

from game.gamelog import KIND_MOVE, KIND_ROLL, KIND_TURN, RECORD_BYTES
from game.strategy import first_best
from micropython import const

_OBJ_WIN = const(2)  # app.hints': a review in points of the chance of winning (or staying in)
_OBJ_STAY = const(3)  # app.hints': ... of staying in (max-penalty)
_GOAL_STAY = const(3)  # game.at_stake's
_MAX_MOVES = const(12)  # app.hints'
_AWAIT_MOVE = const(1)  # game.turn's
_SLICE = const(4)  # rolls a tick's replay prices: about 0.1 ms on the unix port
_imported = True  # this module was imported in this tick: the replay begins in the next


def replay(hints, turn, log):
    """A slice of the review of `turn`, under way, rebuilt as app.hints' best_move would have
    recorded it had the hints played for what they play for now from the turn's first roll:
    the turn's rolls and moves replayed from `log` (game.gamelog: its records since the turn's
    KIND_TURN) on a Turn of its own, the best move of _SLICE rolls found again from roll
    `hints._replaying` on (left at the next roll to price, or -1 once done). A resumed turn (a
    power cut, a page reload) keeps its review so; one whose chance of winning came after a
    move gets it in that one currency. A log that does not lead to the turn as it stands
    leaves no review."""
    global _imported
    if _imported:  # (the import and a slice took a Pico's tick to 16-25 ms on 12 tiles: issue 45)
        _imported = False
        return
    from game.turn import Turn

    first = hints._replaying
    hints._replaying = -1
    review = hints.review
    policy = hints.policy
    if first == 0:
        review.clear()
        hints._recording = False
        if policy is not None:
            review.objective = policy.objective
            review.uncovered = hints.uncovering
    records = log.records
    back = log.count
    while back > 0:
        back -= 1
        if records[(log.start + back) % log.capacity * RECORD_BYTES] == KIND_TURN:
            break
    else:
        return
    if policy is None:
        return
    value = policy.value
    if hints.winning:
        review.objective = _OBJ_STAY if hints.goal == _GOAL_STAY else _OBJ_WIN
        value = hints.win.chance
    again = Turn(turn.rules, turn.table, turn.start_mask)
    rolled = 0
    for index in range(back + 1, log.count):
        at = (log.start + index) % log.capacity * RECORD_BYTES
        kind = records[at]
        if kind == KIND_MOVE:
            again.pending = records[at + 1] | records[at + 2] << 8 | records[at + 3] << 16
            again.commit()
        elif kind == KIND_ROLL:
            if rolled == first + _SLICE:
                hints._replaying = rolled  # the rest on the next tick
                return
            rolled += 1
            dice = [face - 1 for face in records[at + 1:at + 5] if face]
            again.one_die = len(dice) == 1
            again.roll(*dice)
            made = again.moves_made
            if rolled > first and again.state == _AWAIT_MOVE and made < _MAX_MOVES:
                review.totals[made] = again.total if again.total < 256 else 255
                review.before[made] = again.open_mask
                review.best[made] = first_best(again.legal_moves(), value, again.open_mask)
                review.count = made + 1
    if again.open_mask != turn.open_mask or again.rolls != turn.rolls or again.moves_made != turn.moves_made:
        review.clear()
        return
    hints._recording = True
