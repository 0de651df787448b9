"""The hint provider's work once a turn, imported by app.hints for one call and let go: what a
turn just started plays for (the chance of winning, or of staying in, where the format allows
it), the review of a turn under way rebuilt from the game log once that is settled (a turn
resumed, or one whose chance of winning came after a roll), and the pricing of a finished
turn's review. In the menu, the first seat's chance of winning worked out ahead (app.menu's
quiet ticks import it; its leave lets it go)."""

import sys

from game import forget
from game.gamelog import KIND_MOVE, KIND_ROLL, KIND_TURN, RECORD_BYTES
from game.strategy import OBJ_SCORE, WIN_ONE, first_best
from micropython import const

_OBJ_WIN = const(2)  # app.hints': a review in points of the chance of winning (or staying in)
_OBJ_STAY = const(3)  # app.hints': ... of staying in (max-penalty)
_GOAL_STAY = const(3)  # game.at_stake's
_MAX_MOVES = const(12)  # app.hints'
_AWAIT_MOVE = const(1)  # game.turn's
_SLICE = const(4)  # rolls a tick's replay prices: about 0.1 ms on the unix port
_GOAL_ROUND = const(1)  # game.at_stake's
_ROWS_SIMULTANEOUS = const(1)  # game.rules'
_SINGLE = const(0)  # game.rules' MATCH_SINGLE, MATCH_FIXED_ROUNDS, MATCH_TOURNAMENT, MATCH_MAX_PENALTY
_FIXED = const(1)
_TOURNAMENT = const(2)
_MAX_PENALTY = const(3)
_LOAD_FILE = const(1)  # start's slices (hints.stake until what is at stake is found)
_LOAD_INDEX = const(2)
_LOAD = const(3)
_AT_STAKE = const(4)
_PRICE = const(5)
_SETTLED = const(6)  # nothing at stake: the table's hints, shown from the next slice


def start(hints, match):
    """Play to win where the format allows it (every player of a single round; the last
    throw of a tournament; staying in under max-penalty), a slice a tick, this module kept
    meanwhile (`hints.stake` says where it is: app.hints' work marks the tick that started the
    turn with 0 and imports this module on the next): that import is the first; a new game's
    policy loads in three (game.policy_file imported, game.tables.policies imported, the table
    opened); then what is at stake is found (nothing: done on the next slice, which the hints
    are shown again in); game.win_chance is imported (only when something is at stake, the
    first time) and the programme begins, whose end values game.win_chance's step then reads. True once done. A turn just over (app.hints' turn_over) has its review
    priced first, in the slice after the import's."""
    stake = hints.stake
    if stake == 0 and hints.review.end_mask >= 0:  # this module imported: the slice's work
        hints.stake = _PRICE
        return False
    if stake == 0 or stake == _PRICE:
        if stake == _PRICE:
            price(hints)
        hints.stake = _LOAD_FILE if hints.rules is not match.turn.rules else _AT_STAKE
        return False
    if stake == _LOAD_FILE:
        import game.policy_file  # noqa: F401

        hints.stake = _LOAD_INDEX
        return False
    if stake == _LOAD_INDEX:
        import game.tables.policies  # noqa: F401

        hints.stake = _LOAD
        return False
    if stake == _LOAD:
        hints.policy_for(match.turn)  # a new game's policy (game.policy_file lets both go)
        forget("game.tables.policies")  # unread (rules with no table, or loaded meanwhile)
        forget("game.policy_file")
        hints.stake = _AT_STAKE
        return False
    if stake == _AT_STAKE:
        found = _at_stake(hints, match)
        hints.stake = _SETTLED if found is None else found
        return False
    if stake == _SETTLED:  # a slice of its own: the hints are shown again on finishing
        hints.stake = None
        return True
    win = hints.win
    if win is None:
        from game.win_chance import WinChance

        hints.win = WinChance(match.rules)
        return False
    hints.stake = None
    if win.begin(stake[0], stake[1], stake[2], stake[3], False):
        hints.goal = stake[3]
        hints.winning = win.ready
    return True


