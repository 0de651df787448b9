"""Playing to win the round: each player's best play given the scores already thrown.

A round (game.match.Round): players throw in turn, the lowest score wins, a shut box wins at once
(the players after it do not throw; in the formats that add up every round's scores it scores
0 and the round is played out), a first-roll loss (2-to-go, 3-to-go) leaves the player out
of the running unless every player loses theirs (then all of them, on the untouched start,
share the win). A shared win pays as the rules' tie rule pays it (game.stakes): `split`, each
of n tied winners gets 1/n of a win; `full`, each gets a whole win.

The state a player throws in is (X, k): the best score so far and how many players share it,
or (NOBODY, k) when no score counts yet and the k players before all lost their first roll.
With m players still to throw after them, a player maximises their chance of winning given
that each later player does the same: a backward recursion over m (`RoundSolver`), exact for
any number of players (subgame-perfect play, every player for themself). G[m][x, k] is what
one of the k players tied at the best score x wins when m players are still to throw;
L[m][k] what each of k first-roll losers wins when no score counts yet. Neither depends on
the number of players before: a solver of N players holds G[m][x, k] and L[m][k] for every
k <= N - m (tools/coach/gen_win_ends.py ships them for the box).
"""

import numpy as np
from game.rules import MATCH_SINGLE, TIES_FULL
from game.turn import END_FIRST_ROLL_LOST, END_SHUT

from tools.coach.turn_values import ending_distribution, endings, solve_columns

NOBODY = None  # the best score so far when no one has a score that counts


def tie_rule(rules):
    """What a shared win pays, in words (for every report)."""
    if rules.ties == TIES_FULL:
        return "full: each of n tied winners counts a whole win"
    return "split: each of n tied winners counts 1/n of a win"


def share(rules, winners):
    """What one of `winners` tied winners gets."""
    return 1.0 if rules.ties == TIES_FULL else 1.0 / winners


class RoundSolver:
    """Every player's play in a round of `players` (>= 1) on `model`'s rules: each their best
    (the default), or all the one-column Play `fixed` (the box's policy, say)."""

    def __init__(self, model, players, fixed=None):
        if players < 1:
            raise ValueError("a round needs at least one player")
        self.model = model
        self.rules = model.rules
        self.players = players
        self.fixed = fixed
        self.ordered, self.index = endings(model)
        self.is_shut = np.array([how == END_SHUT for _mask, how in self.ordered])
        self.is_lost = np.array([how == END_FIRST_ROLL_LOST for _mask, how in self.ordered])
        self.score = np.array([self.rules.score(mask) for mask, _how in self.ordered])
        # In a single round a shut box wins at once; formats that add up every round's scores
        # play the round out (game.match): a shut box scores 0 and the others still throw.
        self.play_out = self.rules.match != MATCH_SINGLE
        self.wins_at_once = self.is_shut & (not self.play_out)
        self.counts = ~self.wins_at_once & ~self.is_lost
        self.scores = sorted({int(score) for score in self.score[self.counts]})
        self.score_at = {score: place for place, score in enumerate(self.scores)}
        self.score_place = np.array([self.score_at.get(int(score), 0) for score in self.score])
        shares = [share(self.rules, k) if k else 0.0 for k in range(players + 2)]
        self.G = [np.array([shares] * len(self.scores))]
        self.L = [np.array(shares)]
        for after in range(1, players):
            self._solve_next(after)

    def states(self, seat):
        """Every state a player in this seat (0 = first) can throw in, and (NOBODY, k) for every
        k < seat too: the same player in a round of fewer players (so that L[m][k] is there
        for every k, as G[m][x, k] is: neither depends on how many players came before)."""
        return [(NOBODY, k) for k in range(seat + 1)] + [(x, k) for x in self.scores for k in range(1, seat + 1)]

    def utility(self, states, after):
        """The worth of each ending (rows) for a player throwing in each state (columns) with
        `after` players still to throw after them."""
        G = self.G[after]
        lead = G[self.score_place, 1]
        U = np.zeros((len(self.ordered), len(states)))
        for column, (best, tied) in enumerate(states):
            if best is NOBODY:
                worth = np.where(self.counts, lead, 0.0)
                worth[self.is_lost] = self.L[after][tied + 1]
            else:
                worth = np.where(self.counts & (self.score < best), lead, 0.0)
                if best in self.score_at:
                    level = self.counts & (self.score == best)
                    worth[level] = G[self.score_at[best], tied + 1]
            worth[self.wins_at_once] = 1.0
            U[:, column] = worth
        return U

    def play(self, states, after):
        """The Play (a column per state) of a player with `after` players behind."""
        if self.fixed is not None:
            return self.fixed.repeated(len(states))
        return solve_columns(self.model, self.utility(states, after), self.index)

    def _solve_next(self, after):
        """G[after] and L[after] from the play of the next of `after` players still to throw."""
        seat = self.players - after
        states = self.states(seat)
        ended = ending_distribution(self.play(states, after - 1), self.index)
        G_before, L_before = self.G[after - 1], self.L[after - 1]
        G = np.zeros_like(G_before)
        L = np.zeros_like(L_before)
        for column, (best, tied) in enumerate(states):
            chances = ended[:, column]
            lost = chances[self.is_lost].sum()
            if best is NOBODY:
                L[tied] = lost * L_before[tied + 1]
                continue
            above = chances[self.counts & (self.score > best)].sum() + lost
            level = chances[self.counts & (self.score == best)].sum()
            place = self.score_at[best]
            G[place, tied] = above * G_before[place, tied] + level * G_before[place, tied + 1]
        self.G.append(G)
        self.L.append(L)

    def seat_chances(self):
        """Each seat's chance of winning the round (as the tie rule pays), as a list."""
        reach = {(NOBODY, 0): 1.0}
        chances = []
        for seat in range(self.players):
            after = self.players - 1 - seat
            states = [state for state in self.states(seat) if state in reach]
            ended = ending_distribution(self.play(states, after), self.index)
            values = (ended * self.utility(states, after)).sum(axis=0)
            chances.append(float(sum(reach[state] * values[c] for c, state in enumerate(states))))
            reach = self._next_states(states, reach, ended)
        return chances

    def _next_states(self, states, reach, ended):
        """The chance of each state the next player throws in (the round still on)."""
        following = {}
        for column, (best, tied) in enumerate(states):
            for row in np.nonzero(ended[:, column] > 0)[0]:
                if self.wins_at_once[row]:
                    continue
                score = int(self.score[row])
                if self.is_lost[row] or (best is not NOBODY and score > best):
                    state = (best, tied + 1 if best is NOBODY else tied)
                elif best is not NOBODY and score == best:
                    state = (best, tied + 1)
                else:
                    state = (score, 1)
                following[state] = following.get(state, 0.0) + reach[(best, tied)] * ended[row, column]
        return following
