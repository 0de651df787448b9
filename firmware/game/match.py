"""Match formats built from rounds (VARIANTS.md section 6), and `start_match` for every format.

single round · fixed number of rounds (penalties summed) · tournament (rounds until someone's
total reaches rules.target; lowest total wins) · maximum penalty (a player whose total reaches
rules.max_penalty, or exceeds it with rules.drop_on_exceed, drops out; the last one standing
wins; if the last players all drop out in the same round, the lowest total among them wins).
Ties share the win. The first player moves one seat on each round.

A shut box wins a single round at once: the players after do not throw. The formats that add
up every round's score (002: "each player's score for the round is added") have everyone
throw every round: a shut box scores 0, and the players who had not thrown yet play on in a
follow-on Round.
"""

from game.match_base import BaseMatch
from game.round import Round, round_winners
from game.rules import (
    MATCH_FIXED_ROUNDS,
    MATCH_LONG_GAME,
    MATCH_MAX_PENALTY,
    MATCH_RACE,
    MATCH_SINGLE,
    MATCH_TOURNAMENT,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from game.rows import SimultaneousRound


def start_match(rules, players, first=0, table=None, ledger=None):
    """A new match of `rules.match` for players 0..players-1; `first` throws first.

    Pass the `ledger` of a previous match to carry the chips over. A format's own module is
    imported only when a match of it starts.
    """
    if rules.match == MATCH_RACE:
        from game.race import Race

        return Race(rules, players, first, table, ledger)
    if rules.match == MATCH_LONG_GAME:
        from game.long_game import LongGame

        return LongGame(rules, players, first, table, ledger)
    return RoundMatch(rules, players, first, table, ledger)


def lowest(totals, players):
    """The players among `players` with the lowest total."""
    best = min(totals[player] for player in players)
    return [player for player in players if totals[player] == best]


class RoundMatch(BaseMatch):
    """Single round, fixed rounds, tournament or maximum penalty, on one row or several."""

    SAVED = BaseMatch.SAVED + (
        ("order", "order", "O", "players"), ("seats", "seats", "P", "players"),
        ("scores", "scores", "S", ""), ("lost", "lost", "B", ""), ("last", "last_scores", "S", ""),
        ("last_winners", "last_winners", "P", "players"), ("round", "round", "d", ""))

    def __init__(self, rules, players, first=0, table=None, ledger=None):
        BaseMatch.__init__(self, rules, players, first, table, ledger)
        if rules.match == MATCH_MAX_PENALTY and players < 2:
            raise ValueError("max-penalty is last one standing: it needs 2 or more players")
        if self.simultaneous and players > rules.rows:
            raise ValueError("everyone throws at once on their own row: %d players, %d rows"
                             % (players, rules.rows))
        self.order = []
        self.seats = []
        self.round: "Round | SimultaneousRound | None" = None
        self.scores: list = [None] * players  # this round's, None until the player has thrown
        self.lost = bytearray(players)
        self.last_scores: list = [None] * players  # the last finished round's
        self.last_winners = []
        self._start_round()

    def _start_round(self):
        players = self.players
        while self.dropped[self.first]:
            self.first = (self.first + 1) % players
        self.order = [(self.first + step) % players for step in range(players)
                      if not self.dropped[(self.first + step) % players]]
        for player in range(players):
            self.scores[player] = None
            self.lost[player] = 0
        if self.simultaneous:
            self.deal()
        else:
            self._start_leg(self.order)
        if self.ledger is not None:
            self.ledger.ante(self.order)
        self._show_current()

    def _start_leg(self, seats):
        """A Round for these players in this order (all of them, or those yet to throw)."""
        self.seats = seats
        self.deal()

    def deal(self):
        """A new Round for `seats` (everyone at once: for `order`); also how game.snapshot_load
        rebuilds the saved round. ValueError for a round without players."""
        rules = self.rules
        if self.simultaneous:
            from game.rows import SimultaneousRound

            self.round = SimultaneousRound(rules, rules.rows, self.order, self.table, rules.match != MATCH_SINGLE)
        else:
            self.round = Round(rules, len(self.seats), table=self.table)

    def _show_current(self):
        if self.over or self.simultaneous:
            return
        self.current = self.seats[self.round.current]  # pyright: ignore[reportAttributeAccessIssue]
        self.row = self.current % self.rules.rows
        self.turn = self.round.turn  # pyright: ignore[reportAttributeAccessIssue]

    def turn_on(self, row):
        """The Turn being played on a flap row now, or None."""
        if self.over:
            return None
        if self.simultaneous:
            return self.round.turns[row]  # pyright: ignore[reportAttributeAccessIssue]
        return self.turn if row == self.row else None

    def end_turn(self, row=-1):
        """Record a finished turn (of `row` when everyone throws at once). True when it is over."""
        if self.over:
            return True
        if self.simultaneous:
            if self.round.end_turn(row):  # pyright: ignore[reportCallIssue]
                for player in self.order:
                    self.scores[player] = self.round.scores[player]
                    self.lost[player] = self.round.lost[player]
                self._finish_round()
        elif self.round.end_turn():  # pyright: ignore[reportCallIssue]
            for seat, player in enumerate(self.seats):
                self.scores[player] = self.round.scores[seat]
                self.lost[player] = self.round.lost[seat]
            waiting = [player for player in self.seats if self.scores[player] is None]
            if waiting and self.rules.match != MATCH_SINGLE:
                self._start_leg(waiting)
            else:
                self._finish_round()
        self._show_current()
        return self.over

    def _finish_round(self):
        rules = self.rules
        scores = self.scores
        self.last_scores[:] = scores
        winners = round_winners(self.order, scores, self.lost)
        for player in self.order:
            if scores[player] is not None:
                self.totals[player] += scores[player]
        for player in winners:
            self.round_wins[player] += 1
        self.last_winners = winners
        self.rounds_played += 1
        if self.ledger is not None:
            self.ledger.settle(self.order, scores, winners, scores[winners[0]] == 0)

        everyone = range(self.players)
        if rules.match == MATCH_SINGLE:
            self._finish(winners)
        elif rules.match == MATCH_FIXED_ROUNDS:
            if self.rounds_played >= rules.rounds:
                self._finish(lowest(self.totals, everyone))
        elif rules.match == MATCH_TOURNAMENT:
            if max(self.totals) >= rules.target:
                self._finish(lowest(self.totals, everyone))
        elif rules.match == MATCH_MAX_PENALTY:
            self._drop_out()
        if not self.over:
            self.first = (self.first + 1) % self.players
            self._start_round()

    def _drop_out(self):
        rules = self.rules
        leaving = []
        for player in self.order:
            total = self.totals[player]
            if total > rules.max_penalty or (total == rules.max_penalty and not rules.drop_on_exceed):
                leaving.append(player)
                self.dropped[player] = 1
        standing = [player for player in self.order if not self.dropped[player]]
        if len(standing) == 1:
            self._finish(standing)
        elif not standing:
            self._finish(lowest(self.totals, leaving))
