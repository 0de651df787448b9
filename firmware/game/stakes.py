"""Stakes in chips (VARIANTS.md section 7): the pool and Canoga, settled after each round.

Chips only move between the players and the pot (the pool, or Canoga's kitty), in whole
chips, so `sum(chips) + pot` never changes. Everyone who cannot pay pays what they have.
When winners share an amount that does not divide evenly, the odd chips go one each to the
winners who played first in the round. In a single round a shut box stops the players after
it: a player who never threw pays as if they had scored the untouched starting board.
"""

from micropython import const

_STAKES_CANOGA = const(2)  # game.rules' (a copy: see there)
_STAKES_POOL = const(1)
_TIES_FULL = const(1)


class Ledger:
    """Every player's chips and the pot; `ante()` at the start of a round, `settle()` at its end."""

    SAVED = (("pot", "pot", "n", ""), ("chips", "chips", "N", ""), ("anted", "anted", "N", ""))  # game.snapshot

    def __init__(self, rules, players):
        self.rules = rules
        self.chips = [rules.chips] * players
        self.pot = 0
        self.anted = [0] * players

    def _take(self, player, amount):
        """Take up to `amount` chips from a player; returns what they could pay."""
        paid = amount if amount < self.chips[player] else self.chips[player]
        if paid > 0:
            self.chips[player] -= paid
            return paid
        return 0

    def _share(self, amount, winners):
        """Share `amount` chips among winners (in play order): odd chips to the first ones."""
        each = amount // len(winners)
        odd = amount - each * len(winners)
        for place, player in enumerate(winners):
            self.chips[player] += each + (1 if place < odd else 0)

    def ante(self, players):
        """Each player of the round puts the ante (or what they have) into the pot."""
        for player in players:
            paid = self._take(player, self.rules.ante)
            self.anted[player] = paid
            self.pot += paid

    def settle(self, order, scores, winners, shut):
        """Pay out a finished round.

        `order`: the round's players in play order; `scores[player]` their score (None if they
        never threw); `winners`: the winning players; `shut`: the winners cleared the board.
        """
        in_order = [player for player in order if player in winners]
        losers = [player for player in order if player not in winners]
        rules = self.rules
        multiplier = 2 if shut else 1
        per_winner = len(in_order) if rules.ties == _TIES_FULL else 1
        if rules.stakes == _STAKES_POOL:
            # Each loser stakes one ante per winner paid in full, two if the box was shut (003).
            due = rules.ante * multiplier * per_winner
            for player in losers:
                self.pot += self._take(player, due - self.anted[player])
            self._share(self.pot, in_order)
            self.pot = 0
        elif rules.stakes == _STAKES_CANOGA:
            best = scores[in_order[0]]
            untouched = rules.score(rules.start_mask())
            for player in losers:
                score = untouched if scores[player] is None else scores[player]
                difference = score - best if score > best else 0
                self._share(self._take(player, difference * multiplier * per_winner), in_order)
            if shut:
                self._share(self.pot, in_order)
                self.pot = 0
        for player in order:
            self.anted[player] = 0

    def total(self):
        """Every chip in play: the players' and the pot's (never changes)."""
        return sum(self.chips) + self.pot
