"""The hint provider's work once a turn, imported by app.hints for one call and let go: what a
turn just started plays for (the chance of winning, or of staying in, where the format allows
it) and the pricing of a finished turn's review. Imported at every turn's start, so it holds
only that: a turn's review rebuilt from the game log is app.hints_replay's, the menu's work
ahead app.hints_ahead's (each name a module holds is looked up as it loads: issue 45)."""

from game import forget
from game.strategy import OBJ_SCORE, WIN_ONE
from micropython import const

_OBJ_WIN = const(2)  # app.hints': a review in points of the chance of winning (or staying in)
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
