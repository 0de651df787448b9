"""Monte Carlo rounds on the firmware's own game code, every player following a RoundSolver's
play (`Player`) or the box's own win-chance hints (`HintedPlayer`: game.win_chance.WinChance
against app.hints.round_state): the check that the exact win chances are what a box would see.

The round is game.match.Round with its Turn, the dice game.sources.ElectronicDice from the
firmware's Xorshift32; the state each player throws in is read from the Round's own record of
scores and first-roll losses, and the winners from it as the match finds them (round_winners).
"""

import math
import sys

from game.at_stake import round_state
from game.match import Round, round_winners
from game.prng import Xorshift32
from game.sources import ElectronicDice, feed
from game.strategy import first_best
from game.tiles import tiles_of
from game.turn import AWAIT_MOVE, COMMITTED, OVER
from game.win_chance import WinChance

from tools.coach.round_win import NOBODY, share


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

    def throw(self, round_, dice):
        self.take_turn(round_.turn, dice, state_of(round_))

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


class HintedPlayer:
    """Plays turns as the box's hints say: the first legal move keeping the highest WinChance,
    one die where it says so; one WinChance per round state, computed once."""

    def __init__(self, rules):
        from board_sim.upy import deflate

        sys.modules.setdefault("deflate", deflate)  # WinChance reads win_ends.bin with it
        self.rules = rules
        self.chances = {}

    def chances_for(self, round_):
        stake = round_state(round_)
        win = self.chances.get(stake)
        if win is None:
            win = WinChance(self.rules)
            if not win.begin(*stake):
                raise ValueError("win_ends.bin has no end values for the round state %r" % (stake,))
            while not win.step(1 << self.rules.tiles):
                pass
            self.chances[stake] = win
        return win

    def throw(self, round_, dice):
        turn = round_.turn
        win = self.chances_for(round_)
        must_first = self.rules.must_first != 0
        while turn.state != OVER:
            if turn.one_die_allowed():
                first = must_first and turn.rolls == 0
                turn.choose_one_die(win.first_one_die if first else win.one_die_at(turn.open_mask))
            count = dice.draw(turn.dice_expected())
            feed(turn, dice.values, count)
            if turn.state == AWAIT_MOVE:
                make_move(turn, first_best(turn.legal_moves(), win.chance, turn.open_mask))


def play_rounds(rules, players, rounds, seed):
    """Each seat's mean payoff over `rounds` rounds (one player object per seat, each with
    throw(round_, dice)) and its standard error, as two lists."""
    dice = ElectronicDice(Xorshift32(seed), rules.faces)
    seats = len(players)
    sums = [0.0] * seats
    squares = [0.0] * seats
    table = None
    for _ in range(rounds):
        round_ = Round(rules, seats, table=table)
        table = round_.turn.table
        while not round_.over:
            players[round_.current].throw(round_, dice)
            round_.end_turn()
        winners = round_winners(range(seats), round_.scores, round_.lost)
        for seat in winners:
            payoff = share(rules, len(winners))
            sums[seat] += payoff
            squares[seat] += payoff * payoff
    means = [total / rounds for total in sums]
    errors = [math.sqrt(max(square / rounds - mean * mean, 0.0) / rounds)
              for square, mean in zip(squares, means, strict=True)]
    return means, errors
