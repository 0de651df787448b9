"""Monte Carlo rounds on the firmware's own game code, every player following a RoundSolver's
play: the check that the exact win chances are what a box would see.

The round is game.round.Round with its Turn, the dice game.dice.ElectronicDice from the
firmware's Xorshift32; the state each player throws in is read from the Round's own record of
scores and first-roll losses, and the winners come from Round.winners().
"""

import math

from game.dice import ElectronicDice
from game.prng import Xorshift32
from game.round import Round
from game.sources import feed
from game.tiles import tiles_of
from game.turn import AWAIT_MOVE, COMMITTED, OVER

from tools.round_win import NOBODY, share


def state_of(round_):
    """(best score so far, players on it), or (NOBODY, players who threw), from a Round."""
    counted = [round_.scores[p] for p in range(round_.players)
               if round_.scores[p] is not None and not round_.lost[p]]
    if not counted:
        return NOBODY, round_.turns_played
    best = min(counted)
    return best, counted.count(best)


def make_move(turn, move):
    """Shut a move's tiles one flap at a time, as a player would, and commit it."""
    for tile in tiles_of(move):
        turn.tile_shut(tile)
    if turn.state == AWAIT_MOVE and turn.commit() != COMMITTED:
        raise AssertionError("the turn refused the move %s" % tiles_of(move))


class Player:
    """Plays turns as a RoundSolver's Play says, column by column (one column per state)."""

    def __init__(self, solver, seat):
        self.model = solver.model
        after = solver.players - 1 - seat
        states = solver.states(seat)
        self.column = {state: column for column, state in enumerate(states)}
        self.play = solver.play(states, after)
        self.entries = {}

    def _entry(self, mask, first, count, key):
        found = self.entries.get((mask, first, count))
        if found is None:
            found = {}
            for entry, (_p, _kind, roll_key, _data) in enumerate(self.model.transitions(mask, first, count)):
                found[roll_key] = entry
            self.entries[(mask, first, count)] = found
        return found[key]

    def take_turn(self, turn, dice, state):
        """Play one turn to its end with the dice source."""
        column = self.column[state]
        by_total = self.model.by_total
        must_first = self.model.rules.must_first != 0
        while turn.state != OVER:
            first = must_first and turn.rolls == 0
            mask = turn.open_mask
            one, picks = self.play.decision(mask, first)
            if turn.one_die_allowed():
                turn.choose_one_die(bool(one[column]))
            count = dice.draw(turn.dice_expected())
            feed(turn, dice.values, count)
            if turn.state != AWAIT_MOVE:
                continue
            key = turn.total if by_total else tuple(sorted(dice.values[:count]))
            entry = self._entry(mask, first, count, key)
            make_move(turn, turn.legal_moves()[int(picks[count][entry][column])])


def play_rounds(solver, rounds, seed):
    """Each seat's mean payoff over `rounds` rounds and its standard error, as two lists."""
    rules = solver.rules
    players = [Player(solver, seat) for seat in range(solver.players)]
    dice = ElectronicDice(Xorshift32(seed), rules.faces)
    sums = [0.0] * solver.players
    squares = [0.0] * solver.players
    table = None
    for _ in range(rounds):
        round_ = Round(rules, solver.players, table=table)
        table = round_.turn.table
        while not round_.over:
            seat = round_.current
            players[seat].take_turn(round_.turn, dice, state_of(round_))
            round_.end_turn()
        winners = round_.winners()
        for seat in winners:
            payoff = share(rules, len(winners))
            sums[seat] += payoff
            squares[seat] += payoff * payoff
    means = [total / rounds for total in sums]
    errors = [math.sqrt(max(square / rounds - mean * mean, 0.0) / rounds)
              for square, mean in zip(squares, means, strict=True)]
    return means, errors
