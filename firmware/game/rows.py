"""A match on a box with several flap rows where everyone throws at once (003, 4-player boxes):
RowsMatch, a round format of game.rounds (RoundMatch) played in SimultaneousRounds.

Each row has its own Turn, fed by its own dice; player p plays row p. The round ends when every
row's turn is over. In a single round a shut box ends it at once: that player wins and the other
rows stop where they are, scoring the tiles they still have open. With `play_out` (the formats
that add up every round's scores) the other rows play on. Imported only when such a match
starts (game.match.start_match).
"""

from micropython import const

from game.rounds import RoundMatch, round_winners
from game.turn import END_FIRST_ROLL_LOST, END_SHUT, OVER, Turn

_MATCH_SINGLE = const(0)  # game.rules' (a copy: see there)
_TYPE_CHECKING = const(0)  # a const: mpy-cross leaves out what it guards (and stores no name)


class RowsMatch(RoundMatch):
    """Single round, fixed rounds, tournament or maximum penalty with everyone throwing at once,
    each on their own row: nobody plays alone, so current, row and turn stay -1, -1, None."""

    if _TYPE_CHECKING:
        round: "SimultaneousRound | None"  # its rounds (RoundMatch's are game.rounds' Round)

    def __init__(self, rules, players, first=0, table=None, ledger=None):
        if players > rules.rows:
            raise ValueError("everyone throws at once on their own row: %d players, %d rows"
                             % (players, rules.rows))
        RoundMatch.__init__(self, rules, players, first, table, ledger)

    def _start_leg(self, seats):
        """Every row throws in the one round: no legs."""
        self.deal()

    def deal(self):
        """A new SimultaneousRound for `order`; also how game.snapshot_load rebuilds it."""
        rules = self.rules
        self.round = SimultaneousRound(rules, rules.rows, self.order, self.table, rules.match != _MATCH_SINGLE)

    def _show_current(self):
        pass

    def turn_on(self, row):
        """The Turn being played on a flap row now, or None."""
        if self.over:
            return None
        return self.round.turns[row]

    def end_turn(self, row=-1):
        """Record the finished turn of `row`. True when the match is over."""
        if self.over:
            return True
        round_ = self.round
        if round_.end_turn(row):
            for player in self.order:
                self.scores[player] = round_.scores[player]
                self.lost[player] = round_.lost[player]
            self._finish_round()
        return self.over


class SimultaneousRound:
    """One Turn per playing row; rows not in `playing` sit the round out (their Turn is None)."""

    SAVED = (("turns", "turns", "T", ""), ("finished", "finished", "u", "playing"),
             ("scores", "scores", "S", ""), ("lost", "lost", "B", ""),
             ("shut_by", "shut_by", "s", "turns"), ("over", "over", "b", ""))

    def __init__(self, rules, rows, playing, table, play_out=False):
        self.rules = rules
        self.playing = playing
        self.play_out = play_out
        self.turns: list = [None] * rows
        for row in playing:
            self.turns[row] = Turn(rules, table)
        self.scores: list = [None] * rows
        self.lost = bytearray(rows)
        self.finished = 0
        self.shut_by = -1
        self.over = False

    def end_turn(self, row):
        """Record the finished turn of a row. Returns True when the round is over."""
        turn = self.turns[row]
        if self.over or turn is None or turn.state != OVER or self.scores[row] is not None:
            return self.over
        self.scores[row] = turn.score()
        if turn.ended == END_FIRST_ROLL_LOST:
            self.lost[row] = 1
        self.finished += 1
        if turn.ended == END_SHUT and not self.play_out:
            self.shut_by = row
            self.over = True
            for other in self.playing:
                if self.scores[other] is None:
                    self.scores[other] = self.turns[other].score()
        elif self.finished == len(self.playing):
            self.over = True
        return self.over

    def winners(self):
        """The lowest scores (a shut box scores 0); ties share; empty while playing."""
        if not self.over:
            return []
        return round_winners(self.playing, self.scores, self.lost)
