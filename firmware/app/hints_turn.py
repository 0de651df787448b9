"""The hint provider's work once a turn, imported by app.hints for one call and let go: what a
turn just started plays for (the chance of winning, or of staying in, where the format allows
it), and the pricing of a finished turn's review."""

from game.strategy import OBJ_SCORE, WIN_ONE
from micropython import const

_OBJ_WIN = const(2)  # app.hints': a review in points of the chance of winning (or staying in)
_SINGLE = const(0)  # game.rules' MATCH_SINGLE, MATCH_FIXED_ROUNDS, MATCH_TOURNAMENT, MATCH_MAX_PENALTY
_FIXED = const(1)
_TOURNAMENT = const(2)
_MAX_PENALTY = const(3)


def start(hints, match):
    """Play to win where the format allows it (every player of a single round; the last
    throw of a tournament; staying in under max-penalty). game.win_chance is imported only
    when it may find something at stake."""
    rules = match.rules
    kind = rules.match
    if match.over or match.simultaneous or match.players < 2 or hints.policy_for(match.turn) is None:
        return
    if kind != _SINGLE and kind != _MAX_PENALTY:  # a first look at a round of totals
        if kind != _FIXED and kind != _TOURNAMENT:
            return
        round_ = match.round
        if round_.turns_played != round_.players - 1:
            return
        if kind == _FIXED and match.rounds_played + 1 < rules.rounds:
            return
        if kind == _TOURNAMENT:  # no total can have reached the target yet
            thrown = 0
            for score in round_.scores:
                if score is not None and score > thrown:
                    thrown = score
            if max(match.totals) + thrown < rules.target:
                return
    from game.at_stake import stake_of

    stake = stake_of(match)
    if stake is None:
        return
    from game.win_chance import WinChance

    win = hints.win
    if win is None:
        win = hints.win = WinChance(match.rules)
    if win.begin(*stake):
        hints.goal = stake[3]
        hints.winning = win.ready


def price(hints, turn, player):
    """Close the review of a finished turn that was recorded: each move's cost against the
    best move and the total; returns how many moves it holds."""
    review = hints.review
    review.player = player
    count = review.count if review.count <= turn.moves_made else turn.moves_made
    review.count = count
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
        after = review.before[index + 1] if index + 1 < count else turn.open_mask
        made = before & ~after
        review.made[index] = made
        raw = value(before & ~review.best[index]) - value(after)
        if made == review.best[index] or raw < 0:
            raw = 0
        review.costs[index] = (raw * tenths_of + unit // 2) // unit
        total += raw
    review.total_cost = (total * tenths_of + unit // 2) // unit
    return count
