"""What every match format is built from (VARIANTS.md section 6): BaseMatch (the standings and
the play-now attributes), a round of turns taken in order (Round) and RoundMatch, the formats
played in such rounds: single round, fixed rounds, tournament and maximum penalty. game.match
(start_match) and the other formats' modules build on it; it imports none of them but maximum
penalty's drop-outs (game.max_penalty), when a round of it ends.

A round: each player takes one turn on the box; lowest score wins, shutting the box wins at
once and the remaining players do not play. The formats that add up every round's score
(002: "each player's score for the round is added") have everyone throw every round: a shut
box scores 0, and the players who had not thrown yet play on in a follow-on Round.

`SAVED` declares what game.snapshot keeps of a match or a round (each format adds its own
fields): (key in the snapshot, attribute, kind, the attribute holding its size), the kinds as
game.snapshot lists them. Those of the classes here are game.match_saved's, read only when a
match is saved or restored (`saved_fields`).
"""

from micropython import const

from game.tables import table_for
from game.turn import Turn

_MATCH_FIXED_ROUNDS = const(1)  # game.rules' (a copy: see there)
_MATCH_MAX_PENALTY = const(3)
_MATCH_SINGLE = const(0)
_MATCH_TOURNAMENT = const(2)
_ROWS_SIMULTANEOUS = const(1)
_STAKES_NONE = const(0)
_OVER = const(2)  # game.turn's (copies: a name imported costs a stored name)
_END_SHUT = const(1)
_END_FIRST_ROLL_LOST = const(4)


def saved_fields(name):
    """game.match_saved's declaration `name` (what game.snapshot keeps of a class here), read
    from the module, which is let go at once (play holds none of it) unless it was loaded
    before (a save in slices, app.keeper_jobs, imports it for the match's and the round's).
    Its imports are its own: names fewer in this module's globals, which stay in the heap."""
    import sys

    kept = "game.match_saved" in sys.modules
    from game import forget, match_saved

    if not kept:
        forget("game.match_saved")
    return getattr(match_saved, name)


def lowest(totals, players):
    """The players among `players` with the lowest total."""
    found = []
    for player in players:  # loops, not comprehensions: each of those is a function of its own
        if not found or totals[player] < totals[found[0]]:
            found = [player]
        elif totals[player] == totals[found[0]]:
            found.append(player)
    return found


class BaseMatch:
    """Standings and the play-now attributes; subclasses run the format."""

    def __init__(self, rules, players, first, table, ledger):
        if players < 1:
            raise ValueError("a match needs at least one player")
        if first < 0 or first >= players:
            raise ValueError("the first player must be 0..%d, not %d" % (players - 1, first))
        self.rules = rules
        self.players = players
        self.first = first
        self.table = table if table is not None else table_for(rules)
        self.simultaneous = rules.rows_mode == _ROWS_SIMULTANEOUS
        self.totals = [0] * players
        self.dropped = bytearray(players)
        self.rounds_played = 0
        self.round_wins = [0] * players
        self.over = False
        self.final_winners = []
        self.current = -1
        self.row = -1
        self.turn = None
        if ledger is None and rules.stakes != _STAKES_NONE:
            from game.stakes import Ledger  # only a match played for chips loads the stakes

            ledger = Ledger(rules, players)
        self.ledger = ledger

    def _finish(self, winners):
        self.over = True
        self.final_winners = winners
        self.current = -1
        self.row = -1
        self.turn = None

    def _show_current(self):
        """Set current, row and turn from the format's own state (the long game keeps them)."""

    def uncovering(self):
        """Is the player now the long game's uncoverer (whose "open" tiles are the covered)?"""
        return False

    def winners(self):
        """The players who won the match (several when they share it); empty while playing."""
        return list(self.final_winners)


def round_winners(players, scores, lost):
    """The lowest scores among `players` who threw (ties share), first-roll losses only if all lost."""
    found = []
    for player in players:  # the least (first roll lost, score): a loss ranks below any score
        score = scores[player]
        if score is None:
            continue
        if not found or (lost[player], score) < (lost[found[0]], scores[found[0]]):
            found = [player]
        elif lost[player] == lost[found[0]] and score == scores[found[0]]:
            found.append(player)
    return found


