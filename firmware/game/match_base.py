"""What every match format shares: the standings, the winners, the chips, and who plays now.

Attributes the app reads after each `end_turn()`:
    current, row, turn   the player to play, their flap row and the Turn to feed (players
                         taking turns); -1, -1, None when everyone throws at once or it is over
    totals               each player's penalty total (race and long game: what they have left)
    dropped              1 for each player out of the match (maximum penalty)
    rounds_played        complete rounds so far
    round_wins           rounds each player has won
    ledger               the chips (game.stakes.Ledger), or None without stakes

`SAVED` declares what game.snapshot keeps of a match (each format adds its own fields):
(key in the snapshot, attribute, kind, the attribute holding its size), the kinds as
game.snapshot lists them.
"""

from game.rules import ROWS_SIMULTANEOUS, STAKES_NONE
from game.tables import table_for


class BaseMatch:
    """Standings and the play-now attributes; subclasses run the format."""

    SAVED = (("first", "first", "i", "players"), ("totals", "totals", "N", ""),
             ("dropped", "dropped", "B", ""), ("rounds", "rounds_played", "n", ""),
             ("wins", "round_wins", "N", ""), ("over", "over", "b", ""),
             ("winners", "final_winners", "P", "players"), ("current", "current", "s", "players"),
             ("row", "row", "s", "rows"), ("ledger", "ledger", "o", ""))

    def __init__(self, rules, players, first, table, ledger):
        if players < 1:
            raise ValueError("a match needs at least one player")
        if first < 0 or first >= players:
            raise ValueError("the first player must be 0..%d, not %d" % (players - 1, first))
        self.rules = rules
        self.players = players
        self.first = first
        self.table = table if table is not None else table_for(rules)
        self.simultaneous = rules.rows_mode == ROWS_SIMULTANEOUS
        self.totals = [0] * players
        self.dropped = bytearray(players)
        self.rounds_played = 0
        self.round_wins = [0] * players
        self.over = False
        self.final_winners = []
        self.current = -1
        self.row = -1
        self.turn = None
        if ledger is None and rules.stakes != STAKES_NONE:
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

    def restored(self):
        """Once game.snapshot_load has set the saved attributes: the match as it left itself,
        nobody playing if it is over, else current, row and turn as its format has them."""
        if self.over:
            self._finish(self.final_winners)
        else:
            self._show_current()

    def uncovering(self):
        """Is the player now the long game's uncoverer (whose "open" tiles are the covered)?"""
        return False

    def winners(self):
        """The players who won the match (several when they share it); empty while playing."""
        return list(self.final_winners)

    def ranking(self):
        """Players best first: still in before dropped out, then lowest total, then seat."""
        return sorted(range(self.players), key=lambda player: (
            self.dropped[player], self.totals[player], player))
