"""The young players' race (002): each player keeps their own row of flaps from turn to turn,
and the first to shut their whole row wins. Players take turns, or (rows_mode simultaneous)
all throw at once; then a round ends when every row's turn is over.

Player p plays row p; `totals` holds the score of what each row still has open.
"""

from game.rounds import BaseMatch, saved_fields
from game.turn import END_SHUT, OVER, Turn


class Race(BaseMatch):
    """One Turn per player, restarted each turn from the tiles that row still has open."""

    SAVED = saved_fields("BASE_MATCH") + (
        ("turns", "turns", "T", ""), ("place", "place", "i", "players"), ("waiting", "waiting", "B", ""))

    def __init__(self, rules, players, first=0, table=None, ledger=None):
        BaseMatch.__init__(self, rules, players, first, table, ledger)
        if players > rules.rows:
            raise ValueError("race: each player needs their own row of flaps: %d players, %d rows"
                             % (players, rules.rows))
        self.turns = [Turn(rules, self.table) for _player in range(players)]
        self.order = [(first + step) % players for step in range(players)]
        self.place = 0
        self.waiting = bytearray(players)
        for player in range(players):
            self.totals[player] = self.turns[player].score()
        if self.ledger is not None:
            self.ledger.ante(self.order)
        self._show_current()

    def _show_current(self):
        if self.over or self.simultaneous:
            return
        self.current = self.order[self.place]
        self.row = self.current
        self.turn = self.turns[self.current]

    def turn_on(self, row):
        """The Turn being played on a flap row now, or None."""
        if self.over or row >= self.players:
            return None
        if self.simultaneous:
            return None if self.waiting[row] else self.turns[row]
        return self.turn if row == self.row else None

    def end_turn(self, row=-1):
        """Record a finished turn (of `row` when everyone throws at once). True when it is over."""
        if self.over:
            return True
        player = row if self.simultaneous else self.current
        turn = self.turns[player]
        if turn.state != OVER or self.waiting[player]:
            return False
        self.totals[player] = turn.score()
        if turn.ended == END_SHUT:
            self.round_wins[player] += 1
            if self.ledger is not None:
                self.ledger.settle(self.order, self.totals, [player], True)
            self._finish([player])
            return True
        if self.simultaneous:
            self.waiting[player] = 1
            if sum(self.waiting) == self.players:
                self.rounds_played += 1
                for other in range(self.players):
                    self.waiting[other] = 0
                    self._restart(other)
        else:
            self.place = (self.place + 1) % self.players
            if self.place == 0:
                self.rounds_played += 1
            self._restart(self.order[self.place])
            self._show_current()
        return False

    def _restart(self, player):
        turn = self.turns[player]
        turn.start(turn.open_mask)
