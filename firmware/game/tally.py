"""The match in progress counted for the lifetime statistics (game.stats merges it once the
match is over): the only part of them a box holds in play.

A MatchTally travels in the match snapshot (game.snapshot), so a power cut loses none of it;
its serial number makes a merge repeated after a power cut count once. Counters stop at
COUNT_MAX (2**30 - 1, the largest small integer on a 32-bit port), so adding never allocates;
a score above it is not kept as a best.
"""

from micropython import const

COUNT_MAX = const(0x3FFFFFFF)


def add(count, more):
    """count + more, stopping at COUNT_MAX."""
    total = count + more
    return total if total < COUNT_MAX else COUNT_MAX


def lower(best, value):
    """The new best (lowest) of `best` (-1: none yet) and `value`."""
    if 0 <= value <= COUNT_MAX and (best < 0 or value < best):
        return value
    return best


class MatchTally:
    """The turns of the match in progress: how many, how many shut the box, the best score;
    `serial` numbers the match (one above the last match merged into the statistics)."""

    def __init__(self, serial=0):
        self.serial = serial
        self.turns = 0
        self.shut = 0
        self.best_score = -1

    def add_turn(self, turn):
        """Count a finished Turn (call it when the app calls match.end_turn())."""
        self.turns = add(self.turns, 1)
        if turn.shut_the_box():
            self.shut = add(self.shut, 1)
        self.best_score = lower(self.best_score, turn.score())

    def as_list(self):
        return [self.serial, self.turns, self.shut, self.best_score]

    def load(self, values):
        """Set from `as_list()` values (checked by the caller)."""
        self.serial, self.turns, self.shut, self.best_score = values