class Round:
    """Players (seats) 0..players-1 take one turn each in order; one Turn object is reused."""

    @property
    def SAVED(self):  # what game.snapshot keeps: read only to save or restore
        return saved_fields("ROUND")

    def __init__(self, rules, players, table=None):
        if players < 1:
            raise ValueError("a round needs at least one player")
        self.rules = rules
        self.players = players
        self.current = 0
        self.turns_played = 0
        self.scores: list = [None] * players
        self.lost = bytearray(players)
        self.shut_by = -1
        self.over = False
        self.turn = Turn(rules, table)

    def end_turn(self):
        """Record the finished turn and pass the box on. Returns True when the round is over."""
        turn = self.turn
        if self.over or turn.state != _OVER:
            return self.over
        player = self.current
        self.scores[player] = turn.score()
        if turn.ended == _END_FIRST_ROLL_LOST:
            self.lost[player] = 1
        self.turns_played += 1
        if turn.ended == _END_SHUT:
            self.shut_by = player
            self.over = True
        elif self.turns_played == self.players:
            self.over = True
        else:
            self.current = (player + 1) % self.players
            turn.start()
        return self.over


class RoundMatch(BaseMatch):
    """Single round, fixed rounds, tournament or maximum penalty, players taking turns (on one
    row or several); everyone at once on their own row is game.rows' RowsMatch."""

    @property
    def SAVED(self):  # what game.snapshot keeps: read only to save or restore
        return saved_fields("ROUND_MATCH")

    def __init__(self, rules, players, first=0, table=None, ledger=None):
        BaseMatch.__init__(self, rules, players, first, table, ledger)
        if rules.match == _MATCH_MAX_PENALTY and players < 2:
            raise ValueError("max-penalty is last one standing: it needs 2 or more players")
        self.order = []
        self.seats = []
        self.round: "Round | None" = None  # (game.rows' RowsMatch: a SimultaneousRound)
        self.scores: list = [None] * players  # this round's, None until the player has thrown
        self.lost = bytearray(players)
        self.last_scores: list = [None] * players  # the last finished round's
        self.last_winners = []
        self._start_round()

    def _start_round(self):
        players = self.players
        while self.dropped[self.first]:
            self.first = (self.first + 1) % players
        order = []
        for step in range(players):
            player = (self.first + step) % players
            if not self.dropped[player]:
                order.append(player)
        self.order = order
        for player in range(players):
            self.scores[player] = None
            self.lost[player] = 0
        self._start_leg(self.order)
        if self.ledger is not None:
            self.ledger.ante(self.order)
        self._show_current()

    def _start_leg(self, seats):
        """A Round for these players in this order (all of them, or those yet to throw)."""
        self.seats = seats
        self.deal()

    def deal(self):
        """A new Round for `seats`; also how game.snapshot_load rebuilds the saved round.
        ValueError for a round without players."""
        self.round = Round(self.rules, len(self.seats), table=self.table)

    def _show_current(self):
        if self.over:
            return
        self.current = self.seats[self.round.current]
        self.row = self.current % self.rules.rows
        self.turn = self.round.turn

    def turn_on(self, row):
        """The Turn being played on a flap row now, or None."""
        if self.over:
            return None
        return self.turn if row == self.row else None

    def end_turn(self, row=-1):
        """Record a finished turn (the row is RowsMatch's). True when the match is over."""
        if self.over:
            return True
        if self.round.end_turn():
            for seat, player in enumerate(self.seats):
                self.scores[player] = self.round.scores[seat]
                self.lost[player] = self.round.lost[seat]
            waiting = []
            for player in self.seats:
                if self.scores[player] is None:
                    waiting.append(player)
            if waiting and self.rules.match != _MATCH_SINGLE:
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
        if rules.match == _MATCH_SINGLE:
            self._finish(winners)
        elif rules.match == _MATCH_FIXED_ROUNDS:
            if self.rounds_played >= rules.rounds:
                self._finish(lowest(self.totals, everyone))
        elif rules.match == _MATCH_TOURNAMENT:
            if max(self.totals) >= rules.target:
                self._finish(lowest(self.totals, everyone))
        elif rules.match == _MATCH_MAX_PENALTY:
            from game.max_penalty import drop_out  # a max-penalty match's only

            tied = drop_out(self)
            if tied:  # the last players all dropped out in this round
                self._finish(lowest(self.totals, tied))
        if not self.over:
            self.first = (self.first + 1) % self.players
            self._start_round()