def ahead(hints, menu):
    """The game's policy (every format), then a slice of the first seat's chance of winning in a
    single round, worked out in the menu's quiet ticks (issue 45: it was worked out from the match's start): it depends on the
    rules and the number of players alone, so the first turn's `start` finds it begun or
    ready (a policy of the same rules is kept, a round begun again goes on). As `start`: a new
    game's policy in three slices, game.win_chance imported in one, then the programme's
    (game.win_chance's step). Another game throws it away (app.hints' policy_for), other
    players begin it again (`menu.ahead`: the players it was begun for), hints off let it go."""
    rules = menu.rules()
    players = menu.players
    if not menu.hints_on:
        hints.win = None
        menu.ahead = 0
        return
    if hints.rules is not rules:  # the policy first, for every format: the first turn's ok
        # (its shut chance) read it in one tick before, 55 ms on the emulated chip
        if "game.policy_file" not in sys.modules:
            import game.policy_file  # noqa: F401
        elif "game.tables.policies" not in sys.modules:
            import game.tables.policies  # noqa: F401
        else:
            hints.policy_for(_FirstTurn(rules))  # another game's programme goes
            forget("game.tables.policies")  # unread (rules with no table)
            forget("game.policy_file")
            menu.ahead = 0
        return
    if rules.match != _SINGLE or rules.rows_mode == _ROWS_SIMULTANEOUS or players < 2:
        return
    win = hints.win
    if hints.policy is None:
        return
    if win is None:
        if "game.win_chance" not in sys.modules:
            import game.win_chance  # noqa: F401
        else:
            from game.win_chance import WinChance

            hints.win = WinChance(rules)
            menu.ahead = 0
        return
    if menu.ahead != players:  # begun for no one yet, or for other players
        menu.ahead = players
        win.begin(-1, 0, players - 1, _GOAL_ROUND, False)  # game.at_stake's first seat
    elif not win.ready:
        win.step(1)


class _FirstTurn:
    """What app.hints' policy_for reads of a turn (its rules), for the first seat's in the menu."""

    def __init__(self, rules):
        self.rules = rules


def _at_stake(hints, match):
    """game.at_stake's stake_of for a match whose format allows playing to win, else None."""
    rules = match.rules
    kind = rules.match
    if match.over or match.simultaneous or match.players < 2 or hints.policy_for(match.turn) is None:
        return None
    if kind != _SINGLE and kind != _MAX_PENALTY:  # a first look at a round of totals
        if kind != _FIXED and kind != _TOURNAMENT:
            return None
        round_ = match.round
        if round_.turns_played != round_.players - 1:
            return None
        if kind == _FIXED and match.rounds_played + 1 < rules.rounds:
            return None
        if kind == _TOURNAMENT:  # no total can have reached the target yet
            thrown = 0
            for score in round_.scores:
                if score is not None and score > thrown:
                    thrown = score
            if max(match.totals) + thrown < rules.target:
                return None
    from game.at_stake import stake_of

    return stake_of(match)


def replay(hints, turn, log):
    """A slice of the review of `turn`, under way, rebuilt as app.hints' best_move would have
    recorded it had the hints played for what they play for now from the turn's first roll:
    the turn's rolls and moves replayed from `log` (game.gamelog: its records since the turn's
    KIND_TURN) on a Turn of its own, the best move of _SLICE rolls found again from roll
    `hints._replaying` on (left at the next roll to price, or -1 once done). A resumed turn (a
    power cut, a page reload) keeps its review so; one whose chance of winning came after a
    move gets it in that one currency. A log that does not lead to the turn as it stands
    leaves no review."""
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


def price(hints):
    """The review of a finished turn (closed by app.hints' turn_over): each move's cost
    against the best move, and the total."""
    review = hints.review
    count = review.count
    if review.objective >= _OBJ_WIN:
        value = hints.win.chance
        unit = WIN_ONE
    else:
        value = hints.policy.value
        unit = hints.policy.value_unit
    tenths_of = 10 if review.objective == OBJ_SCORE else 1000  # points, or percentage points
    total = 0
    for index in range(count):
        before = review.before[index]
        after = review.before[index + 1] if index + 1 < count else review.end_mask
        made = before & ~after
        review.made[index] = made
        raw = value(before & ~review.best[index]) - value(after)
        if made == review.best[index] or raw < 0:
            raw = 0
        review.costs[index] = (raw * tenths_of + unit // 2) // unit
        total += raw
    review.total_cost = (total * tenths_of + unit // 2) // unit
    review.end_mask = -1
