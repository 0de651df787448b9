"""A round: each player takes one turn on the box; lowest score wins, shutting the box wins
at once and the remaining players do not play."""

from game.turn import END_FIRST_ROLL_LOST, END_SHUT, OVER, Turn


def round_winners(players, scores, lost):
    """The lowest scores among `players` who threw (ties share), first-roll losses only if all lost."""
    threw = [player for player in players if scores[player] is not None]
    contenders = [player for player in threw if not lost[player]] or threw
    best = min(scores[player] for player in contenders)
    return [player for player in contenders if scores[player] == best]


class Round:
    """Players 0..players-1 take turns in order from `first`; one Turn object is reused."""

    SAVED = (("current", "current", "i", "players"), ("played", "turns_played", "u", "players"),
             ("turn", "turn", "t", ""), ("scores", "scores", "S", ""), ("lost", "lost", "B", ""),
             ("shut_by", "shut_by", "s", "players"), ("over", "over", "b", ""))

    def __init__(self, rules, players, first=0, table=None):
        if players < 1:
            raise ValueError("a round needs at least one player")
        self.rules = rules
        self.players = players
        self.first = first
        self.current = first
        self.turns_played = 0
        self.scores: list = [None] * players
        self.lost = bytearray(players)
        self.shut_by = -1
        self.over = False
        self.turn = Turn(rules, table)

    def end_turn(self):
        """Record the finished turn and pass the box on. Returns True when the round is over."""
        turn = self.turn
        if self.over or turn.state != OVER:
            return self.over
        player = self.current
        self.scores[player] = turn.score()
        if turn.ended == END_FIRST_ROLL_LOST:
            self.lost[player] = 1
        self.turns_played += 1
        if turn.ended == END_SHUT:
            self.shut_by = player
            self.over = True
        elif self.turns_played == self.players:
            self.over = True
        else:
            self.current = (player + 1) % self.players
            turn.start()
        return self.over

    def winners(self):
        """The winning players: the one who shut the box, else the lowest score (ties share)."""
        if not self.over:
            return []
        if self.shut_by >= 0:
            return [self.shut_by]
        return round_winners(range(self.players), self.scores, self.lost)
