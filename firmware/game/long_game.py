"""The long game for two (003): the first player shuts tiles; the second takes the board as
left and uncovers the covered tiles by the same rules (their "open" tiles are the covered ones).
The player who shuts the whole box, or uncovers it, wins.

When a turn ends without that, play goes on alternating from the board as left: the shutter
shuts what is up, the uncoverer uncovers what is covered. A player with nothing to do (the
whole box up before the uncoverer's turn) passes, and the other throws again. A double thrown
and not playable gives another throw when rules.double_rethrow (the long-game preset sets it).
"""

from game.rounds import BaseMatch, saved_fields
from game.turn import END_SHUT, OVER, Turn


class LongGame(BaseMatch):
    """Two players on one row; `up_mask` is the board: the tiles up."""

    SAVED = saved_fields("BASE_MATCH") + (("up", "up_mask", "u", "all_tiles"), ("turn", "turn", "t", ""))

    def __init__(self, rules, players=2, first=0, table=None, ledger=None):
        BaseMatch.__init__(self, rules, players, first, table, ledger)
        if players != 2:
            raise ValueError("the long game is for two players, not %d" % players)
        self.shutter = first
        self.all_tiles = rules.all_tiles()
        self.up_mask = rules.start_mask()
        self.turn = Turn(rules, self.table, self._target(first))
        self.current = first
        self.row = 0
        self._update_totals()
        if self.ledger is not None:
            self.ledger.ante((first, 1 - first))

    def _target(self, player):
        """The tiles a player works on: up for the shutter, covered for the uncoverer."""
        if player == self.shutter:
            return self.up_mask
        return self.all_tiles & ~self.up_mask

    def _update_totals(self):
        for player in (0, 1):
            self.totals[player] = self.rules.score(self._target(player))

    def uncovering(self):
        """Is the player now the uncoverer (whose "open" tiles are the covered ones)?"""
        return self.current != self.shutter

    def turn_on(self, row):
        """The Turn being played on a flap row now, or None."""
        return self.turn if row == 0 and not self.over else None

    def end_turn(self, row=-1):
        """Record the finished turn and pass the board on. True when the match is over."""
        turn = self.turn
        if self.over or turn.state != OVER:
            return self.over
        player = self.current
        if player == self.shutter:
            self.up_mask = turn.open_mask
        else:
            self.up_mask = self.all_tiles & ~turn.open_mask
        self._update_totals()
        if turn.ended == END_SHUT:
            self.round_wins[player] += 1
            if self.ledger is not None:
                self.ledger.settle((self.shutter, 1 - self.shutter), self.totals, [player], True)
            self._finish([player])
            return True
        other = 1 - player
        if self._target(other):
            self.current = other
        if self.current == self.shutter:
            self.rounds_played += 1
        turn.start(self._target(self.current))
        return False
