"""A round on a box with several flap rows where everyone throws at once (003, 4-player boxes).

Each row has its own Turn, fed by its own dice; player p plays row p. The round ends when every
row's turn is over. In a single round a shut box ends it at once: that player wins and the other
rows stop where they are, scoring the tiles they still have open. With `play_out` (the formats
that add up every round's scores) the other rows play on. Imported only when such a match
starts (game.match).
"""

from game.match import round_winners
from game.turn import END_FIRST_ROLL_LOST, END_SHUT, OVER, Turn


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
