"""What the player about to throw plays for (`stake_of`): the round, the match on its last
throw, or staying under max-penalty's limit, with the figures game.win_chance needs. app.hints
imports it at a turn's start; it lets itself go once asked (sys.modules and the game package
forget it), so it holds no RAM while the turn is played.
"""

from micropython import const

from game import forget

_MATCH_FIXED_ROUNDS = const(1)  # game.rules' (a copy: see there)
_MATCH_MAX_PENALTY = const(3)
_MATCH_SINGLE = const(0)
_MATCH_TOURNAMENT = const(2)

# What a turn plays for (private: no name on the board; app.hints and game.win_chance keep copies)
_GOAL_ROUND = const(1)  # the chance of winning the round
_GOAL_MATCH = const(2)  # the chance of winning the match on its last throw
_GOAL_STAY = const(3)  # max-penalty: the chance of staying under the limit this turn


def round_state(round_):
    """(best score so far or -1, players on it (or, with none, first-roll losers), players still
    to throw after the one about to) of a single round's Round."""
    best = -1
    tied = 0
    thrown = 0
    for seat in range(round_.players):
        score = round_.scores[seat]
        if score is None:
            continue
        thrown += 1
        if round_.lost[seat]:
            continue
        if best < 0 or score < best:
            best = score
            tied = 1
        elif score == best:
            tied += 1
    return best, (tied if best >= 0 else thrown), round_.players - round_.turns_played - 1


def stake_of(match):
    """What the player about to throw plays for, as (score to beat, tied, players after, goal),
    game.win_chance's WinChance.begin's arguments; or None when it is the score (or the shut
    chance): _GOAL_ROUND in a single round (round_state); _GOAL_MATCH on the last throw of a
    tournament or fixed-rounds match (it ends after this round: the lowest final total wins,
    `tied` others on it); _GOAL_STAY under max-penalty when this turn can reach the limit (stay
    below the score; app.hints goes back to the score once the best chance of staying in turns
    out 99 % or more)."""
    forget("game.at_stake")
    rules = match.rules
    if match.simultaneous:
        return None
    if rules.match == _MATCH_SINGLE:
        return round_state(match.round) + (_GOAL_ROUND,)
    me = match.current
    mine = match.totals[me]
    if rules.match == _MATCH_MAX_PENALTY:
        room = rules.max_penalty - mine
        if rules.drop_on_exceed:
            room += 1  # a total on the limit stays in
        return (room, 0, 0, _GOAL_STAY) if rules.score(rules.all_tiles()) >= room else None
    if rules.match != _MATCH_TOURNAMENT and rules.match != _MATCH_FIXED_ROUNDS:
        return None
    round_ = match.round
    if round_.turns_played != round_.players - 1:
        return None
    seats = match.seats
    best = -1
    tied = 0
    ends = rules.match == _MATCH_FIXED_ROUNDS and match.rounds_played + 1 >= rules.rounds
    for player in match.order:
        if player == me:
            continue
        score = match.scores[player]
        if player in seats:
            score = round_.scores[seats.index(player)]
        total = match.totals[player] + (score or 0)
        if total >= rules.target and rules.match == _MATCH_TOURNAMENT:
            ends = True
        if best < 0 or total < best:
            best = total
            tied = 1
        elif total == best:
            tied += 1
    if not ends or best < mine:
        return None
    return best - mine, tied, 0, _GOAL_MATCH
